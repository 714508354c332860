/**
 * `client.order.batch(orders)`: the command line's batch (`bm order batch`), its journal and resume
 * included: every order checked against its pair's rules before any is sent, each with its own client
 * order id, 10 per request, several requests at once within the rate limit, and an order whose
 * request proved nothing looked up by its client order id (never sent again). Loaded on first use.
 */
import type { Endpoint } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import type { ShownRequest } from '../api/redact.js';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { lockJournal, parseOrders, readJournal, runOrderBatch, type BatchHost, type BatchOrder, type BatchPlan, type JournalState, type Outcome } from '../core/usecases/batch.js';
import { dryRunHost, type CurrentCalls, type WriteHost } from '../core/usecases/session.js';
import { writeFileAtomic } from '../util/atomic-file.js';
import { usage } from '../errors.js';
import { dryRunOf } from './run.js';
import { exact } from './exact.js';
import { pairSource } from './preflight.js';
import type { BatchOptions, BatchOrderOutcome, BatchResult, DryRun } from './types.js';
import { refuseUnknown } from './inputs.js';
import { maxDeviationOf } from './deviation.js';
import { asLibraryInput, paramText } from './wire.js';

/** The fields an order of a batch may carry (as a line of `bm order batch`'s file). */
const FIELDS = ['symbol', 'side', 'type', 'size', 'price', 'notional', 'client_order_id'];

/** The orders as the command's file would carry them: every field as text, of its kind as `order.place` takes it. */
function linesOf(given: unknown, place: Endpoint): Array<Record<string, string>> {
  if (!Array.isArray(given)) throw usage('order.batch: give a list of orders, e.g. [{ symbol, side, type, size, price }]');
  if (!given.length) throw usage('order.batch: no orders in the list given');
  return given.map((o: unknown, i) => {
    if (o === null || typeof o !== 'object' || Array.isArray(o)) throw usage(`order ${i + 1}: not an order object`);
    refuseUnknown(FIELDS, o);
    return Object.fromEntries(Object.entries(o as Record<string, unknown>).filter(([, v]) => v !== undefined).map(([k, v]) => {
      return [k, paramText(place.params, k, `order ${i + 1}: ${k}`, v)];
    }));
  });
}

function orderOutcome(o: Outcome): BatchOrderOutcome {
  const id = exact(o.order_id);
  return {
    index: o.index, result: o.result, clientOrderId: o.client_order_id,
    ...(typeof id === 'string' && id !== '' ? { orderId: id } : {}), code: o.code, message: o.message,
  };
}

/** The orders given (or, on a resume without them, read from the file the journal names) and the journal resumed. */
async function ordersOf(calls: CurrentCalls, given: unknown, opts: BatchOptions): Promise<{ lines: Array<Record<string, string>>; resumed?: JournalState; from?: string }> {
  const resumed = opts.resume === undefined ? undefined : asLibraryInput(() => readJournal(pathOf(opts.resume, 'resume')));
  const from = given === undefined && resumed ? resumed.header.file : undefined;
  const raw = from === undefined ? given : parseOrders(await readFile(from, 'utf8').catch(() => {
    throw usage(`resume: cannot read ${from}, the orders of this journal: give them again, client.order.batch(orders, { resume })`);
  }), from).orders;
  return { lines: linesOf(raw, calls.entry('spot.order.submit')), ...(resumed ? { resumed } : {}), ...(from !== undefined ? { from } : {}) };
}

function pathOf(v: unknown, name: string): string {
  if (typeof v !== 'string' || v.trim() === '') throw usage(`${name}: give the journal's path as text`);
  return v;
}

/**
 * Sends a batch of orders; resolves with each order's outcome in the order given (or the requests a
 * dry run would send). A refusal for the venue's rate stops it: the orders not sent are `not sent`.
 * With `journal`, the command line's journal is kept (and the orders written beside it, so that
 * `resume` needs only the journal); with `resume`, a batch cut short is settled and completed.
 */
export async function batch(calls: CurrentCalls, host: WriteHost, given: unknown, opts: BatchOptions = {}): Promise<BatchResult | DryRun[]> {
  if (opts.journal !== undefined && opts.resume !== undefined) throw usage('journal: give a new journal or one to resume, not both');
  if (opts.journal !== undefined) pathOf(opts.journal, 'journal');
  const held = opts.dryRun ? undefined : opts.resume ?? opts.journal;
  // As the command line's: held from before the journal is read until its last line, so two runs of one journal never both send.
  const release = held === undefined ? () => {} : lockJournal(pathOf(held, opts.resume !== undefined ? 'resume' : 'journal'));
  try {
    return await batchHolding(calls, host, given, opts);
  } finally {
    release();
  }
}

async function batchHolding(calls: CurrentCalls, host: WriteHost, given: unknown, opts: BatchOptions): Promise<BatchResult | DryRun[]> {
  const maxPct = opts.maxDeviation === undefined ? undefined : maxDeviationOf(opts.maxDeviation);
  const { lines, resumed, from } = await ordersOf(calls, given, opts);
  const shown: ShownRequest[] = [];
  const via: BatchHost = {
    send: async (e, params: Params) => {
      if (!opts.dryRun) return calls.send(e, params);
      shown.push(await calls.dryRun(e, params));
      return undefined;
    },
    channel: calls.channel(async () => undefined),
    note: (line) => host.note(line),
    dryRun: Boolean(opts.dryRun),
  };
  const path = opts.dryRun ? undefined : opts.resume ?? opts.journal;
  const outcomes: Outcome[] = [];
  const unsent: BatchOrderOutcome[] = [];
  const notSent = (b: BatchOrder, code: string, message: string) => unsent.push({ index: b.index, result: 'not sent', clientOrderId: b.order.clientOrderId, code, message });
  // A library call is its own confirmation: nothing is asked.
  const { plan, end } = await runOrderBatch({ ...pairSource(calls), host: opts.dryRun ? dryRunHost(host) : host, via, checked: asLibraryInput }, calls.entry('spot.order.batch'), {
    symbol: '', orders: lines, name: 'order.batch', file: from ?? 'the orders given', command: 'order.batch',
    ...(resumed ? { resumed } : {}), ...(maxPct !== undefined ? { maxDeviation: maxPct } : {}),
    ...(path !== undefined ? { journal: { path, ordersFile: (p: BatchPlan) => ordersFile(path, p) } } : {}),
    journaled: (p) => host.note(`bm: journal ${p} (after an interruption: client.order.batch.resume('${p}'))`),
  }, {
    stopped: () => false, report: (o) => outcomes.push(o),
    unsent: (list, code, message) => { for (const b of list) notSent(b, code, message); },
  });
  if (opts.dryRun) return shown.map(dryRunOf);
  const known = new Set([...outcomes, ...unsent].map((o) => o.index));
  const why = end.stoppedBy ? `not sent: the batch stopped: ${end.stoppedBy.message}` : '';
  for (const b of plan.orders) if (!known.has(b.index)) notSent(b, '', why);
  const all = [...outcomes.map(orderOutcome), ...unsent].sort((a, b) => a.index - b.index);
  const count = (r: BatchOrderOutcome['result']) => all.filter((o) => o.result === r).length;
  return { orders: all, placed: count('placed'), failed: count('failed'), unknown: count('unknown'), notSent: count('not sent'), ...(path !== undefined ? { journal: path } : {}) };
}

/** The orders of a new journaled batch, written beside it (read back by a resume), with the client order ids the journal holds. */
function ordersFile(journal: string, plan: BatchPlan): string {
  // Never over the orders of another batch's journal (whose creation then refuses).
  if (existsSync(journal)) return '';
  const file = resolve(`${journal}.orders.json`);
  const fields = (b: BatchOrder) => Object.fromEntries(b.order.params.filter(([k]) => FIELDS.includes(k)).map(([k, v]) => [k, String(v)]));
  writeFileAtomic(file, `${JSON.stringify(plan.orders.map(fields), null, 1)}\n`, 0o600);
  return file;
}
