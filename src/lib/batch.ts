/**
 * `client.order.batch(orders)`: the command line's batch (`bm order batch`) without its file and
 * journal: every order checked against its pair's rules before any is sent, each with its own client
 * order id, 10 per request, several requests at once within the rate limit, and an order whose
 * request proved nothing looked up by its client order id (never sent again). Loaded on first use.
 */
import type { Endpoint } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import type { ShownRequest } from '../api/redact.js';
import type { WriteHost } from '../commands/confirm.js';
import { checkAll } from '../commands/order/batch.js';
import type { Outcome } from '../commands/order/batch-journal.js';
import { sendBatch, type BatchHost } from '../commands/order/batch-send.js';
import { usage } from '../errors.js';
import type { CurrentCalls } from './calls.js';
import { dryRunOf } from './calls.js';
import { exact } from './exact.js';
import { pairSource } from './preflight.js';
import type { BatchOrderOutcome, BatchResult, CallOptions, DryRun } from './types.js';
import { refuseUnknown } from './inputs.js';
import { asLibraryInput, paramText } from './wire.js';

/** The fields an order of a batch may carry (as a line of `bm order batch`'s file). */
const FIELDS = ['symbol', 'side', 'type', 'size', 'price', 'notional', 'client_order_id'];

/** The orders as the command's file would carry them: every field as text, of its kind as `order.place` takes it. */
function linesOf(given: unknown, place: Endpoint): Array<Record<string, string>> {
  if (!Array.isArray(given) || !given.length) throw usage('order.batch: give a list of orders, e.g. [{ symbol, side, type, size, price }]');
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

/** Sends a batch of orders; resolves with each order's outcome in the order given (or the requests a dry run would send). */
export async function batch(calls: CurrentCalls, host: WriteHost, given: unknown, opts: CallOptions = {}): Promise<BatchResult | DryRun[]> {
  const lines = linesOf(given, calls.entry('spot.order.submit'));
  const checked = await asLibraryInput(() => checkAll(pairSource(calls), '', lines));
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
  await sendBatch(via, ep, checked.map((order, i) => ({ index: i + 1, order })), { stopped: () => false, sending: () => undefined, report: (o) => outcomes.push(o) }, new Set());
  if (opts.dryRun) return shown.map(dryRunOf);
  const orders = outcomes.sort((a, b) => a.index - b.index).map(orderOutcome);
  const count = (r: BatchOrderOutcome['result']) => orders.filter((o) => o.result === r).length;
  return { orders, placed: count('placed'), failed: count('failed'), unknown: count('unknown') };
}
