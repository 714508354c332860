/**
 * A lock file for short critical sections shared between processes: created with O_EXCL, holding
 * `pid time`, removed when done. Holders keep it for well under a millisecond, but a loaded machine may
 * stop a holder for a while: a lock is broken when its holder is dead (kill -9 while holding it), when it
 * is older than {@link STALE_LOCK_MS} (the pid reused, or a holder that hangs), or when it is still empty
 * after {@link UNWRITTEN_MS} (its writer died between creating and filling it). The lock is broken by
 * {@link breakLock}, which other lock files with their own rule of staleness share.
 */
import { closeSync, fstatSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { alive, UNWRITTEN_MS } from './alive.js';

/** Age (ms) beyond which a lock is presumed abandoned even though a process of its holder's pid lives. */
export const STALE_LOCK_MS = 10_000;

let breaks = 0;

/**
 * Runs `fn` holding the lock `path` and returns `{ value }`; returns undefined without running it when
 * another process holds the lock right now (try again shortly). Throws on other file errors.
 */
export function tryLocked<T>(path: string, fn: () => T, now: () => number = Date.now): { value: T } | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      return tryLocked(path, fn, now);
    }
    if (code !== 'EEXIST') throw err;
    breakIfStale(path, now());
    return undefined;
  }
  try {
    writeSync(fd, `${process.pid} ${now()}`);
  } finally {
    closeSync(fd);
  }
  try {
    return { value: fn() };
  } finally {
    release(path);
  }
}

/** Removes a lock file held here; one broken meanwhile (this holder stopped past {@link STALE_LOCK_MS}) is gone already. */
function release(path: string): void {
  try {
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

function breakIfStale(path: string, now: number): void {
  breakLock(path, (text, mtimeMs) => {
    const [pid, since] = text.split(' ').map(Number);
    if (!Number.isInteger(pid) || pid! <= 0 || !Number.isFinite(since)) return Date.now() - mtimeMs > UNWRITTEN_MS;
    // A clock that jumped counts as stale.
    return !alive(pid!) || Math.abs(now - since!) > STALE_LOCK_MS;
  });
}

/**
 * Breaks the lock file `path` when `isStale(its text, its mtime in ms)` says so, safely against other
 * breakers: renamed away (of two breakers only one wins), then checked to be the file judged stale; a live
 * lock taken by mistake is put back. True when the lock is gone (broken here, or released meanwhile).
 */
export function breakLock(path: string, isStale: (text: string, mtimeMs: number) => boolean): boolean {
  let held: { text: string; ino: number; mtimeMs: number };
  // The text, inode and time of one file, read through one descriptor: looked up by path twice, they could
  // be of two (a lock released and taken again in between: the new holder's empty file with the old one's
  // age would be judged stale, and a live lock broken).
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return true; // released meanwhile
  }
  try {
    const st = fstatSync(fd);
    held = { text: readFileSync(fd, 'utf8'), ino: st.ino, mtimeMs: st.mtimeMs };
  } finally {
    closeSync(fd);
  }
  if (!isStale(held.text, held.mtimeMs)) return false;
  const aside = `${path}.${process.pid}.${++breaks}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return true; // another process broke it first
  }
  let ours = true;
  try {
    // Between our look and the rename, another breaker may have broken it and a live holder taken it.
    if (statSync(aside).ino !== held.ino) {
      ours = false;
      linkSync(aside, path);
    }
  } catch {
    // the path was taken again meanwhile: that holder keeps it
  } finally {
    try {
      unlinkSync(aside);
    } catch {
      // already gone
    }
  }
  return ours;
}
