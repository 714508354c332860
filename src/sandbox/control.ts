/**
 * The background sandbox of the default venue: found through `server.json` in the state dir,
 * started detached when none answers (said once on stderr), stopped by `bm sandbox stop`.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from '../context.js';
import { stateDir, type Env } from '../config/paths.js';
import { BmError } from '../errors.js';

export interface ServerInfo {
  readonly url: string;
  readonly pid: number;
  readonly port: number;
  readonly startedAt: string;
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

export function readServerInfo(env: Env): ServerInfo | undefined {
  try {
    return JSON.parse(readFileSync(serverInfoPath(env), 'utf8')) as ServerInfo;
  } catch {
    return undefined;
  }
}

/** True when a process with that pid exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running sandbox's URL, starting one when there is none. */
export async function ensureSandbox(ctx: Context): Promise<string> {
  const info = readServerInfo(ctx.env);
  if (info && alive(info.pid)) return info.url;
  return (await startBackground(ctx)).url;
}

/** Called when the recorded sandbox refused the connection: start a fresh one. */
export async function restartSandbox(ctx: Context): Promise<string> {
  const info = readServerInfo(ctx.env);
  if (info && alive(info.pid)) {
    try {
      process.kill(info.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  rmSync(serverInfoPath(ctx.env), { force: true });
  return (await startBackground(ctx)).url;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts `bm sandbox serve` detached, waits for its `listening` line, records it. One starter at a time. */
export async function startBackground(ctx: Context): Promise<ServerInfo> {
  const home = sandboxHome(ctx.env);
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const lock = join(home, 'start.lock');
  let fd: number | undefined;
  for (let i = 0; fd === undefined; i++) {
    try {
      fd = openSync(lock, 'wx', 0o600);
    } catch {
      // Another bm is starting it: wait for its result, or take over a stale lock.
      const info = readServerInfo(ctx.env);
      if (info && alive(info.pid)) return info;
      if (i > 100 || Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 15_000) rmSync(lock, { force: true });
      await sleep(100);
    }
  }
  try {
    const info = await spawnServer(ctx, home);
    writeFileSync(serverInfoPath(ctx.env), `${JSON.stringify(info)}\n`, { mode: 0o600 });
    ctx.note(`bm: started the sandbox exchange at ${info.url} (state in ${home}; stop it with: bm sandbox stop)`);
    return info;
  } finally {
    closeSync(fd);
    rmSync(lock, { force: true });
  }
}

async function spawnServer(ctx: Context, home: string): Promise<ServerInfo> {
  const bin = process.argv[1];
  if (!bin) throw new BmError('internal', 'cannot find the bm executable to start the sandbox');
  const { spawn } = await import('node:child_process');
  const log = openSync(join(home, 'server.log'), 'a', 0o600);
  const child = spawn(process.execPath, [bin, 'sandbox', 'serve', '--port', '0', '--state', statePath(ctx.env)], {
    detached: true,
    stdio: ['ignore', 'pipe', log],
    env: { ...process.env, ...ctx.env } as NodeJS.ProcessEnv,
  });
  closeSync(log);
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new BmError('network', 'the sandbox did not start within 10 s', { hint: `see ${join(home, 'server.log')}` })), 10_000);
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
      reject(new BmError('network', `the sandbox exited at start (code ${code})`, { hint: `see ${join(home, 'server.log')}` }));
    });
  });
  child.stdout!.destroy();
  child.unref();
  return { url, pid: child.pid!, port: Number(new URL(url).port), startedAt: new Date().toISOString() };
}

/** Stops the background sandbox; true when one was running. */
export async function stopBackground(env: Env): Promise<boolean> {
  const info = readServerInfo(env);
  rmSync(serverInfoPath(env), { force: true });
  if (!info || !alive(info.pid)) return false;
  process.kill(info.pid, 'SIGTERM');
  for (let i = 0; i < 50 && alive(info.pid); i++) await sleep(100);
  return true;
}
