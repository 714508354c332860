/**
 * The venue the CLI would use (a profile, BM_* variables, the current profile, the machine's running
 * sandbox), read through the core's venue session. Loaded only when a client names no address, so a
 * bot with an explicit address never reads the profile store or the keychain.
 */
import type { Credentials } from '../api/client.js';
import type { Env } from '../util/paths.js';
import { Session } from '../core/usecases/session.js';
import type { LibVenue } from '../core/usecases/venue.js';

/** The venue the CLI would use, by profile name (or the CLI's defaults); `creds` overrides its credentials. */
export function cliVenue(opts: { profile?: string; sandbox?: boolean; wsUrl?: string; legacyUrl?: string; service?: string }, env: Env, creds: Credentials | undefined, note: (line: string) => void): LibVenue {
  // Nothing is ever asked of a person (a prompt would hang a bot). Warnings reach the caller's notes; the
  // session's chatter is silenced, as with --quiet (the client's own calls note what they do).
  const sink = { warn: note, note: () => undefined, canPrompt: false };
  const session = new Session({
    ...(opts.profile !== undefined ? { profile: opts.profile } : {}),
    ...(opts.sandbox ? { sandbox: true } : {}),
    ...(opts.wsUrl !== undefined ? { wsUrl: opts.wsUrl } : {}),
    ...(opts.legacyUrl !== undefined ? { legacyUrl: opts.legacyUrl } : {}),
    ...(opts.service !== undefined ? { service: opts.service } : {}),
  }, env, sink, undefined, false);
  const venue = session.libVenue();
  return creds ? { ...venue, credentials: () => Promise.resolve(creds), renewKey: () => Promise.resolve(false), origin: () => ({ ...session.origin(), account: { from: 'given' } }) } : venue;
}
