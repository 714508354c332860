/**
 * Sending a batch: 10 orders per request, the first request alone (a refusal of them all stops the
 * run there), then up to {@link IN_FLIGHT} at once as the rate limiter allows. Each order's outcome is
 * handed on as soon as it is known; an answer that proves nothing is settled by looking the orders up.
 */
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import type { Endpoint } from '../../api/catalogue/types.js';
import type { Params } from '../../api/client.js';
import { BmError } from '../../errors.js';
import { scalarText } from '../../util/json.js';
import type { WriteChannel } from '../write/channel.js';
import { readBatchAnswer } from './batch-answer.js';
import type { Outcome } from './batch-journal.js';
import type { CheckedOrder } from './check.js';
import { findByClientId, outcomeUnknown } from './lookup.js';

/** The most orders one batch request may carry (50033 beyond). */
export const BATCH = PROTOCOL.ordersPerBatch;
/** Batch requests out at once at most: enough to reach the published rate over a slow link, few sockets. */
export const IN_FLIGHT = 8;

/** What a batch is sent through: a command's context, or a library client. */
export interface BatchHost {
  /** Sends one request: the answer's data; undefined on a dry run (the request shown instead). */
  send(ep: Endpoint, params: Params): Promise<unknown>;
  /** The write channel lookups read through. */
  readonly channel: WriteChannel<Endpoint>;
  note(line: string): void;
  readonly dryRun: boolean;
}

/** An order of the file and its place there (from 1). */
export interface BatchOrder {
  index: number;
  order: CheckedOrder;
}

/** Where a batch's progress goes. */
export interface BatchSink {
  /** True once no more requests may be sent (Ctrl-C). */
  stopped(): boolean;
  /** These orders are about to go out. */
  sending(orders: readonly BatchOrder[]): void;
  report(o: Outcome): void;
}

/**
 * An order of the batch looked up by its client order id: its order id when the venue holds it under
 * that id; 'absent' when the venue says there is none; 'unknown' when the lookup failed or found an
 * order of another client order id. The one place batch asks the venue about an order.
 */
export async function lookUp(host: BatchHost, symbol: string, clientOrderId: string): Promise<{ order_id: unknown } | 'absent' | 'unknown'> {
  try {
    const found = await findByClientId(host.channel, symbol, clientOrderId);
    if (!found) return 'absent';
    return scalarText(found.client_order_id ?? found.clientOrderId ?? '') === clientOrderId ? { order_id: found.order_id } : 'unknown';
  } catch {
    return 'unknown';
  }
}

function outcome(b: BatchOrder, result: Outcome['result'], order_id: unknown, code: string, message: string): Outcome {
  return { index: b.index, client_order_id: b.order.clientOrderId, order_id, result, code, message };
}

/** Settles orders whose request proved nothing: placed when found under our id, else unknown (never re-sent here). */
async function settle(host: BatchHost, orders: readonly BatchOrder[], why: string): Promise<Outcome[]> {
  // Looked up side by side (the rate limiter paces them): a lookup that finds nothing waits and retries.
  return Promise.all(orders.map(async (b) => {
    const r = await lookUp(host, b.order.symbol, b.order.clientOrderId);
    return typeof r === 'object' ? outcome(b, 'placed', r.order_id, '', `found by client order id after ${why}`) : outcome(b, 'unknown', '', '', `outcome unknown (${why}; ${r === 'absent' ? 'not found by client order id' : 'lookup inconclusive'})`);
  }));
}

async function sendChunk(host: BatchHost, ep: Endpoint, chunk: readonly BatchOrder[], sink: BatchSink, first: boolean): Promise<void> {
  sink.sending(chunk);
  let data: unknown;
  try {
    data = await host.send(ep, [['order_params', chunk.map((b) => Object.fromEntries(b.order.params))]]);
  } catch (err) {
    if (outcomeUnknown(err)) {
      host.note(`bm: ${err.message}; looking up each order of this request by client order id`);
      for (const o of await settle(host, chunk, 'no answer')) sink.report(o);
      return;
    }
    const code = err instanceof BmError ? err.details.code ?? '' : '';
    for (const b of chunk) sink.report(outcome(b, 'failed', '', code, (err as Error).message));
    if (first) throw err;
    return;
  }
  if (host.dryRun) return;
  const readings = readBatchAnswer(data, chunk.length);
  const unread = chunk.filter((_, j) => readings[j]!.result === 'unknown');
  for (const [j, b] of chunk.entries()) {
    const r = readings[j]!;
    if (r.result === 'placed') sink.report(outcome(b, 'placed', r.order_id, r.code, r.message));
    else if (r.result === 'failed') sink.report(outcome(b, 'failed', '', r.code, r.message));
  }
  if (unread.length) {
    host.note(`bm: the venue's answer does not say what became of ${unread.length} orders; looking them up by client order id`);
    for (const o of await settle(host, unread, 'an unreadable answer')) sink.report(o);
  }
}

/**
 * Sends `todo` in requests of {@link BATCH}. Orders in `lookFirst` (sent before with no outcome
 * proven) are looked up first and sent only when the venue says it has none.
 */
export async function sendBatch(host: BatchHost, ep: Endpoint, todo: readonly BatchOrder[], sink: BatchSink, lookFirst: ReadonlySet<number>): Promise<void> {
  const queue = todo.filter((b) => !lookFirst.has(b.index));
  const toLook = todo.filter((b) => lookFirst.has(b.index));
  for (let start = 0; start < toLook.length; start += BATCH) {
    if (sink.stopped()) return;
    const group = toLook.slice(start, start + BATCH);
    const found = await Promise.all(group.map((b) => lookUp(host, b.order.symbol, b.order.clientOrderId)));
    for (const [j, b] of group.entries()) {
      const r = found[j]!;
      if (r === 'absent') queue.push(b);
      else sink.report(typeof r === 'object' ? outcome(b, 'placed', r.order_id, '', 'found by client order id') : outcome(b, 'unknown', '', '', 'outcome unknown (lookup inconclusive)'));
    }
  }
  // Sent in file order: the ones found absent go with the rest.
  queue.sort((a, b) => a.index - b.index);
  const chunks: BatchOrder[][] = [];
  for (let start = 0; start < queue.length; start += BATCH) chunks.push(queue.slice(start, start + BATCH));
  if (!chunks.length || sink.stopped()) return;
  await sendChunk(host, ep, chunks[0]!, sink, true);
  let next = 1;
  const lane = async (): Promise<void> => {
    while (next < chunks.length && !sink.stopped()) await sendChunk(host, ep, chunks[next++]!, sink, false);
  };
  const lanes = host.dryRun ? 1 : Math.min(IN_FLIGHT, chunks.length - 1);
  await Promise.all(Array.from({ length: lanes }, lane));
}
