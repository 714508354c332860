/**
 * Exact decimal helpers for a bot (`import { decimal } from 'bm'`): text in, text out, never a JS
 * number, so money keeps every digit (`decimal.mul(bid, '0.95')`). And a pair's rounding
 * (`await client.pair('BTC_USDT')`): a size to its step, a price to its tick, from the rules the
 * order checks use (src/core/order/pairs.ts), so a rounded order passes those checks.
 */
import { usage } from '../errors.js';
import * as d from '../util/decimal.js';
import { ROUND_MODES, roundToStep, tickOf, type RoundMode } from '../util/round.js';
import { pricePlaces, type PairRules } from '../core/usecases/orders-read.js';
import type { DecimalHelpers, PairHelper } from './types.js';

/** A plain decimal string (`12`, `-0.5`); a number or scientific notation is refused: it may have lost digits already. */
function text(v: unknown, name: string): string {
  if (typeof v !== 'string') throw usage(`${name}: give a decimal as text, like '0.95' (got ${typeof v === 'number' ? `the number ${v}` : typeof v})`);
  if (!d.isDecimal(v.trim())) throw usage(`${name}: '${v}' is not a plain decimal like 0.95`);
  return v.trim();
}

function modeOf(v: unknown, allowed: readonly string[], name: string): string {
  if (typeof v !== 'string' || !allowed.includes(v)) throw usage(`${name}: one of ${allowed.join(', ')} (got ${typeof v === 'string' ? `'${v}'` : typeof v})`);
  return v;
}

/** Exact arithmetic on decimal text; results are normalised (`1.50` + `1` -> `2.5`). */
export const decimal: DecimalHelpers = {
  /** a + b. */
  add: (a: string, b: string): string => d.norm(d.add(text(a, 'a'), text(b, 'b'))),
  /** a - b. */
  sub: (a: string, b: string): string => d.norm(d.sub(text(a, 'a'), text(b, 'b'))),
  /** a x b, every digit kept (round it to the pair's step or tick before sending). */
  mul: (a: string, b: string): string => d.norm(d.mul(text(a, 'a'), text(b, 'b'))),
  /** a / b cut toward zero at `places` decimals (default 18). */
  div: (a: string, b: string, places = 18): string => {
    if (!Number.isSafeInteger(places) || places < 0) throw usage(`places: a whole number of decimals, 0 or more (got ${String(places)})`);
    if (d.isZero(text(b, 'b'))) throw usage('b: division by zero');
    return d.norm(d.div(text(a, 'a'), b, places));
  },
  /** -1 when a < b, 0 when equal (`1.0` equals `1`), 1 when a > b. */
  cmp: (a: string, b: string): -1 | 0 | 1 => d.cmp(text(a, 'a'), text(b, 'b')) as -1 | 0 | 1,
  /** `value` to a whole multiple of `step` (> 0) by `mode` (default down). */
  round: (value: string, step: string, mode: RoundMode = 'down'): string => {
    const s = text(step, 'step');
    if (d.cmp(s, '0') <= 0) throw usage(`step: must be greater than 0 (got '${step}')`);
    return roundToStep(text(value, 'value'), s, modeOf(mode, ROUND_MODES, 'mode') as RoundMode);
  },
};

/** The rounding helpers of a pair, from its rules. */
export function pairHelper(rules: PairRules): PairHelper {
  const step = rules.quote_increment && !d.isZero(rules.quote_increment) ? d.norm(rules.quote_increment) : '';
  const places = pricePlaces(rules);
  const tick = places !== undefined ? tickOf(places) : '';
  return {
    rules, step, tick,
    roundSize: (size, mode = 'down') => (step ? decimal.round(size, step, mode) : d.norm(text(size, 'size'))),
    roundPrice: (price, mode = 'down') => {
      const m = modeOf(mode, [...ROUND_MODES, 'buy', 'sell'], 'mode');
      const how: RoundMode = m === 'buy' ? 'down' : m === 'sell' ? 'up' : (m as RoundMode);
      return tick ? decimal.round(price, tick, how) : d.norm(text(price, 'price'));
    },
  };
}
