/**
 * An order's writes, one use case each for every face (`bm order`, `bm trade`, `bm api`, the library):
 * checked (the pair's rules, the deviation guard), confirmed through the face's port, sent once by the
 * write pipeline and proven (by the answer, a lookup, or the order's state); each answers one
 * {@link OrderOutcome}. Amend and cancel-all are in order-amend.ts and order-cancel-all.ts.
 */
import type { Endpoint } from '../../api/catalogue/types.js';
import type { Params } from '../../api/client.js';
import { scalarText } from '../../util/json.js';
import { checkOrder, describe, type OrderInput } from '../order/check.js';
import { pairRules } from '../order/pairs.js';
import { withState } from '../order/standing.js';
import { carefulWrite, type WriteRequest } from '../write/pipeline.js';
import { outcomeOf, type OneWriteOutcome } from './order-outcome.js';
import { checkedBy, marketLines, type OrderPort } from './order-port.js';

export type { OneWriteOutcome, OrderOutcome, ProvenOutcome } from './order-outcome.js';
export { provenOrThrow } from './order-outcome.js';
export type { MarketView, OrderPort } from './order-port.js';
export type { CheckedOrder, OrderInput } from '../order/check.js';

/** The catalogue's order placement: the one write whose answer is claimed only from the order's state. */
export const PLACE_ID = 'spot.order.submit';
/** The catalogue's cancel of one order. */
export const CANCEL_ID = 'spot.order.cancel';

/** An order to place: its fields as text (the symbol read by the face), and how it is checked. */
export interface PlaceRequest {
  readonly order: OrderInput;
  /** The face's name of the write, for messages: `order place`, `order.place`. */
  readonly command: string;
  /** The deviation guard: at most this many percent from the last price (absent: none). */
  readonly maxDeviation?: string;
  /** Confirm with the catalogue's own line (the library's wording) rather than the order described. */
  readonly plainConfirm?: boolean;
  /** The confirmation's line instead of the order described. */
  readonly what?: string;
  /** Already confirmed by the face (the trading terminal's own question): not asked again. */
  readonly confirmed?: boolean;
}

/** Wire parameters as an order's input: each field as text. */
export function orderInputOf(params: Params): OrderInput {
  return Object.fromEntries(params.filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, scalarText(v)])) as unknown as OrderInput;
}

/**
 * Places an order: its pair's rules checked (a failure is a usage error, nothing sent; the client order
 * id made here when none is given), the deviation guard and the market context read as the port says,
 * confirmed, sent once, proven; a limit_maker or ioc the venue may finish at once is claimed from its
 * state (`settled` when it did not stand).
 */
export async function placeOrder(port: OrderPort, req: PlaceRequest): Promise<OneWriteOutcome> {
  const rules = await pairRules(port, req.order.symbol);
  const order = checkedBy(port, () => checkOrder(req.order, rules));
  const context = await marketLines(port, order, rules, req.maxDeviation);
  const ep = port.channel.entry(PLACE_ID);
  const what = req.what ?? (req.plainConfirm ? undefined : `Place ${describe(order, rules)}`);
  return placeChecked(port, { ep, params: order.params, command: req.command, ...(what !== undefined ? { what } : {}), context, ...(req.confirmed ? { confirmed: true } : {}) });
}

/** Places an order whose parameters go as given (`bm api`: the request exactly as typed), proven as {@link placeOrder} proves it. */
export function placeChecked(port: OrderPort, req: WriteRequest<Endpoint>): Promise<OneWriteOutcome> {
  let answer: unknown;
  return outcomeOf('placed', req.command, async () => {
    const sent = await carefulWrite(port.host, port.channel, req);
    answer = sent?.data;
    return sent && withState(port.channel, sent, req.command, port.host.clock);
  }, () => answer);
}

/** Which order to cancel: by its order id or by its client order id. */
export type OrderRef = { readonly orderId: string } | { readonly clientOrderId: string };

/** One order to cancel; `what` and `confirmed` as for {@link PlaceRequest}. */
export interface CancelRequest {
  readonly symbol: string;
  readonly ref: OrderRef;
  readonly command: string;
  readonly what?: string;
  readonly confirmed?: boolean;
}

/** Cancels one order (confirmed, sent once, proven; `settled` when it was already over). */
export function cancelOrder(port: OrderPort, req: CancelRequest): Promise<OneWriteOutcome> {
  const ref = 'orderId' in req.ref ? (['order_id', req.ref.orderId] as const) : (['client_order_id', req.ref.clientOrderId] as const);
  return outcomeOf('cancelled', req.command, () => carefulWrite(port.host, port.channel, {
    ep: port.channel.entry(CANCEL_ID), params: [['symbol', req.symbol], ref], command: req.command,
    what: req.what ?? `Cancel order ${ref[1]} on ${req.symbol}`, ...(req.confirmed ? { confirmed: true } : {}),
  }));
}

/**
 * Any catalogued write of the current generation, as a generic face sends it (the library's methods,
 * `bm api`): an order placement through {@link placeOrder} (its rules checked unless `asGiven`) and proven
 * from its state; any other write sent once and proven by the pipeline.
 */
export function writeEndpoint(port: OrderPort, ep: Endpoint, params: Params, opts: { readonly command: string; readonly asGiven?: boolean; readonly maxDeviation?: string }): Promise<OneWriteOutcome> {
  const { command, maxDeviation } = opts;
  if (ep.id === PLACE_ID) {
    return opts.asGiven ? placeChecked(port, { ep, params, command }) : placeOrder(port, { order: orderInputOf(params), command, plainConfirm: true, ...(maxDeviation !== undefined ? { maxDeviation } : {}) });
  }
  return outcomeOf(ep.id === CANCEL_ID ? 'cancelled' : 'done', command, () => carefulWrite(port.host, port.channel, { ep, params, command }));
}
