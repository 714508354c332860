/**
 * The venue the CLI would use (a profile, BM_* variables, the current profile, the machine's running
 * sandbox), read through the CLI's own {@link Context}. Loaded only when a client names no address,
 * so a bot with an explicit address never reads the profile store or the keychain.
 */
import { EventEmitter } from 'node:events';
import type { Credentials } from '../api/client.js';
import type { Env } from '../config/paths.js';
import { Context } from '../context.js';
import { config as configError } from '../errors.js';
import { IO, type InStream } from '../render/io.js';
import { alive, readServerInfo } from '../config/background-sandbox.js';
import type { LibVenue } from '../core/venue.js';

/** The CLI's context, except that a library never starts a sandbox process of its own. */
class LibContext extends Context {
  override async baseUrl(): Promise<string> {
    if (this.venue.baseUrl) return this.venue.baseUrl;
    const info = readServerInfo(this.env);
    if (info && alive(info.pid)) return info.url;
    throw configError('no sandbox exchange is running on this machine', 'start one with: bm sandbox start (or startSandbox() in the program, and its url as baseUrl)');
  }

  override async refused(): Promise<string | undefined> {
    return undefined;
  }
}

function quietIO(env: Env, note: (line: string) => void): IO {
  const nothing = { write: () => true, isTTY: false };
  // No terminal: nothing is ever asked of a person (a prompt would hang a bot).
  const stdin = Object.assign(new EventEmitter(), { isTTY: false, resume: () => undefined, pause: () => undefined, setEncoding: () => undefined }) as InStream;
  return new IO(nothing, { write: (t: string) => (note(t.replace(/\n$/, '')), true), isTTY: false }, stdin, env, 'never');
}

/** The venue the CLI would use, by profile name (or the CLI's defaults); `creds` overrides its credentials. */
export function cliVenue(opts: { profile?: string; sandbox?: boolean; wsUrl?: string; legacyUrl?: string; service?: string }, env: Env, creds: Credentials | undefined, note: (line: string) => void): LibVenue {
  const ctx = new LibContext(quietIO(env, note), {
    yes: true, quiet: true,
    ...(opts.profile !== undefined ? { profile: opts.profile } : {}),
    ...(opts.sandbox ? { sandbox: true } : {}),
    ...(opts.wsUrl !== undefined ? { wsUrl: opts.wsUrl } : {}),
    ...(opts.legacyUrl !== undefined ? { legacyUrl: opts.legacyUrl } : {}),
    ...(opts.service !== undefined ? { service: opts.service } : {}),
  }, env);
  const venue = ctx.libVenue();
  return creds ? { ...venue, credentials: () => Promise.resolve(creds), renewKey: () => Promise.resolve(false) } : venue;
}
