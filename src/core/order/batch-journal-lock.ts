/**
 * One run at a time per batch journal: a run holds `<journal>.lock` (util/holder-lock.ts) from before it
 * reads the journal until its last line is written, so two `--resume` of one journal can never both
 * send what it leaves unsent. A second run is refused at once (exit 5, nothing read or sent), naming
 * the process that holds it; a lock left by a process that died (kill -9) is broken.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { config as configError } from '../../errors.js';
import { breakLock } from '../../util/filelock.js';
import { createHeld, describeHolder, holderGone, releaseHeld } from '../../util/holder-lock.js';

/** A journal lock this old is abandoned whatever its pid says (the pid was reused), ms: longer than any batch runs. */
export const JOURNAL_ABANDONED_MS = 7 * 24 * 3600_000;

/** The lock file of the journal at `journal`. */
export const journalLockPath = (journal: string): string => `${journal}.lock`;

/** How a refusal names the journal and the way on (a batch's by default; the conditional orders' say theirs). */
export interface LockWords {
  readonly what: string;
  readonly hint: string;
}

const BATCH: LockWords = { what: 'the batch journal', hint: 'let that run finish (or stop it with Ctrl-C), then resume' };

/**
 * Takes the lock of the journal at `journal` (for `role`, said in the lock) and returns its release;
 * throws a config error (exit 5) naming the holder when another live process holds it.
 */
export function lockJournal(journal: string, now: () => number = Date.now, words: LockWords = BATCH, role?: string): () => void {
  const path = journalLockPath(journal);
  let token: string | undefined;
  // Two tries: a stale lock is broken once, then taken (or lost to a racer, who then holds it).
  for (let attempt = 0; attempt < 2 && token === undefined; attempt++) {
    try {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      token = createHeld(path, now(), role);
    } catch (err) {
      throw configError(`cannot create the journal's lock ${path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    if (token === undefined && !breakLock(path, (text, mtimeMs) => holderGone(text, mtimeMs, now(), JOURNAL_ABANDONED_MS))) break;
  }
  if (token === undefined) {
    throw configError(
      `${words.what} ${journal} is in use by another bm: ${path} is held${describeHolder(path)}`,
      `${words.hint}; if no bm is running, remove ${path}`,
    );
  }
  const held = token;
  // A process that exits while holding (process.exit after an error) still lets go; kill -9 leaves it stale.
  const release = () => {
    process.off('exit', release);
    releaseHeld(path, held);
  };
  process.once('exit', release);
  return release;
}
