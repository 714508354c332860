/**
 * Amends an order as cancel, then replace (src/core/order/amend.ts): the old order read and its cancel
 * proven before the rest is placed at the new price, under one confirmation; the deviation guard and the
 * market context of a placement on the new order; the conditional orders that followed the old order
 * told to follow the new one. One {@link OrderOutcome}: `amended` (with what became of both orders),
 * the venue's refusal (the order is over: nothing sent), unknown, or a dry run.
 */
import { amendOrder as cancelReplace } from '../order/amend.js';
import { pairRules } from '../order/pairs.js';
import { followReplaced } from './algo.js';
import { failedOf, type OrderOutcome } from './order-outcome.js';
import { marketLines, type OrderPort } from './order-port.js';
import type { OrderRef } from './order.js';

export type { Amended } from '../order/amend.js';
export { checkChange } from '../order/amend-plan.js';

/** Which order, and what it becomes (checked by the face's parser: see {@link checkChange}). */
export interface AmendRequest {
  readonly symbol: string;
  readonly ref: OrderRef;
  readonly price?: string;
  readonly size?: string;
  /** The new order's client order id; default: a new one. */
  readonly newClientOrderId?: string;
  /** The deviation guard on the new price (percent; absent: none). */
  readonly maxDeviation?: string;
  /** The face's name of the write, for messages: `order amend`, `order.amend`. */
  readonly command: string;
  /** Already confirmed by the face (the trading terminal's own question). */
  readonly confirmed?: boolean;
  /** Where the lines of the conditional orders that now follow the new order go (absent: nowhere). */
  readonly note?: (line: string) => void;
}

/** Amends one order; see the module's comment. */
export async function amendOrder(port: OrderPort, req: AmendRequest): Promise<OrderOutcome> {
  const rules = await pairRules(port, req.symbol);
  try {
    const a = await cancelReplace(port.host, port.channel, {
      rules, command: req.command, ...('orderId' in req.ref ? { orderId: req.ref.orderId } : { clientOrderId: req.ref.clientOrderId }),
      ...(req.price !== undefined ? { price: req.price } : {}), ...(req.size !== undefined ? { size: req.size } : {}),
      ...(req.newClientOrderId !== undefined ? { newClientOrderId: req.newClientOrderId } : {}),
      ...(req.confirmed ? { confirmed: true } : {}),
      guard: (order) => marketLines(port, order, rules, req.maxDeviation),
      follow: followReplaced(port.env, req.symbol, req.note ?? (() => undefined)),
    });
    return a ? { kind: 'amended', amended: a } : { kind: 'dry-run' };
  } catch (err) {
    return failedOf(err);
  }
}
