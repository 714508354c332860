/**
 * A lock file for short critical sections shared between processes: created with O_EXCL, holding
 * `pid time`, removed when done. Holders keep it for well under a millisecond, so a lock older than
 * {@link STALE_LOCK_MS} was left by a process killed while holding it (kill -9) and is broken. The
 * lock is broken by {@link breakLock}, which other lock files with their own rule of staleness share.
 */
import { closeSync, fstatSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Age (ms) beyond which a lock is presumed abandoned. */
export const STALE_LOCK_MS = 200;

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
    rmSync(path, { force: true });
  }
}

function breakIfStale(path: string, now: number): void {
  breakLock(path, (text) => {
    const since = Number(text.split(' ')[1]);
    // A lock being written has no time yet: young by definition. A clock that jumped counts as stale.
    return Number.isFinite(since) && Math.abs(now - since) > STALE_LOCK_MS;
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
