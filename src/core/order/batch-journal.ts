/**
 * The journal of `bm order batch`: one JSON object a line, appended as the batch goes. The first line
 * names the batch (pair, file, a digest of its orders, every order's client order id); then each
 * request's orders are written as `sending` before the request goes out and with their outcome when
 * it is known; each run of the batch ends with an `end` line, flushed to disk. Every line carries a
 * digest chained from the line before (`h`), so a header or line changed after it was written is
 * found when the journal is read back (batch-journal-read.ts).
 */
import { ftruncateSync, openSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { stateDir, type Env } from '../../util/paths.js';
import { usage } from '../../errors.js';
import { stringifyJson } from '../../util/json.js';
import { ChainedFile } from '../write/chained-file.js';

export { chained } from '../write/chained-file.js';

/** What became of one order of the batch. `index` counts from 1 in file order. */
export interface Outcome {
  index: number;
  client_order_id: string;
  order_id: unknown;
  result: 'placed' | 'failed' | 'unknown';
  code: string;
  message: string;
}

/** The journal's version: journals of an earlier layout are not resumed. */
export const JOURNAL_VERSION = 2;

export interface JournalHeader {
  batch: typeof JOURNAL_VERSION;
  symbol: string;
  file: string;
  /** sha256 of the orders as checked (wire parameters, client order ids aside: they are `ids`). */
  digest: string;
  ids: string[];
  started: string;
}

/** The digest of a batch's orders, to tell a resumed file from another. */
export function digestOf(orders: ReadonlyArray<ReadonlyArray<readonly [string, unknown]>>): string {
  const h = createHash('sha256');
  for (const o of orders) h.update(`${stringifyJson(o.filter(([k]) => k !== 'client_order_id'))}\n`);
  return h.digest('hex');
}

/** Where a batch's journal goes when `--journal` is not given: under the state dir, named by pair and time. */
export function defaultJournalPath(env: Env, symbol: string, now: Date): string {
  return join(stateDir(env), 'batches', `${symbol}-${now.toISOString().replace(/[:.]/g, '-')}-${process.pid}.ndjson`);
}

type Ref = { index: number; client_order_id: string };

export class Journal {
  private constructor(private readonly file: ChainedFile) {}

  get path(): string {
    return this.file.path;
  }

  /** Starts a new journal (refuses to overwrite one); the header is on disk before this returns. */
  static create(path: string, header: JournalHeader): Journal {
    const j = new Journal(ChainedFile.createNew(path, (why, err) => {
      if (err.code === 'EEXIST') throw usage(`--journal: ${path} exists; resume it with --resume ${path}, or name a new file`);
      throw usage(`--journal: cannot write ${path}: ${why}`);
    }));
    j.write([header], true);
    return j;
  }

  /**
   * Appends to a journal being resumed, read back up to `bytes` with `h` its last line's digest: a
   * torn last line after that (a write cut short) is cut off first, then a `resume` line is written.
   */
  static reopen(path: string, at: { bytes: number; h: string }): Journal {
    let fd: number;
    try {
      fd = openSync(path, 'a');
      ftruncateSync(fd, at.bytes);
    } catch (err) {
      throw usage(`--resume: cannot write ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    const j = new Journal(new ChainedFile(fd, path, at.h));
    j.write([{ run: 'resume', at: new Date().toISOString() }], true);
    return j;
  }

  /**
   * Orders about to be sent: written before the request leaves. A write reaches the kernel at once, so it
   * survives the process being killed; it is not forced to the disk per request (an fsync blocks for
   * milliseconds and cost a third of the batch rate under load): a run cut short has no `end` line, and
   * its resume then looks up every order without a proven outcome.
   */
  sending(orders: readonly Ref[]): void {
    this.write(orders.map((o) => ({ i: o.index, client_order_id: o.client_order_id, state: 'sending' })), false);
  }

  /** Orders the venue refused whole for its rate (429, 418): proven not placed, to be sent on resume. */
  unsent(orders: readonly Ref[], code: string, message: string): void {
    this.write(orders.map((o) => ({ i: o.index, client_order_id: o.client_order_id, state: 'unsent', code, message })), false);
  }

  outcome(o: Outcome): void {
    this.write([{ i: o.index, client_order_id: o.client_order_id, result: o.result, order_id: o.order_id, code: o.code, message: o.message }], false);
  }

  /** Ends this run: every line of it written; flushed to the disk and closed. */
  close(): void {
    this.write([{ run: 'end', at: new Date().toISOString() }], true);
    this.file.close();
  }

  /** Writes lines at once; a write cut short (a full disk) stops the batch: nothing is sent unjournaled. */
  private write(values: readonly unknown[], sync: boolean): void {
    this.file.append(values, sync);
  }
}
