/**
 * What an account's balances are worth in one quote currency, at the replayed market's prices: a
 * pair's last trade, else the middle of its best bid and ask; a currency with no pair to the quote is
 * valued through BTC or ETH. Exact decimals.
 */
import { add, div, mul, norm } from '../../util/decimal.js';
import type { Exchange } from '../../sandbox/exchange/exchange.js';

/** Currencies a currency without its own pair to the quote is valued through. */
const VIA = ['BTC', 'ETH'];

/** The pair's price now ('' when it has neither a trade nor both sides of a book). */
export function priceOf(ex: Exchange, symbol: string): string {
  if (!ex.details(symbol)) return '';
  const [last] = ex.trades(symbol, 1);
  if (last) return last.price;
  const d = ex.depth(symbol, 1);
  const bid = d.bids[0]?.[0];
  const ask = d.asks[0]?.[0];
  return bid && ask ? norm(div(add(bid, ask), '2', 18)) : '';
}

/** One unit of `currency` in `quote` ('' when it cannot be valued). */
export function rateOf(ex: Exchange, currency: string, quote: string): string {
  if (currency === quote) return '1';
  const direct = priceOf(ex, `${currency}_${quote}`);
  if (direct) return direct;
  for (const via of VIA) {
    const a = priceOf(ex, `${currency}_${via}`);
    const b = a && priceOf(ex, `${via}_${quote}`);
    if (a && b) return norm(mul(a, b));
  }
  return '';
}

/** The account's balances (available and frozen) valued in `quote`; currencies that cannot be valued are listed. */
export function equityOf(ex: Exchange, account: string, quote: string): { readonly value: string; readonly unvalued: string[] } {
  let value = '0';
  const unvalued: string[] = [];
  for (const b of ex.balances(account)) {
    const held = norm(add(b.available, b.frozen));
    if (held === '0') continue;
    const r = rateOf(ex, b.currency, quote);
    if (r === '') unvalued.push(b.currency);
    else value = norm(add(value, mul(held, r)));
  }
  return { value, unvalued };
}
