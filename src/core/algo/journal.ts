/**
 * The journal of one conditional order, under the state dir (`algos/<id>.ndjson`): the spec first,
 * then a line each time its state changes (a trailing stop's best price, a leg about to be sent, a
 * leg's proven outcome, a gap's verdict), with the lines saying why. A leg is written `sending` and
 * forced to the disk before its order leaves, so an engine restarted from the journal looks it up by
 * its client order id instead of sending it again. Lines are chained by digest (../write/chained-file.ts).
 */
import { closeSync, ftruncateSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { algosDir, type Env } from '../../util/paths.js';
import { BmError, usage } from '../../errors.js';
import { parseJson } from '../../util/json.js';
import { ChainedFile, readChained } from '../write/chained-file.js';
import type { AlgoState } from './machine.js';
import type { AlgoBinding } from './binding.js';
import type { AlgoSpec } from './model/spec.js';

/** The journal's layout version. */
export const ALGO_JOURNAL_VERSION = 1;

/** Where the journal of algo `id` is kept. */
export function algoJournalPath(env: Env, id: string): string {
  return join(algosDir(env), `${id}.ndjson`);
}

/**
 * The mark beside a journal (`<id>.armed`) while its algo has not ended: what a command reads to find the
 * armed algos without reading every journal ever kept. Made with the journal, removed with its end.
 */
export function armedMark(journal: string): string {
  return journal.replace(/\.ndjson$/, '.armed');
}

/** One line after the header: the state then, and why it changed. `at`: ms since the epoch. */
export interface JournalLine {
  readonly at: number;
  readonly st: AlgoState;
  readonly notes: readonly string[];
}

/** A journal read back: the spec, where it runs, each state line in order, and where to append. */
export interface AlgoRecord {
  readonly spec: AlgoSpec;
  /** Its venue and account; absent in a journal of an earlier bm, which did not record them. */
  readonly where?: AlgoBinding;
  readonly lines: readonly JournalLine[];
  readonly bytes: number;
  readonly h: string;
}

export class AlgoJournal {
  private constructor(private readonly file: ChainedFile) {}

  get path(): string {
    return this.file.path;
  }

  /** Starts the journal of a new algo; the spec and where it runs are on the disk before this returns. */
  static create(path: string, spec: AlgoSpec, where?: AlgoBinding): AlgoJournal {
    const j = new AlgoJournal(ChainedFile.createNew(path, (why) => {
      throw usage(`cannot start the journal ${path}: ${why}`);
    }));
    j.file.append([{ algo: ALGO_JOURNAL_VERSION, spec, ...(where ? { where } : {}) }], true);
    closeSync(openSync(armedMark(path), 'w', 0o600));
    return j;
  }

  /** True while this journal is still the file at its path: one removed or replaced is not written to, and nothing more is sent. */
  intact(): boolean {
    return this.file.intact();
  }

  /** Appends to a journal read back: a torn last line (a write cut short by a crash) is cut off first. */
  static reopen(path: string, rec: AlgoRecord): AlgoJournal {
    const fd = openSync(path, 'a');
    ftruncateSync(fd, rec.bytes);
    return new AlgoJournal(new ChainedFile(fd, path, rec.h));
  }

  /** A state line; `sync` forces it to the disk (before an order leaves, and at the end). */
  write(line: JournalLine, sync: boolean): void {
    this.file.append([line], sync);
    if (line.st.end) rmSync(armedMark(this.file.path), { force: true });
  }

  close(): void {
    this.file.close();
  }
}

/** Reads a journal back; an edited or foreign file is refused (exit 2). */
export function readAlgoJournal(path: string): AlgoRecord {
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch (err) {
    throw usage(`cannot read the journal ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const read = readChained(buf, (n) => {
    throw usage(`the journal ${path} line ${n + 1} was changed after it was written (its digest does not match): it is not resumed`);
  });
  const [head, ...rest] = read.lines.map((l) => parseJson(l.body) as Record<string, unknown>);
  if (!head || head.algo !== ALGO_JOURNAL_VERSION || typeof head.spec !== 'object') throw usage(`${path} is not the journal of a conditional order of this version of bm`);
  const where = typeof head.where === 'object' && head.where !== null ? { where: head.where as AlgoBinding } : {};
  return { spec: head.spec as AlgoSpec, ...where, lines: rest as unknown as JournalLine[], bytes: read.bytes, h: read.h };
}

/** A runner's journal is gone: it stops, sending nothing more. */
export function journalGone(id: string, path: string): BmError {
  return new BmError('config', `algo ${id}: its journal ${path} was removed or replaced: this runner stops and sends nothing more`, { hint: 'bm algo list shows the conditional orders whose journals remain' });
}

/**
 * A line of the journal could not be written (a full disk): nothing more is sent from this engine. The
 * lines it could not record (a leg's proven or unknown outcome among them) are in its message, and the
 * engine's state with them, for the face to report what the venue proved.
 */
export class JournalWriteError extends BmError {
  constructor(readonly spec: AlgoSpec, readonly state: AlgoState, path: string, unrecorded: readonly string[], cause: unknown) {
    const why = (cause as NodeJS.ErrnoException).code ?? (cause as Error).message;
    super('config', `algo ${spec.id}: its journal ${path} could not be written (${why})${unrecorded.length ? `; not recorded: ${unrecorded.join('; ')}` : ''}; nothing more is sent until it can be`, {
      hint: `make room, then: bm algo resume ${spec.id} (a leg being sent is looked up by its client order id, never sent twice)`,
    });
  }
}
