/**
 * Every order the terminal places or cancels goes through here, and so does the market context its
 * confirmation shows: the same checks and careful path as `bm order place` (pair rules, client
 * order id, the deviation guard, a lookup when the outcome is unknown). The market context is pure.
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Context } from '../../context.js';
import { BmError, usage } from '../../errors.js';
import { add, cmp, dec, div, fmt, isZero, min, mul, norm, sub, truncate, type Dec } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';
import { send } from '../engine.js';
import { checkOrder, type CheckedOrder, type OrderInput } from '../order/check.js';
import { outcomeUnknown, resolveUnknown } from '../order/lookup.js';
import type { PairRules } from '../order/pairs.js';
import type { Level, OpenOrder } from './state.js';

/** What the market looks like to a confirmation: the book's two sides and the last price. */
export interface Quote {
  readonly asks: readonly Level[];
  readonly bids: readonly Level[];
  readonly last: string | undefined;
}

export interface Fill {
  /** Base quantity the visible book would fill. */
  readonly size: string;
  /** Quote amount it would cost or bring. */
  readonly notional: string;
  readonly avgPrice: string;
  /** False when the visible book is too thin for the whole order. */
  readonly complete: boolean;
}

export interface MarketContext {
  readonly last: string | undefined;
  readonly bestBid: string | undefined;
  readonly bestAsk: string | undefined;
  /** Signed percent of the order's price from the last price (3 places, truncated). */
  readonly fromLast: string | undefined;
  /** A limit order that would trade at once; every market order does. */
  readonly crosses: boolean;
  /** Estimated fill of a market order against the visible book. */
  readonly fill: Fill | undefined;
}

/** Signed percent `(price - ref) / ref`, truncated to `digits` places; undefined without a reference. */
export function distancePct(price: string, ref: string | undefined, digits = 2): string | undefined {
  if (!ref || isZero(ref)) return undefined;
  return fmt(div(mul(sub(price, ref), '100'), ref, digits));
}

/** A buy at or above the best ask, a sell at or below the best bid. */
export function crossesBook(side: 'buy' | 'sell', price: string, q: Pick<Quote, 'asks' | 'bids'>): boolean {
  const best = side === 'buy' ? q.asks[0]?.[0] : q.bids[0]?.[0];
  if (!best) return false;
  return side === 'buy' ? cmp(price, best) >= 0 : cmp(price, best) <= 0;
}

/**
 * Walks the opposite side of the book: a buy spending `amount` of quote (`spends`) or taking
 * `amount` of base, a sell giving `amount` of base. Undefined when that side is empty.
 */
export function estimateFill(side: 'buy' | 'sell', amount: string, spends: boolean, q: Pick<Quote, 'asks' | 'bids'>): Fill | undefined {
  const levels = side === 'buy' ? q.asks : q.bids;
  if (!levels.length) return undefined;
  let left: Dec = { units: 0n, scale: 0 };
  left = add(left, amount);
  let base: Dec = { units: 0n, scale: 0 };
  let quote: Dec = { units: 0n, scale: 0 };
  let pricePlaces = 0;
  for (const [price, size] of levels) {
    if (left.units <= 0n) break;
    pricePlaces = Math.max(pricePlaces, dec(price).scale);
    if (spends) {
      const worth = mul(price, size);
      const take = min(worth, left);
      base = add(base, cmp(take, worth) === 0 ? size : div(take, price, 18));
      quote = add(quote, take);
      left = sub(left, take);
    } else {
      const take = min(size, left);
      base = add(base, take);
      quote = add(quote, mul(take, price));
      left = sub(left, take);
    }
  }
  if (isZero(base)) return undefined;
  // An estimate: the size to 8 places, the average price to two places beyond the book's.
  return { size: norm(truncate(base, 8)), notional: norm(quote), avgPrice: norm(div(quote, base, pricePlaces + 2)), complete: left.units <= 0n };
}

/** The context a confirmation shows for `order`. */
export function marketContext(order: CheckedOrder, q: Quote): MarketContext {
  const market = order.type === 'market';
  const amount = market ? (order.side === 'buy' ? order.notional : order.size) : undefined;
  return {
    last: q.last, bestBid: q.bids[0]?.[0], bestAsk: q.asks[0]?.[0],
    fromLast: order.price !== undefined ? distancePct(order.price, q.last, 3) : undefined,
    crosses: market || (order.price !== undefined && crossesBook(order.side, order.price, q)),
    fill: market && amount !== undefined ? estimateFill(order.side, amount, order.side === 'buy', q) : undefined,
  };
}

/** The deviation guard: a limit price more than `maxPct` through the last price is refused. */
export function deviationError(order: Pick<CheckedOrder, 'side' | 'price'>, last: string | undefined, maxPct: string): string | undefined {
  if (order.price === undefined || !last || isZero(last)) return undefined;
  const through = order.side === 'buy' ? sub(order.price, last) : sub(last, order.price);
  if (through.units <= 0n) return undefined;
  const pct = div(mul(through, '100'), last, 2);
  if (cmp(pct, maxPct) <= 0) return undefined;
  return `price: ${order.price} is ${fmt(pct)}% ${order.side === 'buy' ? 'above' : 'below'} the last price ${last} (more than --max-deviation ${maxPct}%)`;
}

/** Pre-flight: the pair's rules, then the deviation guard. Throws a usage error naming the field (as the form calls it). */
export function preflight(input: OrderInput, rules: PairRules, q: Quote, maxPct: string): { order: CheckedOrder; context: MarketContext } {
  let order: CheckedOrder;
  try {
    order = checkOrder(input, rules);
  } catch (err) {
    if (err instanceof BmError) throw usage(err.message.replace(/--(size|price|notional)\b/g, '$1').replace(/^notional\b/, 'amount'));
    throw err;
  }
  const guard = deviationError(order, q.last, maxPct);
  if (guard) throw usage(guard);
  return { order, context: marketContext(order, q) };
}

/** How a write ended, as the venue proved it. */
export interface Outcome {
  readonly kind: 'ok' | 'rejected' | 'unknown';
  readonly text: string;
  readonly orderId?: string;
}

/** A failed write: rejected when the venue answered, unknown when it did not (or answered 5xx). */
export function outcomeOfError(what: string, err: unknown): Outcome {
  if (!(err instanceof BmError)) return { kind: 'unknown', text: `${what}: outcome unknown: ${(err as Error).message}` };
  const d = err.details;
  const venue = d.code !== undefined ? ` (code ${d.code}${d.venueMessage ? `: ${d.venueMessage}` : ''}${d.trace ? `, trace ${d.trace}` : ''})` : '';
  const hint = d.hint ? `; ${d.hint}` : '';
  if (err.category === 'network' || err.category === 'unknown') return { kind: 'unknown', text: `${what}: outcome unknown: ${err.message}${venue}${hint}` };
  return { kind: 'rejected', text: `${what}: rejected: ${err.message}${venue}${hint}` };
}

/** One line naming an order: `buy 0.01 BTC_USDT @ 30000` (or `market`). */
export function orderText(o: Pick<CheckedOrder, 'side' | 'type' | 'size' | 'price' | 'notional' | 'symbol'>): string {
  const amount = o.size ?? `${o.notional} (quote)`;
  return `${o.side} ${amount} ${o.symbol} @ ${o.price ?? 'market'}`;
}

/** Places a checked order once; an unknown outcome is looked up by its client order id, never re-sent. */
export async function placeOrder(ctx: Context, order: CheckedOrder): Promise<Outcome> {
  const what = `place ${orderText(order)}`;
  try {
    let data: unknown;
    try {
      data = await send(ctx, endpoint('spot.order.submit'), order.params);
    } catch (err) {
      if (!outcomeUnknown(err)) throw err;
      data = await resolveUnknown(ctx, order.symbol, order.clientOrderId, err);
    }
    const id = scalarText((data as Record<string, unknown> | undefined)?.order_id);
    return { kind: 'ok', text: `placed ${orderText(order)} (order ${id}, client order id ${order.clientOrderId})`, orderId: id };
  } catch (err) {
    return outcomeOfError(what, err);
  }
}

/** Cancels one order; when the answer is lost, the order's status decides what is claimed. */
export async function cancelOrder(ctx: Context, symbol: string, o: OpenOrder): Promise<Outcome> {
  const what = `cancel ${o.side} ${o.size} @ ${o.price} (order ${o.id})`;
  try {
    const data = await send(ctx, endpoint('spot.order.cancel'), [['symbol', symbol], ['order_id', o.id]]);
    if ((data as { result?: unknown } | undefined)?.result === false) return { kind: 'rejected', text: `${what}: not cancelled: already filled or cancelled` };
    return { kind: 'ok', text: `cancelled ${o.side} ${o.size} @ ${o.price} (order ${o.id})`, orderId: o.id };
  } catch (err) {
    if (!outcomeUnknown(err)) return outcomeOfError(what, err);
    return cancelLookup(ctx, symbol, o, what, err);
  }
}

async function cancelLookup(ctx: Context, symbol: string, o: OpenOrder, what: string, cause: BmError): Promise<Outcome> {
  try {
    const api = await ctx.api();
    const { data } = await api.call(endpoint('spot.order.detail'), [['symbol', symbol], ['order_id', o.id]]);
    const status = scalarText((data as Record<string, unknown>).status);
    if (status === '8' || status === '12') return { kind: 'ok', text: `cancelled ${o.side} ${o.size} @ ${o.price} (order ${o.id}, found after: ${cause.message})`, orderId: o.id };
    if (status === '6') return { kind: 'rejected', text: `${what}: not cancelled: the order filled` };
  } catch {
    // The lookup failed too: nothing is proven.
  }
  return { kind: 'unknown', text: `${what}: outcome unknown: ${cause.message}; check with: bm order get ${symbol} --order-id ${o.id}` };
}

/** Cancels every open order of the pair (one request). */
export async function cancelAll(ctx: Context, symbol: string): Promise<Outcome> {
  const what = `cancel all on ${symbol}`;
  try {
    await send(ctx, endpoint('spot.order.cancel_all'), [['symbol', symbol]]);
    return { kind: 'ok', text: `cancelled every open order on ${symbol}` };
  } catch (err) {
    const o = outcomeOfError(what, err);
    return o.kind === 'unknown' ? { ...o, text: `${o.text}; check with: bm order list ${symbol} --status open` } : o;
  }
}
