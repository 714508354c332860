/**
 * Settling batch orders whose outcome a request did not prove: each is looked up by its client order
 * id (never sent again), and counts as placed only when the venue holds an order under that id with
 * the order's side, price and size, and that order settles no other line of the batch.
 */
import { cmp, isDecimal } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';
import type { BatchHost, BatchOrder } from './batch-host.js';
import type { Outcome } from './batch-journal.js';
import { findByClientId } from './lookup.js';

/** What a lookup found: the venue's order id, none under that id, or nothing proven (failed, or not our order). */
export type Found = { order_id: unknown } | 'absent' | 'unknown';

const same = (ours: string | undefined, theirs: unknown): boolean => {
  const t = scalarText(theirs ?? '');
  return ours === undefined || !isDecimal(t) || cmp(ours, t) === 0;
};

/**
 * An order of the batch looked up by its client order id: its order id when the venue holds it under
 * that id with our terms; 'absent' when the venue says there is none; 'unknown' when the lookup failed
 * or found an order of another client order id or other terms. The one place batch asks the venue about an order.
 */
export async function lookUp(host: BatchHost, b: BatchOrder): Promise<Found> {
  const o = b.order;
  try {
    const found = await findByClientId(host.channel, o.symbol, o.clientOrderId, host.clock);
    if (!found) return 'absent';
    const ours = scalarText(found.client_order_id ?? found.clientOrderId ?? '') === o.clientOrderId
      && scalarText(found.side ?? o.side) === o.side && same(o.price, found.price) && (o.type === 'market' && o.side === 'buy' ? true : same(o.size, found.size));
    return ours ? { order_id: found.order_id } : 'unknown';
  } catch {
    return 'unknown';
  }
}

export function outcome(b: BatchOrder, result: Outcome['result'], order_id: unknown, code: string, message: string): Outcome {
  return { index: b.index, client_order_id: b.order.clientOrderId, order_id, result, code, message };
}

/** The outcome a lookup proves: placed when found, else unknown (`why`: what left it open). */
export function foundOutcome(b: BatchOrder, r: Found, why: string): Outcome {
  if (typeof r === 'object') return outcome(b, 'placed', r.order_id, '', `found by client order id after ${why}`);
  return outcome(b, 'unknown', '', '', `outcome unknown (${why}; ${r === 'absent' ? 'not found by client order id' : 'lookup inconclusive'})`);
}

/** Settles orders whose request proved nothing: placed when found under our id, else unknown (never re-sent here). */
export async function settle(host: BatchHost, orders: readonly BatchOrder[], why: string): Promise<Outcome[]> {
  // Looked up side by side: the rate limiter paces them.
  return Promise.all(orders.map(async (b) => foundOutcome(b, await lookUp(host, b), why)));
}

/**
 * Which line each venue order settles: one venue order is the outcome of at most one line, so a
 * second line shown the same order id (by an answer or a lookup) is left unknown.
 */
export class Claims {
  private readonly by = new Map<string, number>();

  constructor(settled: Iterable<Outcome> = []) {
    for (const o of settled) this.claim(o);
  }

  /** The outcome as it may be claimed: a placed one whose order settles another line becomes unknown. */
  claim(o: Outcome): Outcome {
    if (o.result !== 'placed') return o;
    const id = scalarText(o.order_id);
    const other = this.by.get(id);
    if (other !== undefined && other !== o.index) {
      return { ...o, result: 'unknown', order_id: '', message: `outcome unknown (the venue showed order ${id}, which is order ${other}'s outcome)` };
    }
    this.by.set(id, o.index);
    return o;
  }
}
