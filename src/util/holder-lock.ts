/**
 * A lock file naming its holder: created with O_EXCL, holding `{pid, host, since, token}` (since in ms),
 * removed by its holder when done. It is stale, and may be broken (filelock.ts `breakLock`, safe against
 * other breakers), when its process is dead on this host, when it is older than the caller's abandonment
 * age (the pid was reused), or when it is still empty after {@link UNWRITTEN_MS} (its writer died between
 * creating and filling it). Shared by the config lock (profiles/lock.ts) and the batch journal's lock.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/** A lock with no readable holder after this long was left by a writer that died filling it, ms. */
export const UNWRITTEN_MS = 2000;

interface Holder {
  readonly pid: number;
  readonly host: string;
  /** ms */
  readonly since: number;
  readonly token: string;
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

/** True when a process with that pid exists and is not a zombie (killed, and not yet reaped by its parent). */
export function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // Linux: the state letter follows the parenthesised command name.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** True when the lock with this text and mtime (ms) is left by a holder that is gone, or older than `abandonedMs`. */
export function holderGone(text: string, mtimeMs: number, now: number, abandonedMs: number): boolean {
  const h = parse(text);
  if (!h) return now - mtimeMs > UNWRITTEN_MS;
  if (now - h.since > abandonedMs) return true;
  // A process on another host (a shared home) cannot be looked at: it is waited for.
  return h.host === hostname() && !alive(h.pid);
}

/** " by process <pid>[ on <host>] since <ISO time>" for the lock at `path`, or '' when it names no holder. */
export function describeHolder(path: string): string {
  let h: Holder | undefined;
  try {
    h = parse(readFileSync(path, 'utf8'));
  } catch {
    return '';
  }
  return h ? ` by process ${h.pid}${h.host === hostname() ? '' : ` on ${h.host}`} since ${new Date(h.since).toISOString()}` : '';
}

/** Creates the lock at `now` (ms); the holder's token, or undefined when another holds it. Other file errors are thrown. */
export function createHeld(path: string, now: number): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw err;
  }
  const token = randomBytes(8).toString('hex');
  try {
    writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: now, token }));
  } finally {
    closeSync(fd);
  }
  return token;
}

/** Removes the lock if it is still the holder's with `token` (a lock judged abandoned may have been broken meanwhile). */
export function releaseHeld(path: string, token: string): void {
  try {
    if (parse(readFileSync(path, 'utf8'))?.token === token) rmSync(path, { force: true });
  } catch {
    // already gone
  }
}
