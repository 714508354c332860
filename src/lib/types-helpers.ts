/**
 * The command line's helpers the library offers (src/lib/decimal.ts and `client.pair`): exact
 * arithmetic on decimal text, a pair's rules and rounding to them. Declarations only (shipped as
 * dist/lib/types-helpers.d.ts), re-exported by ./types.ts.
 */
import type { DecimalString } from './types-values.js';
import type { Side } from './vocab.js';

/** Rounding to a step: `down` toward minus infinity, `up` toward plus infinity, `half-even` to the nearest (ties to even). */
export type RoundMode = 'down' | 'up' | 'half-even';
/** A price's rounding: a mode, or a side (`buy` rounds down, `sell` up: the passive side, never a worse price). */
export type PriceRounding = RoundMode | Side;

/** Exact arithmetic on decimal text (`import { decimal } from 'bm'`): results normalised, never a JS number. */
export interface DecimalHelpers {
  add(a: DecimalString, b: DecimalString): DecimalString;
  sub(a: DecimalString, b: DecimalString): DecimalString;
  /** Every digit of the product kept: round it to a step before sending. */
  mul(a: DecimalString, b: DecimalString): DecimalString;
  /** Cut toward zero at `places` decimals (default 18). */
  div(a: DecimalString, b: DecimalString, places?: number): DecimalString;
  /** -1, 0 or 1 (`1.0` equals `1`). */
  cmp(a: DecimalString, b: DecimalString): -1 | 0 | 1;
  /** To a whole multiple of `step` (default mode down). */
  round(value: DecimalString, step: DecimalString, mode?: RoundMode): DecimalString;
}

/** A pair's rules (spec 2.2) as the order checks read them, every field text. */
export interface PairRules {
  readonly symbol: string;
  readonly base_currency: string;
  readonly quote_currency: string;
  readonly quote_increment: DecimalString;
  readonly base_min_size: DecimalString;
  readonly base_max_size: DecimalString;
  readonly price_max_precision: string;
  readonly min_buy_amount: DecimalString;
  readonly min_sell_amount: DecimalString;
  readonly trade_status: string;
}

/** `await client.pair(symbol)`: its rules, and rounding to them (a rounded order passes the size and price checks). */
export interface PairHelper {
  readonly rules: PairRules;
  /** The size step (the pair's `quote_increment`): sizes are whole multiples of it ('' when the pair has none). */
  readonly step: DecimalString;
  /** The price tick, 10^-`price_max_precision` ('' when the pair has none). */
  readonly tick: DecimalString;
  /** A size to the step; default down (never more than meant or held). */
  roundSize(size: DecimalString, mode?: RoundMode): DecimalString;
  /** A price to the tick; default down; `buy`/`sell` round to the passive side. */
  roundPrice(price: DecimalString, mode?: PriceRounding): DecimalString;
}
