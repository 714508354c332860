/** The spread of a book, as `bm watch depth` and the trading terminal's book both show it. */
import { div, fmt, isZero, mul, sub } from '../util/decimal.js';

type Level = readonly [price: string, size: string];

/** `ask - bid` and its share of the bid in percent; undefined without both sides. */
export function spreadOf(book: { readonly asks: readonly Level[]; readonly bids: readonly Level[] }): { abs: string; pct: string } | undefined {
  const ask = book.asks[0]?.[0];
  const bid = book.bids[0]?.[0];
  if (!ask || !bid) return undefined;
  const abs = sub(ask, bid);
  return { abs: fmt(abs), pct: isZero(bid) ? '' : fmt(div(mul(abs, '100'), bid, 3)) };
}
