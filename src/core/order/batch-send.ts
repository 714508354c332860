/**
 * Sending a batch: 10 orders per request, the first request alone (a refusal of them all stops the
 * run there), then up to {@link IN_FLIGHT} at once as the rate limiter allows. Each order's outcome is
 * handed on as soon as it is known; an answer that proves nothing, or a refusal as a duplicate client
 * order id (50042), is settled by looking the orders up. A refusal for the rate (429 after the
 * client's retries, 418) stops the batch at once: nothing more is sent.
 */
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import type { Endpoint } from '../../api/catalogue/types.js';
import { BmError } from '../../errors.js';
import { readBatchAnswer } from './batch-answer.js';
import type { BatchHost, BatchOrder } from './batch-host.js';
import type { Outcome } from './batch-journal.js';
import { Claims, foundOutcome, lookUp, outcome, settle } from './batch-settle.js';
import { outcomeUnknown } from './lookup.js';

/** The most orders one batch request may carry (50033 beyond). */
export const BATCH = PROTOCOL.ordersPerBatch;
/** Batch requests out at once at most: enough to reach the published rate over a slow link, few sockets. */
export const IN_FLIGHT = 8;
/** The venue's code for a client order id it already holds (facts.md 6): the order may be ours, sent before. */
const DUPLICATE_ID = '50042';

export type { BatchHost, BatchOrder } from './batch-host.js';

/** Where a batch's progress goes. */
export interface BatchSink {
  /** True once no more requests may be sent (Ctrl-C). */
  stopped(): boolean;
  /** These orders are about to go out. */
  sending(orders: readonly BatchOrder[]): void;
  report(o: Outcome): void;
  /** The venue refused these orders' request whole for its rate: not placed, to be sent again later. */
  unsent(orders: readonly BatchOrder[], err: BmError): void;
}

/** How a batch is sent. */
export interface SendOptions {
  /** Orders sent before with no outcome proven: looked up first, sent only when the venue has none. */
  readonly lookFirst?: ReadonlySet<number>;
  /** Outcomes already settled (a resumed batch's): their venue orders settle no other line. */
  readonly settled?: Iterable<Outcome>;
}

/** Why a batch stopped before its end: the venue's refusal for the rate. */
export interface SendEnd {
  readonly stoppedBy?: BmError;
}

const rateRefusal = (err: unknown): err is BmError => err instanceof BmError && err.category === 'ratelimit';

/**
 * Sends `todo` in requests of {@link BATCH}. Resolves when every request sent is settled, with the
 * rate refusal that stopped it, if one did; rejects when the first request is refused whole otherwise.
 */
export async function sendBatch(host: BatchHost, ep: Endpoint, todo: readonly BatchOrder[], sink: BatchSink, opts: SendOptions = {}): Promise<SendEnd> {
  const claims = new Claims(opts.settled);
  const report = (o: Outcome) => sink.report(claims.claim(o));
  let stoppedBy: BmError | undefined;
  const stopped = () => stoppedBy !== undefined || sink.stopped();

  const sendChunk = async (chunk: readonly BatchOrder[], first: boolean): Promise<void> => {
    sink.sending(chunk);
    let data: unknown;
    try {
      data = await host.send(ep, [['order_params', chunk.map((b) => Object.fromEntries(b.order.params))]]);
    } catch (err) {
      if (rateRefusal(err)) {
        stoppedBy ??= err;
        sink.unsent(chunk, err);
        return;
      }
      const dup = err instanceof BmError && err.details.code === DUPLICATE_ID;
      if (outcomeUnknown(err) || dup) {
        host.note(`bm: ${(err as Error).message}; looking up each order of this request by client order id`);
        for (const o of await settle(host, chunk, dup ? 'a refusal as a duplicate client order id' : 'no answer')) report(o);
        return;
      }
      const code = err instanceof BmError ? err.details.code ?? '' : '';
      for (const b of chunk) report(outcome(b, 'failed', '', code, (err as Error).message));
      if (first) throw err;
      return;
    }
    if (host.dryRun) return;
    const readings = readBatchAnswer(data, chunk.length);
    const open: BatchOrder[] = [];
    const dups: BatchOrder[] = [];
    for (const [j, b] of chunk.entries()) {
      const r = readings[j]!;
      if (r.result === 'placed') report(outcome(b, 'placed', r.order_id, r.code, r.message));
      else if (r.result === 'failed' && r.code === DUPLICATE_ID) dups.push(b);
      else if (r.result === 'failed') report(outcome(b, 'failed', '', r.code, r.message));
      else open.push(b);
    }
    if (open.length) {
      host.note(`bm: the venue's answer does not say what became of ${open.length} orders; looking them up by client order id`);
      for (const o of await settle(host, open, 'an unreadable answer')) report(o);
    }
    if (dups.length) {
      host.note(`bm: the venue refused ${dups.length} orders as duplicate client order ids (${DUPLICATE_ID}); looking them up by client order id`);
      for (const o of await settle(host, dups, 'a refusal as a duplicate client order id')) report(o);
    }
  };

  const queue = todo.filter((b) => !opts.lookFirst?.has(b.index));
  const toLook = todo.filter((b) => opts.lookFirst?.has(b.index));
  for (let start = 0; start < toLook.length && !stopped(); start += BATCH) {
    const group = toLook.slice(start, start + BATCH);
    const found = await Promise.all(group.map((b) => lookUp(host, b)));
    for (const [j, b] of group.entries()) {
      if (found[j] === 'absent') queue.push(b);
      else report(foundOutcome(b, found[j]!, 'a send with no outcome proven'));
    }
  }
  // Sent in file order: the ones found absent go with the rest.
  queue.sort((a, b) => a.index - b.index);
  const chunks: BatchOrder[][] = [];
  for (let start = 0; start < queue.length; start += BATCH) chunks.push(queue.slice(start, start + BATCH));
  const end = (): SendEnd => (stoppedBy ? { stoppedBy } : {});
  if (!chunks.length || stopped()) return end();
  await sendChunk(chunks[0]!, true);
  let next = 1;
  const lane = async (): Promise<void> => {
    while (next < chunks.length && !stopped()) await sendChunk(chunks[next++]!, false);
  };
  const lanes = host.dryRun ? 1 : Math.min(IN_FLIGHT, chunks.length - 1);
  await Promise.all(Array.from({ length: lanes }, lane));
  return end();
}
