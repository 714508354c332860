/**
 * One writer at a time for the config dir (settings, credentials file, keychain entries): a lock file
 * `<configDir>/config.lock` created with O_EXCL, holding `{pid, host, since}`, removed when done.
 * A holder keeps it for a read, a keychain call and two writes: well under a second, at most the
 * keychain's own deadline (60 s with an unlock dialog). The lock is stale, and broken
 * (util/filelock.ts, safe against other breakers), when its process is dead on this host, when it is
 * older than {@link ABANDONED_MS} (the pid was reused), or when it is still empty after
 * {@link UNWRITTEN_MS} (its writer died between creating and filling it). Otherwise a waiter gives up
 * after the wait it was given, with an error naming the lock and its holder.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { config as configError } from '../errors.js';
import { breakLock } from '../util/filelock.js';

/** The lock's name in the config dir. */
export const LOCK_FILE = 'config.lock';
/** How long a writer waits for the lock by default, ms. */
export const LOCK_WAIT_MS = 20_000;
/** A lock this old is abandoned whatever its pid says, ms (no holder keeps it a tenth as long). */
export const ABANDONED_MS = 10 * 60_000;
/** A lock with no readable holder after this long was left by a writer that died filling it, ms. */
export const UNWRITTEN_MS = 2000;

interface Holder {
  readonly pid: number;
  readonly host: string;
  /** ms */
  readonly since: number;
  readonly token: string;
}

export interface LockOptions {
  /** How long to wait for the lock, ms. */
  readonly waitMs?: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

function parse(text: string): Holder | undefined {
  try {
    const h = JSON.parse(text) as Partial<Holder>;
    if (Number.isInteger(h.pid) && typeof h.host === 'string' && Number.isFinite(h.since) && typeof h.token === 'string') return h as Holder;
  } catch {
    // being written, or damaged
  }
  return undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** True when the lock with this text and mtime is left over by a holder that is gone. */
export function isStale(text: string, mtimeMs: number, now: number): boolean {
  const h = parse(text);
  if (!h) return now - mtimeMs > UNWRITTEN_MS;
  if (now - h.since > ABANDONED_MS) return true;
  // A process on another host (a shared home) cannot be looked at: it is waited for.
  return h.host === hostname() && !alive(h.pid);
}

function describe(path: string): string {
  let h: Holder | undefined;
  try {
    h = parse(readFileSync(path, 'utf8'));
  } catch {
    return '';
  }
  return h ? ` by process ${h.pid}${h.host === hostname() ? '' : ` on ${h.host}`} since ${new Date(h.since).toISOString()}` : '';
}

/** Creates the lock; the holder's token, or undefined when another holds it. */
function tryCreate(path: string, now: number): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw configError(`cannot create the lock ${path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  const token = randomBytes(8).toString('hex');
  try {
    writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: now, token }));
  } finally {
    closeSync(fd);
  }
  return token;
}

/** Removes the lock if it is still ours (a lock judged abandoned may have been broken meanwhile). */
function release(path: string, token: string): void {
  try {
    if (parse(readFileSync(path, 'utf8'))?.token === token) rmSync(path, { force: true });
  } catch {
    // already gone
  }
}

/**
 * Runs `fn` holding the config lock of `dir` (which must exist) and returns what it returns. Waits
 * for another holder up to `waitMs`, then fails with a config error (exit 5) naming the lock.
 */
export async function withConfigLock<T>(dir: string, fn: () => Promise<T> | T, o: LockOptions = {}): Promise<T> {
  const path = join(dir, LOCK_FILE);
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadline = now() + (o.waitMs ?? LOCK_WAIT_MS);
  let token: string | undefined;
  for (let pause = 5; !(token = tryCreate(path, now())); pause = Math.min(pause * 2, 100)) {
    if (breakLock(path, (text, mtimeMs) => isStale(text, mtimeMs, now()))) continue;
    if (now() >= deadline) {
      throw configError(`the settings are being changed by another bm: ${path} is held${describe(path)}`, `try again when it is done; if no bm is running, remove ${path}`);
    }
    // Jitter: waiters that started together do not retry together.
    await sleep(pause / 2 + Math.random() * pause);
  }
  // A process that exits while holding (process.exit after an error, Ctrl-C) still lets go.
  const onExit = () => release(path, token!);
  process.once('exit', onExit);
  try {
    return await fn();
  } finally {
    process.off('exit', onExit);
    release(path, token);
  }
}
