/**
 * `client.order.batch(orders)`: the command line's batch (`bm order batch`) without its file and
 * journal: every order checked against its pair's rules before any is sent, each with its own client
 * order id, 10 per request, several requests at once within the rate limit, and an order whose
 * request proved nothing looked up by its client order id (never sent again). Loaded on first use.
 */
import type { Endpoint } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import type { ShownRequest } from '../api/redact.js';
import type { WriteHost } from '../core/write/host.js';
import { checkAll, checkPrices } from '../core/order/batch-input.js';
import type { Outcome } from '../core/order/batch-journal.js';
import { sendBatch, type BatchHost, type BatchOrder } from '../core/order/batch-send.js';
import { parseMaxDeviation } from '../core/order/market-context.js';
import { usage } from '../errors.js';
import type { CurrentCalls } from '../core/calls.js';
import { dryRunOf } from './run.js';
import { exact } from './exact.js';
import { pairSource } from './preflight.js';
import type { BatchOptions, BatchOrderOutcome, BatchResult, DryRun } from './types.js';
import { refuseUnknown } from './inputs.js';
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

/** The option as `--max-deviation` reads it (percent as text, or 'none'), named as the library names it. */
function maxDeviationOf(v: unknown): string | undefined {
  if (typeof v !== 'string') throw usage(`maxDeviation: give a percentage as text, like '10', or 'none' (got ${typeof v})`);
  try {
    return parseMaxDeviation(v);
  } catch {
    throw usage(`maxDeviation: a percentage like '10', or 'none' (got '${v}')`);
  }
}

function orderOutcome(o: Outcome): BatchOrderOutcome {
  const id = exact(o.order_id);
  return {
    index: o.index, result: o.result, clientOrderId: o.client_order_id,
    ...(typeof id === 'string' && id !== '' ? { orderId: id } : {}), code: o.code, message: o.message,
  };
}

/**
 * Sends a batch of orders; resolves with each order's outcome in the order given (or the requests a
 * dry run would send). A refusal for the venue's rate stops it: the orders not sent are `not sent`.
 */
export async function batch(calls: CurrentCalls, host: WriteHost, given: unknown, opts: BatchOptions = {}): Promise<BatchResult | DryRun[]> {
  const lines = linesOf(given, calls.entry('spot.order.submit'));
  const maxPct = opts.maxDeviation === undefined ? undefined : maxDeviationOf(opts.maxDeviation);
  const source = pairSource(calls);
  const checked = await asLibraryInput(() => checkAll(source, '', lines, { name: 'order.batch' }));
  await asLibraryInput(() => checkPrices(source, checked.map((order, i) => ({ order, label: `order ${i + 1}` })), maxPct, 'order.batch'));
  const ep = calls.entry('spot.order.batch');
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
  const outcomes: Outcome[] = [];
  const unsent: BatchOrderOutcome[] = [];
  const notSent = (b: BatchOrder, code: string, message: string) => unsent.push({ index: b.index, result: 'not sent', clientOrderId: b.order.clientOrderId, code, message });
  const orders = checked.map((order, i) => ({ index: i + 1, order }));
  const end = await sendBatch(via, ep, orders, {
    stopped: () => false, sending: () => undefined, report: (o) => outcomes.push(o),
    unsent: (list, err) => { for (const b of list) notSent(b, err.details.code ?? '', err.message); },
  });
  if (opts.dryRun) return shown.map(dryRunOf);
  const known = new Set([...outcomes, ...unsent].map((o) => o.index));
  const why = end.stoppedBy ? `not sent: the batch stopped: ${end.stoppedBy.message}` : '';
  for (const b of orders) if (!known.has(b.index)) notSent(b, '', why);
  const all = [...outcomes.map(orderOutcome), ...unsent].sort((a, b) => a.index - b.index);
  const count = (r: BatchOrderOutcome['result']) => all.filter((o) => o.result === r).length;
  return { orders: all, placed: count('placed'), failed: count('failed'), unknown: count('unknown'), notSent: count('not sent') };
}
