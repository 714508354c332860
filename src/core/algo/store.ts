/**
 * The conditional orders kept under the state dir (`algos/`): each one's journal (`<id>.ndjson`), the
 * log of its detached runner (`<id>.log`), the runner's pid (`<id>.pid`) and the venue options it runs
 * with (`<id>.run.json`). Read by `bm algo list|show|logs|cancel|resume`.
 */
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { alive } from '../../util/holder-lock.js';
import type { Env } from '../../config/paths.js';
import { usage } from '../../errors.js';
import { lockJournal } from '../order/batch-journal-lock.js';
import { algoJournalPath, readAlgoJournal, type AlgoRecord } from './journal.js';

/** The file of algo `id` with this extension beside its journal. */
export function algoFile(env: Env, id: string, ext: 'log' | 'pid' | 'run.json'): string {
  return join(dirname(algoJournalPath(env, id)), `${id}.${ext}`);
}

/** A kept algo: its journal read back, and its runner's pid when one is alive. */
export interface KeptAlgo {
  readonly id: string;
  readonly path: string;
  readonly record: AlgoRecord;
  readonly runner?: number;
}

/**
 * The pid of algo `id`'s runner when it is alive (a pid file left by a runner killed is removed). A file
 * that names no pid is not removed: it is not this reader's to judge (the runner writes it whole).
 */
export function runnerOf(env: Env, id: string): number | undefined {
  const file = algoFile(env, id, 'pid');
  let pid: number;
  try {
    pid = Number(readFileSync(file, 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  if (alive(pid)) return pid;
  rmSync(file, { force: true });
  return undefined;
}

/** Names `pid` the runner of algo `id`: written aside and renamed, so that no reader ever sees it half written. */
export function writeRunner(env: Env, id: string, pid: number): void {
  const file = algoFile(env, id, 'pid');
  writeFileSync(`${file}.${pid}.tmp`, `${pid}\n`, { mode: 0o600 });
  renameSync(`${file}.${pid}.tmp`, file);
}

export function clearRunner(env: Env, id: string, pid: number): void {
  const file = algoFile(env, id, 'pid');
  try {
    if (Number(readFileSync(file, 'utf8').trim()) === pid) rmSync(file, { force: true });
  } catch {
    // none left
  }
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

/** Takes the lock of algo `id`'s journal (one engine at a time); its release. Held elsewhere: a config error naming the holder. */
export function lockAlgo(env: Env, id: string): () => void {
  return lockJournal(algoJournalPath(env, id), Date.now, { what: 'the conditional order', hint: `it is run by another bm (see bm algo show ${id})` });
}

/** Runs algo `id` in this process: its lock, and this process named its runner (`bm algo list` shows it running); the release of both. */
export function holdAlgo(env: Env, id: string): () => void {
  const release = lockAlgo(env, id);
  writeRunner(env, id, process.pid);
  return () => {
    clearRunner(env, id, process.pid);
    release();
  };
}
