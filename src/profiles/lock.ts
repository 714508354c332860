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
import { join } from 'node:path';
import { config as configError } from '../errors.js';
import { breakLock } from '../util/filelock.js';
import { createHeld, describeHolder, holderGone, releaseHeld } from '../util/holder-lock.js';

export { UNWRITTEN_MS } from '../util/alive.js';

/** The lock's name in the config dir. */
export const LOCK_FILE = 'config.lock';
/** How long a writer waits for the lock by default, ms. */
export const LOCK_WAIT_MS = 20_000;
/** A lock this old is abandoned whatever its pid says, ms (no holder keeps it a tenth as long). */
export const ABANDONED_MS = 10 * 60_000;

export interface LockOptions {
  /** How long to wait for the lock, ms. */
  readonly waitMs?: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** True when the lock with this text and mtime is left over by a holder that is gone. */
export function isStale(text: string, mtimeMs: number, now: number): boolean {
  return holderGone(text, mtimeMs, now, ABANDONED_MS);
}

/** Creates the lock; the holder's token, or undefined when another holds it. */
function tryCreate(path: string, now: number): string | undefined {
  try {
    return createHeld(path, now);
  } catch (err) {
    throw configError(`cannot create the lock ${path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
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
      throw configError(`the settings are being changed by another bm: ${path} is held${describeHolder(path)}`, `try again when it is done; if no bm is running, remove ${path}`);
    }
    // Jitter: waiters that started together do not retry together.
    await sleep(pause / 2 + Math.random() * pause);
  }
  // A process that exits while holding (process.exit after an error, Ctrl-C) still lets go.
  const onExit = () => releaseHeld(path, token!);
  process.once('exit', onExit);
  try {
    return await fn();
  } finally {
    process.off('exit', onExit);
    releaseHeld(path, token);
  }
}
