/**
 * The background sandbox of the default venue, as the client sees it: found through `server.json`
 * in the state dir, started detached when none answers (said once on stderr), restarted on the
 * port it had when that port is free (so a running `bm watch` reconnects), stopped by `bm sandbox stop`. Its files
 * (the record, the remembered port) are ./sandbox-record.ts; spawning the server is ./sandbox-spawn.ts.
 */
import { closeSync, mkdirSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { config as configError } from '../errors.js';
import type { Env } from '../util/paths.js';
import { modeOf, type SandboxMode } from './sandbox-mode.js';
import { lastPort, portPath, readServerInfo, sandboxHome, sandboxRuns, serverInfoPath, type ServerInfo } from './sandbox-record.js';
import { spawnServer } from './sandbox-spawn.js';

/** What starting a sandbox needs of the caller (a venue session, src/core/session.ts). */
export interface SandboxHost {
  readonly env: Env;
  /** One line of chatter on stderr. */
  note(line: string): void;
}

/** The running sandbox's URL, starting one when there is none. */
export async function ensureSandbox(host: SandboxHost): Promise<string> {
  const info = readServerInfo(host.env);
  if (info && sandboxRuns(info)) return info.url;
  return (await startBackground(host, modeOf(host.env, info))).url;
}

/** The recorded sandbox, or undefined when there is none or its record is damaged (a fresh one replaces it). */
function recordedOrNone(env: Env): ServerInfo | undefined {
  try {
    return readServerInfo(env);
  } catch {
    return undefined;
  }
}

/** Starts a fresh sandbox in place of `info` (in its mode): its URL. */
async function startInstead(host: SandboxHost, info: ServerInfo | undefined): Promise<string> {
  rmSync(serverInfoPath(host.env), { force: true });
  return (await startBackground(host, modeOf(host.env, info))).url;
}

/** Called when the recorded sandbox refused the connection: start a fresh one (on the same port when free). */
export async function restartSandbox(host: SandboxHost): Promise<string> {
  const info = recordedOrNone(host.env);
  if (info && sandboxRuns(info)) {
    try {
      process.kill(info.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  return startInstead(host, info);
}

/**
 * Called when a connection to the recorded sandbox was reset after it was made: a fresh one when its process is
 * gone (killed as the connection was accepted), else undefined (it runs: the reset was something else).
 */
export async function restartIfGone(host: SandboxHost): Promise<string | undefined> {
  const info = recordedOrNone(host.env);
  return info && sandboxRuns(info) ? undefined : startInstead(host, info);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `bm sandbox serve` detached, waits for its `listening` line, records it. One starter at a time.
 * `mode` defaults to what BM_SANDBOX_STRICT asks.
 */
export async function startBackground(host: SandboxHost, mode: SandboxMode = modeOf(host.env, undefined)): Promise<ServerInfo> {
  const home = sandboxHome(host.env);
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const lock = join(home, 'start.lock');
  let fd: number | undefined;
  for (let i = 0; fd === undefined; i++) {
    try {
      fd = openSync(lock, 'wx', 0o600);
    } catch {
      // Another bm is starting it: wait for its result, or take over a stale lock.
      const info = readServerInfo(host.env);
      if (info && sandboxRuns(info)) return info;
      if (i > 100 || Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 15_000) rmSync(lock, { force: true });
      await sleep(100);
    }
  }
  try {
    const preferred = lastPort(host.env);
    let info: ServerInfo;
    try {
      info = await spawnServer(host.env, home, preferred, mode);
    } catch (err) {
      // The remembered port is taken by someone else now: any free one will do.
      if (!preferred) throw err;
      info = await spawnServer(host.env, home, 0, mode);
    }
    writeFileSync(serverInfoPath(host.env), `${JSON.stringify(info)}\n`, { mode: 0o600 });
    writeFileSync(portPath(host.env), `${info.port}\n`, { mode: 0o600 });
    const strict = info.strict ? ', strict: the spec\'s letter' : '';
    host.note(`bm: started the sandbox exchange at ${info.url} (state in ${home}${strict}; stop it with: bm sandbox stop)`);
    return info;
  } finally {
    closeSync(fd);
    rmSync(lock, { force: true });
  }
}


/** Stops the background sandbox; true when one was running. A damaged record is removed. */
export async function stopBackground(env: Env): Promise<boolean> {
  let info: ServerInfo | undefined;
  try {
    info = readServerInfo(env);
  } catch {
    info = undefined;
  }
  rmSync(serverInfoPath(env), { force: true });
  if (!info || !sandboxRuns(info)) return false;
  process.kill(info.pid, 'SIGTERM');
  for (let i = 0; i < 50 && sandboxRuns(info); i++) await sleep(100);
  return true;
}

/** The address of the sandbox already running on this machine, for a caller that never starts one (the library). */
export function runningSandbox(env: Env): string {
  const info = readServerInfo(env);
  if (info && sandboxRuns(info)) return info.url;
  throw configError('no sandbox exchange is running on this machine', 'start one with: bm sandbox start (or startSandbox() in the program, and its url as baseUrl)');
}
