/**
 * What the account's reads across pairs give (src/lib/account.ts, pnl.ts): open orders and fills of
 * every pair, the portfolio valued in one currency, and the P&L from fills. Declarations only (shipped as
 * dist/lib/types-account.d.ts), re-exported by ./types.ts.
 */
import type { DecimalString, Row } from './types-values.js';

/** `client.order.open()`: open orders of every pair the account can have orders on, newest first. */
export interface AcrossOrders {
  /** The pairs asked (those whose currencies the wallet holds frozen). */
  readonly pairs: readonly string[];
  readonly orders: ReadonlyArray<Row<'order_id' | 'client_order_id' | 'symbol' | 'side' | 'type' | 'price' | 'size' | 'filled_size' | 'status' | 'create_time'>>;
}

/** `client.order.fills({ since })` without a pair: the newest fills of every pair the account can have traded. */
export interface AcrossFills {
  readonly pairs: readonly string[];
  readonly fills: ReadonlyArray<Row<'symbol' | 'side' | 'price_avg' | 'size' | 'notional' | 'fees' | 'fee_coin_name' | 'create_time'>>;
}

/** Parameters of `client.order.fills` across pairs. */
export interface AcrossFillsParams {
  /** Fills at or after this time: `-2h`, an ISO date, epoch seconds or ms, `now`, or a Date. */
  readonly since?: string | number | Date;
  /** The newest this many, 1 to 100 (default 100). */
  readonly limit?: number | string;
}

/** A balance valued in the portfolio's currency. */
export interface ValuedBalance {
  readonly currency: string;
  readonly available: DecimalString;
  readonly frozen: DecimalString;
  /** available + frozen. */
  readonly total: DecimalString;
  /** One unit's price in the portfolio's currency ('' when no pair prices it). */
  readonly price: DecimalString;
  /** total x price ('' when no pair prices it). */
  readonly value: DecimalString;
}

/** `client.portfolio({ in })`: the wallet valued in one currency, as `bm portfolio`. */
export interface Portfolio {
  readonly in: string;
  /** The sum of the values priced, rounded (half to even) at `places`, as are prices and values. */
  readonly total: DecimalString;
  /** The currency's decimals: the finest price precision of the venue's pairs quoted in it. */
  readonly places: number;
  readonly balances: readonly ValuedBalance[];
  /** Currencies held that no pair (nor one bridge through USDT, BTC or ETH) prices: left out of the total. */
  readonly unpriced: readonly string[];
}

/** Parameters of `client.pnl`: times as the CLI's (`-7d`, an ISO date, epoch seconds or ms, `now`) or a Date. */
export interface PnlParams {
  /** One pair (default: every pair the account can have traded). */
  readonly symbol?: string;
  /** Fills at or after this time. */
  readonly from?: string | number | Date;
  /** Fills at or before this time. */
  readonly to?: string | number | Date;
}

/**
 * One pair's P&L from its fills in the window, by weighted average cost (fees included): base amounts
 * in `base`, the rest in `quote`, exact (never rounded).
 */
export interface PairPnl {
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  /** Base held from the window's fills (never below zero). */
  readonly position: DecimalString;
  /** Quote paid per base of the position, fees included ('' with no position). */
  readonly avg_cost: DecimalString;
  /** Realized on sells against the average cost, fees included. */
  readonly realized: DecimalString;
  /** position x last_price less its cost ('' when the pair has no last price). */
  readonly unrealized: DecimalString;
  /** Fees in the base and quote coins, in quote (base fees at their fill's price): already inside the figures above. */
  readonly fees: DecimalString;
  /** Fees in other coins, by coin: not in the P&L. */
  readonly other_fees: Readonly<Record<string, DecimalString>>;
  /** Base sold beyond what the window bought (held before it): no P&L counted on it. */
  readonly unmatched: DecimalString;
  readonly last_price: DecimalString;
  /** Fills counted. */
  readonly fills: number;
}

/** `client.pnl()`: each pair with fills in the window (a pair asked by name even without), and sums per quote currency. */
export interface Pnl {
  readonly pairs: readonly PairPnl[];
  readonly totals: ReadonlyArray<{ readonly quote: string; readonly realized: DecimalString; readonly unrealized: DecimalString; readonly fees: DecimalString }>;
}
