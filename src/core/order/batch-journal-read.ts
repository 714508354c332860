/**
 * A batch journal read back for `--resume`. Each line's chained digest is checked: a header or line
 * changed after it was written is refused (exit 2, nothing sent), as is a journal of an earlier
 * layout. A last line cut short (a write torn by a crash) is dropped, and a journal whose last run
 * has no `end` line is marked cut short: its records may have been lost with it.
 */
import { readFileSync } from 'node:fs';
import { usage } from '../../errors.js';
import { parseJson, scalarText } from '../../util/json.js';
import { readChained } from '../write/chained-file.js';
import { JOURNAL_VERSION, type JournalHeader, type Outcome } from './batch-journal.js';

/** What the journal says of one order: sent with no outcome, refused whole for the rate (not placed), or its outcome. */
export type Entry = 'sending' | 'unsent' | Outcome;

/** A journal read back. */
export interface JournalState {
  header: JournalHeader;
  /** By index: the last word of each order that has one (a placed or failed outcome is final). */
  last: Map<number, Entry>;
  /** False when a run ended without its `end` line (killed, crashed, power lost): records may be missing. */
  complete: boolean;
  /** A last line was torn (dropped). */
  torn: boolean;
  /** Where the intact lines end (bytes) and the last one's digest: a resume appends there. */
  bytes: number;
  h: string;
}

const final = (r: Entry | undefined): boolean => typeof r === 'object' && r.result !== 'unknown';

/** Reads and checks a journal (exit 2 on anything that is not an intact batch journal of this layout). */
export function readJournal(path: string): JournalState {
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch (err) {
    throw usage(`--resume: cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const cutHint = 'bm writes the header to disk before it sends any order, so a batch whose journal lost its header sent nothing unless the file was cut later: check with bm order list, then start the batch again without --resume';
  const read = readChained(buf, (n, line) => {
    if (n === 0 && !line.includes('"h":"')) throw usage(`--resume: ${path} is not a batch journal of this version of bm`);
    throw usage(`--resume: ${path} line ${n + 1} was changed after it was written (its digest does not match): an edited journal is not resumed`, 'resume from the journal as bm wrote it; check what the venue holds with: bm order list');
  });
  const { bytes, torn, h } = read;
  if (bytes === 0) {
    throw usage(buf.length ? `--resume: ${path} is truncated: its first line (the batch's header) is cut short at byte ${buf.length}` : `--resume: ${path} is truncated to nothing (0 bytes): it holds no batch header`, cutHint);
  }
  let header: JournalHeader | undefined;
  const last = new Map<number, Entry>();
  let open = false;
  let complete = true;
  for (const [n, { body }] of read.lines.entries()) {
    const v = parseJson(body) as Record<string, unknown>;
    if (n === 0) {
      if (v?.batch !== JOURNAL_VERSION || typeof v.symbol !== 'string' || !Array.isArray(v.ids)) throw usage(`--resume: ${path} is not a batch journal of this version of bm`);
      header = v as unknown as JournalHeader;
      open = true;
      continue;
    }
    if (v.run === 'resume' || v.run === 'end') {
      if (v.run === 'resume' && open) complete = false;
      open = v.run === 'resume';
      continue;
    }
    const i = Number(scalarText(v.i));
    const id = scalarText(v.client_order_id);
    if (!Number.isInteger(i) || i < 1 || i > header!.ids.length || header!.ids[i - 1] !== id) throw usage(`--resume: ${path} line ${n + 1}: no order ${scalarText(v.i)} with client order id ${id} in this batch`);
    if (final(last.get(i))) continue;
    if (v.state === 'sending' || v.state === 'unsent') last.set(i, v.state);
    else last.set(i, { index: i, client_order_id: id, order_id: v.order_id ?? '', result: v.result as Outcome['result'], code: scalarText(v.code ?? ''), message: scalarText(v.message ?? '') });
  }
  return { header: header!, last, complete: complete && !open && !torn, torn, bytes, h };
}

/** True when the journal proves the order's outcome (placed or refused): it is not sent or looked up again. */
export function settled(state: JournalState, index: number): boolean {
  return final(state.last.get(index));
}

/**
 * True when an order must be looked up before it may be sent: sent with no proven outcome, or (in a
 * journal cut short, where records may be lost) no record at all. Refused whole for the rate: sent.
 */
export function unproven(state: JournalState, index: number): boolean {
  const r = state.last.get(index);
  if (r === undefined) return !state.complete;
  return r === 'sending' || (typeof r === 'object' && r.result === 'unknown');
}
