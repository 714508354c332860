/**
 * The account, one use case for `bm portfolio`, `bm pnl` and the library's `portfolio()`, `pnl()`: the
 * wallet valued in one currency (from the tickers' last prices), and the P&L of each pair from all of
 * its fills (weighted average cost, fees included), read page by page within the rate limit. The faces
 * check their input, print or return the figures.
 */
import { balances, type Balance } from '../order/across.js';
import { allPairs, type PairRules, type PairSource } from '../order/pairs.js';
import { lastPrices, quotePlaces, valueWallet, type Valuation } from '../portfolio/valued.js';
import { checkedBy, type OrderPort } from './order-port.js';

export { pnlFill, pnlOf, pnlPairs, windowOf, type PnlQuery, type PnlReport } from '../portfolio/pnl-fills.js';
// The running P&L a live view keeps fill by fill (the trading terminal's P&L line).
export { addFill, avgCost, NO_FILLS, PNL_METHOD, pnlFigures, runFills, unrealizedAt, type PairPnl, type PnlFill, type PnlRunning } from '../portfolio/pnl.js';
export { currencyPlaces, roundTo } from '../portfolio/value.js';
export type { Valuation } from '../portfolio/valued.js';

/** The wallet valued: every pair's rules (the currency checked against them first), the balances, the valuation. */
export interface ValuedAccount {
  readonly rules: readonly PairRules[];
  /** The decimal places of the currency valued in. */
  readonly places: number;
  readonly wallet: readonly Balance[];
  readonly valuation: Valuation;
}

/**
 * Values the wallet in `quote` (a currency some pair is quoted in, else a usage error naming `flag`,
 * before the wallet is read); `rounded`: the figures rounded to the currency's places (the library),
 * else exact (the command line rounds as it prints).
 */
export async function valueAccount(src: PairSource & Pick<OrderPort, 'checked'>, quote: string, opts: { readonly flag: string; readonly rounded?: boolean }): Promise<ValuedAccount> {
  const rules = await allPairs(src);
  const places = await checkedBy(src, () => quotePlaces(rules, quote, opts.flag));
  const wallet = await balances(src);
  const valuation = valueWallet(wallet, quote, await lastPrices(src), opts.rounded ? places : undefined);
  return { rules, places, wallet, valuation };
}
