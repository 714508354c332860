/**
 * The wallet valued in one currency (`bm portfolio`, `client.portfolio`): each balance's total
 * (available + frozen), its price in that currency from the tickers' last prices, and its value;
 * exact decimals throughout, rounded (half to even) at `places` when given: json keeps them exact.
 */
import { endpoint } from '../../api/catalogue/index.js';
import { add, norm } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';
import type { CallsSource } from '../calls.js';
import { rowsOf } from '../rows.js';
import type { Balance } from '../order/across.js';
import type { PairRules } from '../order/pairs.js';
import { usage } from '../../errors.js';
import { roundToStep, tickOf } from '../../util/round.js';
import { currencyPlaces, valueIn, type Prices } from './value.js';

/** One balance valued: amounts of `currency`; `price` and `value` in the quote currency ('' when it cannot be priced). */
export interface ValuedBalance {
  readonly currency: string;
  readonly available: string;
  readonly frozen: string;
  readonly total: string;
  readonly price: string;
  readonly value: string;
}

export interface Valuation {
  /** The quote currency. */
  readonly in: string;
  /** Sum of the values that could be priced. */
  readonly total: string;
  readonly balances: ValuedBalance[];
  /** Currencies held that no pair (or one bridge) prices in the quote currency: left out of the total. */
  readonly unpriced: string[];
}

/** Every pair's last price, by symbol. */
export async function lastPrices(src: CallsSource): Promise<Prices> {
  const ep = endpoint('spot.ticker');
  const data = await (await src.calls()).send(ep);
  return new Map(rowsOf(ep, data).map((t) => [scalarText(t.symbol), scalarText(t.last_price)]));
}

/**
 * The places values in `quote` are shown at (value.ts currencyPlaces); a currency no pair trades, as
 * base or quote, cannot value anything: a usage error naming `name` (`--in`, `in`).
 */
export function quotePlaces(pairs: readonly PairRules[], quote: string, name: string): number {
  if (!pairs.some((p) => p.base_currency === quote || p.quote_currency === quote)) {
    throw usage(`${name}: no pair trades ${quote}: nothing can be valued in it`, `currencies of the pairs: ${[...new Set(pairs.flatMap((p) => [p.base_currency, p.quote_currency]))].sort().join(', ')}`);
  }
  return currencyPlaces(quote, pairs);
}

/** The wallet valued in `quote`; `places` rounds prices, values and the total (half to even). */
export function valueWallet(wallet: readonly Balance[], quote: string, last: Prices, places?: number): Valuation {
  // The library's values are normalised text (`1`, `65336.3`); the command line prints them at fixed places (value.ts roundTo).
  const round = (v: string) => (places === undefined || v === '' ? v : roundToStep(v, tickOf(places), 'half-even'));
  const unpriced: string[] = [];
  let total = '0';
  const rows = wallet.map((b) => {
    const amount = norm(add(b.available, b.frozen));
    const value = valueIn(amount, b.currency, quote, last);
    if (value === undefined) unpriced.push(b.currency);
    else total = norm(add(total, value));
    return { currency: b.currency, available: b.available, frozen: b.frozen, total: amount, price: round(valueIn('1', b.currency, quote, last) ?? ''), value: round(value ?? '') };
  });
  return { in: quote, total: round(total), balances: rows, unpriced };
}
