/**
 * An order read by its id is the order asked for only when the answer carries that id: a venue (or a
 * proxy) that answers with another order has not found ours. Used by `order get`, `client.order.get`,
 * the reads of `order place` (after a placement, while waiting), and for the first generation by
 * `legacy order get` and `client.legacy.order.get`.
 */
import { CANCEL } from '../../api/catalogue/safety.js';
import type { Params } from '../../api/client.js';
import { codes } from '../../api/codes.js';
import { BmError } from '../../errors.js';
import type { Row } from '../../util/row.js';
import { fieldText, mismatch, sentText } from '../write/proof.js';

/** The fields that name an order (its id, its client order id), as the catalogue matches a found order. */
const IDENTITY = CANCEL.lookup!.match;

/** Which order was asked for: `order_id` and/or the client order id, under either parameter name. */
export interface OrderAsked {
  readonly orderId?: string;
  readonly clientOrderId?: string;
}

/** The ids in a read's parameters (`order_id`, `clientOrderId` or `client_order_id`). */
export function askedIn(params: Params): OrderAsked {
  const orderId = sentText(params, 'order_id');
  const clientOrderId = sentText(params, 'clientOrderId') ?? sentText(params, 'client_order_id');
  return { ...(orderId !== undefined ? { orderId } : {}), ...(clientOrderId !== undefined ? { clientOrderId } : {}) };
}

/** Why `row` is not the order asked for (`the venue answered order 7 with client order id 'x', not 'y'`); undefined when it is. */
export function notAsked(asked: OrderAsked, row: Row): string | undefined {
  const sent: Params = [
    ...(asked.orderId !== undefined ? [['order_id', asked.orderId] as const] : []),
    ...(asked.clientOrderId !== undefined ? [['client_order_id', asked.clientOrderId] as const] : []),
  ];
  const m = mismatch(IDENTITY, row, sent);
  if (!m) return undefined;
  const id = fieldText(row, 'order_id');
  const which = id ? `order ${id}` : 'an order without an order id';
  if (m.field === 'order_id') return `the venue answered ${which}, not order ${m.want}`;
  return `the venue answered ${which} ${m.got ? `with client order id '${m.got}'` : 'without a client order id'}, not '${m.want}'`;
}

/**
 * Throws "no such order" (category `venue`, exit 6, as the venue's own not-found) when the answer to a
 * read of one order is another order; `command` names the read in the message.
 */
export function checkAnswered(command: string, params: Params, row: Row): void {
  // As the venue's own "Order does not exist" would be: same category, same next step.
  noSuchOrder(command, notAsked(askedIn(params), row), codes().get(50032)?.hint?.replace('SYMBOL', sentText(params, 'symbol') ?? 'SYMBOL'));
}

/** The first generation's order identity: its id, `entrust_id`, as its cancel's lookup matches it. */
const LEGACY_IDENTITY = [['entrust_id', 'entrust_id']] as const;

/** {@link checkAnswered} for a first-generation read of one order by `entrust_id` (`legacy order get`). */
export function checkLegacyAnswered(command: string, params: Params, row: Row): void {
  const m = mismatch(LEGACY_IDENTITY, row, params);
  const id = fieldText(row, 'entrust_id');
  const why = m && `the venue answered ${id ? `order ${id}` : 'an order without an order id'}, not order ${m.want}`;
  noSuchOrder(command, why, 'list orders with: bm legacy order list SYMBOL --status 5');
}

function noSuchOrder(command: string, why: string | undefined, hint: string | undefined): void {
  if (why !== undefined) throw new BmError('venue', `${command}: no such order: ${why}`, hint ? { hint } : {});
}
