/**
 * A lock file for short critical sections shared between processes: created with O_EXCL, holding
 * `pid time`, removed when done. Holders keep it for well under a millisecond, so a lock older than
 * {@link STALE_LOCK_MS} was left by a process killed while holding it (kill -9) and is broken. The
 * lock is broken by renaming it away (atomic: of two breakers only one wins) and checking that what was
 * renamed is what was judged stale; a live lock taken by mistake is put back.
 */
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
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
  let held: { text: string; ino: number };
  try {
    held = { text: readFileSync(path, 'utf8'), ino: statSync(path).ino };
  } catch {
    return; // released meanwhile
  }
  const since = Number(held.text.split(' ')[1]);
  // A lock being written has no time yet: young by definition. A clock that jumped counts as stale.
  if (!Number.isFinite(since) || Math.abs(now - since) <= STALE_LOCK_MS) return;
  const aside = `${path}.${process.pid}.${++breaks}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return; // another process broke it first
  }
  try {
    // Between our look and the rename, another breaker may have broken it and a live holder taken it.
    if (statSync(aside).ino !== held.ino) linkSync(aside, path);
  } catch {
    // the path was taken again meanwhile: that holder keeps it
  } finally {
    try {
      unlinkSync(aside);
    } catch {
      // already gone
    }
  }
}
