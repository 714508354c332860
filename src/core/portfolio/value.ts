/**
 * Valuing balances in one quote currency from last prices: directly (`BTC_USDT`), through the
 * inverse pair (`USDT_BTC`: divided), or through one bridge currency (`SOL_BTC` then `BTC_USDT`).
 * Exact decimals throughout; a quotient is cut at {@link SCALE} places and the result normalised.
 */
import { div, fmt, mul, norm, places, type Dec } from '../../util/decimal.js';
import { roundToStep, tickOf } from '../../util/round.js';
import { pricePlaces, type PairRules } from '../order/pairs.js';

/** Decimal places kept when a price is inverted. */
export const SCALE = 12;

/** Last price by pair symbol (`BTC_USDT` -> `30000.5`). */
export type Prices = ReadonlyMap<string, string>;

/** The price of one `from` in `to`, or undefined when no pair (or one bridge) links them. */
export function priceIn(from: string, to: string, prices: Prices, bridges: readonly string[] = ['USDT', 'BTC', 'ETH']): Dec | string | undefined {
  if (from === to) return '1';
  const direct = prices.get(`${from}_${to}`);
  if (direct !== undefined && !/^[0.]*$/.test(direct)) return direct;
  const inverse = prices.get(`${to}_${from}`);
  if (inverse !== undefined && !/^[0.]*$/.test(inverse)) return div('1', inverse, SCALE);
  for (const b of bridges) {
    if (b === from || b === to) continue;
    const first = priceIn(from, b, prices, []);
    const second = first === undefined ? undefined : priceIn(b, to, prices, []);
    if (first !== undefined && second !== undefined) return mul(first, second);
  }
  return undefined;
}

/** `amount` of `from` in `to`, as normalised text; undefined when it cannot be priced. */
export function valueIn(amount: string, from: string, to: string, prices: Prices): string | undefined {
  const p = priceIn(from, to, prices);
  return p === undefined ? undefined : norm(fmt(mul(amount, p)));
}

/** Places when no pair quotes the currency nor trades it. */
const FALLBACK_PLACES = 8;

/**
 * Decimal places of an amount in `currency` as a trader reads it: the coarsest price precision of the
 * pairs quoted in it (USDT: 2), else the finest size step of the pairs that trade it as base.
 */
export function currencyPlaces(currency: string, pairs: readonly Pick<PairRules, 'base_currency' | 'quote_currency' | 'price_max_precision' | 'base_min_size'>[]): number {
  const quoted = pairs.filter((p) => p.quote_currency === currency).map(pricePlaces).filter((n) => n !== undefined);
  if (quoted.length) return Math.min(...quoted);
  const based = pairs.filter((p) => p.base_currency === currency && p.base_min_size !== '').map((p) => places(p.base_min_size));
  return based.length ? Math.max(...based) : FALLBACK_PLACES;
}

/** An exact amount rounded half to even at `n` places, printed with exactly `n` places (`65336.2996` -> `65336.30`). */
export function roundTo(amount: string, n: number): string {
  return fmt(roundToStep(amount, tickOf(n), 'half-even'), Math.max(n, 0));
}
