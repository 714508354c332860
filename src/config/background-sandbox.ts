/**
 * The background sandbox of the default venue, as the client sees it: found through `server.json`
 * in the state dir, started detached when none answers (said once on stderr), restarted on the
 * port it had when that port is free (so a running `bm watch` reconnects), stopped by `bm sandbox stop`.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BmError, config as configError } from '../errors.js';
import { stateDir, type Env } from '../util/paths.js';
import { modeOf, type SandboxMode } from './sandbox-mode.js';
import { alive } from '../util/holder-lock.js';
import { ownBin } from '../util/own-bin.js';

/** The record of a running background sandbox (`server.json`), with the mode it runs in. */
export interface ServerInfo extends SandboxMode {
  readonly url: string;
  readonly pid: number;
  readonly port: number;
  readonly startedAt: string;
}

/** What starting a sandbox needs of the caller (a venue session, src/core/session.ts). */
export interface SandboxHost {
  readonly env: Env;
  /** One line of chatter on stderr. */
  note(line: string): void;
}

/** The sandbox's folder under the state dir (mode 0700). */
export function sandboxHome(env: Env): string {
  return join(stateDir(env), 'sandbox');
}

export function serverInfoPath(env: Env): string {
  return join(sandboxHome(env), 'server.json');
}

export function statePath(env: Env): string {
  return join(sandboxHome(env), 'state.json');
}

/** Where the port of the last background sandbox is remembered (survives stop and crash). */
function portPath(env: Env): string {
  return join(sandboxHome(env), 'port');
}

function damaged(file: string): BmError {
  return configError(`${file} is damaged (not the record of a running sandbox)`, `remove it (rm ${file}); the next command starts a fresh sandbox`);
}

/** The recorded background sandbox, if any; a damaged record is a config error naming the file. */
export function readServerInfo(env: Env): ServerInfo | undefined {
  const file = serverInfoPath(env);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  let v: Partial<ServerInfo> | null;
  try {
    v = JSON.parse(text) as Partial<ServerInfo> | null;
  } catch {
    throw damaged(file);
  }
  if (!v || typeof v !== 'object' || typeof v.url !== 'string' || !Number.isInteger(v.pid) || !Number.isInteger(v.port)) throw damaged(file);
  return v as ServerInfo;
}

/** True when a process with that pid exists and is not a zombie (util/holder-lock.ts). */
export { alive };

/** The running sandbox's URL, starting one when there is none. */
export async function ensureSandbox(host: SandboxHost): Promise<string> {
  const info = readServerInfo(host.env);
  if (info && alive(info.pid)) return info.url;
  return (await startBackground(host, modeOf(host.env, info))).url;
}

/** Called when the recorded sandbox refused the connection: start a fresh one (on the same port when free). */
export async function restartSandbox(host: SandboxHost): Promise<string> {
  let info: ServerInfo | undefined;
  try {
    info = readServerInfo(host.env);
  } catch {
    info = undefined;
  }
  if (info && alive(info.pid)) {
    try {
      process.kill(info.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  rmSync(serverInfoPath(host.env), { force: true });
  return (await startBackground(host, modeOf(host.env, info))).url;
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
      if (info && alive(info.pid)) return info;
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

function lastPort(env: Env): number {
  try {
    const n = Number(readFileSync(portPath(env), 'utf8').trim());
    return Number.isInteger(n) && n > 0 && n < 65536 ? n : 0;
  } catch {
    return 0;
  }
}

/** The last `error: ` line of the log (its last 16 KiB), without the prefix. */
function lastError(logFile: string): string | undefined {
  try {
    const fd = openSync(logFile, 'r');
    try {
      const buf = Buffer.alloc(16384);
      const n = readSync(fd, buf, 0, buf.length, Math.max(0, fstatSync(fd).size - buf.length));
      return buf.toString('utf8', 0, n).split('\n').reverse().find((l) => l.startsWith('error: '))?.slice('error: '.length);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

async function spawnServer(env: Env, home: string, port: number, mode: SandboxMode): Promise<ServerInfo> {
  const bin = ownBin();
  const { spawn } = await import('node:child_process');
  const logFile = join(home, 'server.log');
  const log = openSync(logFile, 'a', 0o600);
  const args = [bin, 'sandbox', 'serve', '--port', String(port), '--state', statePath(env), ...(mode.limits ? ['--limits', mode.limits] : []), ...(mode.strict ? ['--strict'] : [])];
  const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', 'pipe', log], env: env as NodeJS.ProcessEnv });
  closeSync(log);
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new BmError('network', 'the sandbox did not start within 10 s', { hint: `see ${logFile}` })), 10_000);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      buf += chunk;
      const m = /listening (http:\/\/\S+)/.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      // Exit 5: its state file is damaged, foreign or inconsistent; serve.ts said which, last, in the log.
      const said = code === 5 ? lastError(logFile) : undefined;
      if (code === 5) reject(configError(said ?? `the sandbox state ${statePath(env)} is damaged or not a sandbox state (details in ${logFile})`, 'move it away, or delete it with: bm sandbox reset --yes'));
      else reject(new BmError('network', `the sandbox exited at start (code ${code})`, { hint: `see ${logFile}` }));
    });
  });
  child.stdout!.destroy();
  child.unref();
  return { url, pid: child.pid!, port: Number(new URL(url).port), startedAt: new Date().toISOString(), ...mode };
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
  if (!info || !alive(info.pid)) return false;
  process.kill(info.pid, 'SIGTERM');
  for (let i = 0; i < 50 && alive(info.pid); i++) await sleep(100);
  return true;
}

/** The address of the sandbox already running on this machine, for a caller that never starts one (the library). */
export function runningSandbox(env: Env): string {
  const info = readServerInfo(env);
  if (info && alive(info.pid)) return info.url;
  throw configError('no sandbox exchange is running on this machine', 'start one with: bm sandbox start (or startSandbox() in the program, and its url as baseUrl)');
}
