/**
 * A lock file naming its holder: created with O_EXCL, holding `{pid, host, since, token}` (since in ms)
 * and, where the system tells, the holder's process identity (`proc`: when it started and its command
 * line, so a pid reused by another process is told apart), removed by its holder when done. It is stale,
 * and may be broken (filelock.ts `breakLock`, safe against other breakers), when its process is dead on
 * this host or is another process under the same pid, when it is older than the caller's abandonment age
 * (a reused pid where the identity cannot be read), or when it is still empty after {@link UNWRITTEN_MS}
 * (its writer died between creating and filling it). Shared by the config lock (profiles/lock.ts), the
 * batch journal's lock and the conditional orders' journals (whose holder is their runner).
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { processStart, stillRuns, UNWRITTEN_MS } from './alive.js';
import { hostname } from 'node:os';

/** Who holds a lock. */
export interface Holder {
  readonly pid: number;
  readonly host: string;
  /** ms */
  readonly since: number;
  readonly token: string;
  /** The holder process's identity ({@link processIdentity}); absent where the system does not tell. */
  readonly proc?: string;
  /** What the holder does with it (a conditional order's `runner`); absent: nothing said. */
  readonly role?: string;
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

let self: string | undefined;

/**
 * The identity of process `pid` on this machine: a digest of the boot, its start time and its command
 * line (Linux: /proc), so that another process given the same pid later is another identity. Undefined
 * where the system does not tell (then only the pid and the lock's age speak).
 */
export function processIdentity(pid: number): string | undefined {
  if (pid === process.pid && self !== undefined) return self;
  let id: string | undefined;
  try {
    const start = processStart(pid);
    const cmd = readFileSync(`/proc/${pid}/cmdline`);
    id = start === undefined ? undefined : createHash('sha256').update(`${start} `).update(cmd).digest('hex').slice(0, 24);
  } catch {
    id = undefined;
  }
  if (pid === process.pid) self = id;
  return id;
}

/**
 * True when the holder is the live process that took the lock: on this host, alive, and (where its
 * identity was recorded and can be read) the same process, not another under a reused pid.
 */
export function holderLives(h: Holder): boolean {
  return h.host === hostname() && stillRuns(h.pid, h.proc, processIdentity);
}

/** True when the lock with this text and mtime (ms) is left by a holder that is gone, or older than `abandonedMs`. */
export function holderGone(text: string, mtimeMs: number, now: number, abandonedMs: number): boolean {
  const h = parse(text);
  if (!h) return now - mtimeMs > UNWRITTEN_MS;
  if (now - h.since > abandonedMs) return true;
  // A process on another host (a shared home) cannot be looked at: it is waited for.
  return h.host === hostname() && !holderLives(h);
}

/** The holder the lock at `path` names, or undefined (none, or being written). */
export function readHolder(path: string): Holder | undefined {
  try {
    return parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
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

/** Creates the lock at `now` (ms), for `role`; the holder's token, or undefined when another holds it. Other file errors are thrown. */
export function createHeld(path: string, now: number, role?: string): string | undefined {
  // Everything the lock says is made before it exists: the time it stands empty (which others may take for
  // a writer that died) is one write long, however slow the machine.
  const token = randomBytes(8).toString('hex');
  const proc = processIdentity(process.pid);
  const text = JSON.stringify({ pid: process.pid, host: hostname(), since: now, token, ...(proc ? { proc } : {}), ...(role ? { role } : {}) });
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw err;
  }
  try {
    writeSync(fd, text);
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
