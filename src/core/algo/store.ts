/**
 * The conditional orders kept under the state dir (`algos/`): each one's journal (`<id>.ndjson`), the
 * lock of its journal (`<id>.ndjson.lock`), held by whoever runs or settles it, and the log of its
 * detached runner (`<id>.log`). Read by `bm algo list|show|logs|cancel|resume`.
 *
 * A runner is proven, never assumed: the process that holds the journal's lock as its `runner`, alive,
 * and the same process that took it (its identity, util/holder-lock.ts, is not that of another process
 * given the same pid). Nothing else names a runner.
 */
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { holderLives, readHolder } from '../../util/holder-lock.js';
import type { Env } from '../../util/paths.js';
import { usage } from '../../errors.js';
import { journalLockPath, lockJournal } from '../order/batch-journal-lock.js';
import { algoJournalPath, armedMark, readAlgoJournal, type AlgoRecord } from './journal.js';

/** The file of algo `id` with this extension beside its journal. */
export function algoFile(env: Env, id: string, ext: 'log'): string {
  return join(dirname(algoJournalPath(env, id)), `${id}.${ext}`);
}

/** A kept algo: its journal read back, and its runner's pid when one is proven to run it. */
export interface KeptAlgo {
  readonly id: string;
  readonly path: string;
  readonly record: AlgoRecord;
  readonly runner?: number;
}

/** The role a runner takes the journal's lock for; a cancel or a settling takes it for nothing else. */
const RUNNER = 'runner';

/** The pid of algo `id`'s runner, when a live process proven to be the one that took its lock as runner holds it. */
export function runnerOf(env: Env, id: string): number | undefined {
  const h = readHolder(journalLockPath(algoJournalPath(env, id)));
  return h && h.role === RUNNER && holderLives(h) ? h.pid : undefined;
}

/** Algo `id` as kept (`last`: the one made last); no such algo is a usage error naming the way to list them. */
export function keptAlgo(env: Env, id: string): KeptAlgo {
  if (id === 'last') {
    const newest = keptAlgos(env, () => undefined).at(-1);
    if (!newest) throw usage('no conditional order on this machine yet', 'start one with: bm order stop ... --detach');
    return newest;
  }
  if (!/^[A-Za-z0-9]+$/.test(id)) throw usage(`ID: an algo id is letters and digits (got '${id}')`, 'list them with: bm algo list');
  const path = algoJournalPath(env, id);
  let record: AlgoRecord;
  try {
    record = readAlgoJournal(path);
  } catch (err) {
    if (/ENOENT/.test((err as Error).message)) throw usage(`no conditional order ${id} on this machine`, 'list them with: bm algo list');
    throw err;
  }
  const runner = runnerOf(env, id);
  return { id, path, record, ...(runner !== undefined ? { runner } : {}) };
}

/** Every kept algo but those `skip` names, oldest first; a journal that cannot be read is skipped with a line for the user. */
export function keptAlgos(env: Env, note: (line: string) => void, skip: (id: string) => boolean = () => false): KeptAlgo[] {
  let names: string[];
  try {
    names = readdirSync(dirname(algoJournalPath(env, 'x')));
  } catch {
    return [];
  }
  const out: KeptAlgo[] = [];
  for (const name of names.filter((n) => n.endsWith('.ndjson')).sort()) {
    const id = name.slice(0, -'.ndjson'.length);
    if (skip(id)) continue;
    try {
      out.push(keptAlgo(env, id));
    } catch (err) {
      note(`bm: ${name}: ${(err as Error).message}`);
    }
  }
  return out.sort((a, b) => a.record.spec.created - b.record.spec.created);
}

/** Takes the lock of algo `id`'s journal (one engine at a time) to settle or cancel it; its release. Held elsewhere: a config error naming the holder. */
export function lockAlgo(env: Env, id: string): () => void {
  return lockJournal(algoJournalPath(env, id), Date.now, LOCK_WORDS(id));
}

/**
 * The algos this process runs, by journal, and how each run is stopped: a cancel from this same process (a
 * bot that runs one and cancels it, a test) stops it so, since a signal would stop the whole process.
 */
const RUN_HERE = new Map<string, () => void>();

/**
 * Runs algo `id` in this process: its journal's lock taken as its runner (`bm algo list` shows it running),
 * and `stop` kept for a cancel from this process; the release of both.
 */
export function holdAlgo(env: Env, id: string, stop?: () => void): () => void {
  const path = algoJournalPath(env, id);
  const release = lockJournal(path, Date.now, LOCK_WORDS(id), RUNNER);
  if (stop) RUN_HERE.set(path, stop);
  return () => {
    if (RUN_HERE.get(path) === stop) RUN_HERE.delete(path);
    release();
  };
}

/** Stops the run of algo `id` in this process, as a runner's SIGTERM would; false when this process does not run it. */
export function stopHere(env: Env, id: string): boolean {
  const stop = RUN_HERE.get(algoJournalPath(env, id));
  stop?.();
  return stop !== undefined;
}

const LOCK_WORDS = (id: string) => ({ what: 'the conditional order', hint: `it is run by another bm (see bm algo show ${id})` });

/**
 * The ids of the algos armed on this machine (not ended) that `keep` keeps (ids whose mark `keep` drops
 * are not looked at further): read from the armed marks, and the kept ones' journals (a mark left by an
 * algo that ended, or whose journal is gone, is removed).
 */
function armedWhere(env: Env, keep: (id: string) => boolean): string[] {
  const dir = dirname(algoJournalPath(env, 'x'));
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of names) {
    if (!name.endsWith('.armed')) continue;
    const id = name.slice(0, -'.armed'.length);
    if (!keep(id)) continue;
    let ended: boolean;
    try {
      ended = Boolean(readAlgoJournal(algoJournalPath(env, id)).lines.at(-1)?.st.end);
    } catch {
      // A mark without a readable journal: the journal was removed, nothing of it can run.
      ended = true;
    }
    if (ended) rmSync(join(dir, name), { force: true });
    else out.push(id);
  }
  return out.sort();
}

/** The ids of the algos armed on this machine (not ended), running or not. */
export function armedAlgos(env: Env): string[] {
  return armedWhere(env, () => true);
}

/**
 * The armed algos of this machine that no runner is proven to hold: none of them watches the market. Every
 * command asks (main.ts): a journal is read only for a mark no runner holds, so a machine whose algos all run
 * reads none.
 */
export function unattendedAlgos(env: Env): string[] {
  return armedWhere(env, (id) => runnerOf(env, id) === undefined);
}
