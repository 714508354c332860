/**
 * The journal of `bm order batch`: one JSON object a line, appended as the batch goes. The first line
 * names the batch (pair, file, a digest of its orders, every order's client order id); then each
 * request's orders are written as `sending` before the request goes out and with their outcome when
 * it is known. A batch cut short anywhere (Ctrl-C, kill -9, a lost network) can thus be resumed:
 * orders with an outcome are kept, orders sent without one are looked up, the rest are sent.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { stateDir, type Env } from '../../config/paths.js';
import { usage } from '../../errors.js';
import { parseJson, stringifyJson } from '../../util/json.js';

/** What became of one order of the batch. `index` counts from 1 in file order. */
export interface Outcome {
  index: number;
  client_order_id: string;
  order_id: unknown;
  result: 'placed' | 'failed' | 'unknown';
  code: string;
  message: string;
}

export interface JournalHeader {
  batch: 1;
  symbol: string;
  file: string;
  /** sha256 of the orders as checked (wire parameters, client order ids included). */
  digest: string;
  ids: string[];
  started: string;
}

/** A journal read back: its header, and the last record of each order that has one. */
export interface JournalState {
  header: JournalHeader;
  /** By index: 'sending' (sent, no outcome written) or the outcome written. */
  last: Map<number, 'sending' | Outcome>;
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

export class Journal {
  private constructor(private readonly fd: number, readonly path: string) {}

  /** Starts a new journal (refuses to overwrite one). */
  static create(path: string, header: JournalHeader): Journal {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw usage(`--journal: ${path} exists; resume it with --resume ${path}, or name a new file`);
      throw usage(`--journal: cannot write ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    const j = new Journal(fd, path);
    j.line(header, true);
    return j;
  }

  /** Appends to a journal being resumed. */
  static reopen(path: string): Journal {
    return new Journal(openSync(path, 'a'), path);
  }

  /**
   * Orders about to be sent: written before the request leaves. A write reaches the kernel at once, so it
   * survives the process being killed; it is not forced to the disk per request (an fsync blocks for
   * milliseconds and cost a third of the batch rate under load).
   */
  sending(orders: ReadonlyArray<{ index: number; client_order_id: string }>): void {
    this.line(orders.map((o) => stringifyJson({ i: o.index, client_order_id: o.client_order_id, state: 'sending' })).join('\n'), false, true);
  }

  outcome(o: Outcome): void {
    this.line({ i: o.index, client_order_id: o.client_order_id, result: o.result, order_id: o.order_id, code: o.code, message: o.message }, false);
  }

  /** Flushes the journal to the disk and closes it. */
  close(): void {
    fsyncSync(this.fd);
    closeSync(this.fd);
  }

  private line(value: unknown, sync: boolean, raw = false): void {
    writeSync(this.fd, `${raw ? (value as string) : stringifyJson(value)}\n`);
    if (sync) fsyncSync(this.fd);
  }
}

/** Reads a journal; a line cut short at the end (a process killed while writing) is ignored. */
export function readJournal(path: string): JournalState {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw usage(`--resume: cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const lines = text.split('\n').filter((l) => l.trim());
  let header: JournalHeader | undefined;
  const last = new Map<number, 'sending' | Outcome>();
  for (const [n, l] of lines.entries()) {
    let v: Record<string, unknown>;
    try {
      v = parseJson(l) as Record<string, unknown>;
    } catch {
      if (n === lines.length - 1) break;
      throw usage(`--resume: ${path} line ${n + 1} is not JSON: not a batch journal`);
    }
    if (n === 0) {
      if (v?.batch !== 1 || typeof v.symbol !== 'string' || !Array.isArray(v.ids)) throw usage(`--resume: ${path} is not a batch journal`);
      header = v as unknown as JournalHeader;
      continue;
    }
    const i = Number(String(v.i));
    if (!Number.isInteger(i) || i < 1 || i > header!.ids.length) throw usage(`--resume: ${path} line ${n + 1}: no order ${String(v.i)} in this batch`);
    const prev = last.get(i);
    if (v.state === 'sending') {
      // A later send of an order whose earlier attempt ended unknown: still to be settled.
      if (prev === undefined || prev === 'sending' || prev.result === 'unknown') last.set(i, 'sending');
    } else {
      last.set(i, { index: i, client_order_id: String(v.client_order_id), order_id: v.order_id ?? '', result: v.result as Outcome['result'], code: String(v.code ?? ''), message: String(v.message ?? '') });
    }
  }
  if (!header) throw usage(`--resume: ${path} is empty: not a batch journal`);
  return { header, last };
}
