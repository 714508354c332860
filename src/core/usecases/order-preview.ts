/**
 * An order previewed against a live book before it is confirmed (the trading terminal's form): the pair's
 * rules and the deviation guard, as `bm order place` checks them, and the market context its confirmation
 * shows (where the price stands from the last, whether it crosses, a market order's walk of the book).
 * Placing it is {@link placeOrder}'s, which checks it again.
 */
import type { Side } from '../../api/catalogue/vocab.js';
import { BmError } from '../../errors.js';
import { isDecimal, isZero } from '../../util/decimal.js';
import { checkOrder, type CheckedOrder, type OrderInput } from '../order/check.js';
import { checkDeviation, crosses, deviationPct, estimateFill, type Book, type Fill } from '../order/market-context.js';

export { deviationPct };
import type { PairRules } from '../order/pairs.js';

/** A level of a live book: price and amount. */
export type LiveLevel = readonly [price: string, amount: string];

/** What a live view knows of the market: its book's two sides (best first) and the last price. */
export interface LiveQuote {
  readonly asks: readonly LiveLevel[];
  readonly bids: readonly LiveLevel[];
  readonly last: string | undefined;
}

export interface MarketContext {
  readonly last: string | undefined;
  readonly bestBid: string | undefined;
  readonly bestAsk: string | undefined;
  /** Signed percent of the order's price from the last price (as `bm order place` says it). */
  readonly fromLast: string | undefined;
  /** A limit order that would trade at once; every market order does. */
  readonly crosses: boolean;
  /** A market order walked through the visible book. */
  readonly fill: Fill | undefined;
}

const usable = (v: string | undefined): v is string => v !== undefined && v !== '' && isDecimal(v) && !isZero(v);

function bookOf(q: Pick<LiveQuote, 'asks' | 'bids'>): Book {
  const side = (levels: readonly LiveLevel[]) => levels.map(([price, amount]) => ({ price, amount }));
  return { asks: side(q.asks), bids: side(q.bids) };
}

/** The context a confirmation shows for `order` on the live book. */
export function marketContext(order: CheckedOrder, q: LiveQuote): MarketContext {
  const bestBid = q.bids[0]?.[0];
  const bestAsk = q.asks[0]?.[0];
  return {
    last: q.last, bestBid, bestAsk,
    fromLast: order.price !== undefined && usable(q.last) ? deviationPct(order.price, q.last) : undefined,
    crosses: crosses(order, { last: q.last ?? '', bid: bestBid ?? '', ask: bestAsk ?? '' }),
    fill: order.type === 'market' ? estimateFill(order, bookOf(q)) : undefined,
  };
}

/**
 * What buying `size` (base) at market costs on the live asks (or selling it on the bids): the walk a
 * market order's confirmation shows, for a face that lets a market buy be sized in base and sends the
 * cost as the amount to spend. `complete` false: the visible book holds less.
 */
export function walkSize(side: Side, size: string, q: Pick<LiveQuote, 'asks' | 'bids'>): Fill {
  return estimateFill({ side, type: 'market', size }, bookOf(q));
}

/** The deviation guard on the live last price (`maxPct` percent; absent: none): its refusal, or undefined. */
export function guardRefusal(order: Pick<CheckedOrder, 'side' | 'type' | 'price'>, last: string | undefined, maxPct: string | undefined): BmError | undefined {
  try {
    checkDeviation(order, last ?? '', maxPct);
    return undefined;
  } catch (err) {
    if (err instanceof BmError) return err;
    throw err;
  }
}

/** The order checked against its pair's rules and the guard (a usage error naming the field when not), with its market context. */
export function previewOrder(input: OrderInput, rules: PairRules, q: LiveQuote, maxPct: string | undefined): { order: CheckedOrder; context: MarketContext } {
  const order = checkOrder(input, rules);
  const refusal = guardRefusal(order, q.last, maxPct);
  if (refusal) throw refusal;
  return { order, context: marketContext(order, q) };
}
