/** What the kinds' plans share: reading prices, durations and distances, and splitting a size into slices. */
import { endpoint } from '../../../api/catalogue/index.js';
import { usage } from '../../../errors.js';
import { cmp, div, isMultiple, isZero, mul, norm, places, sub, truncate } from '../../../util/decimal.js';
import { checkDecimal } from '../../params.js';
import { pricePlaces, type PairRules } from '../../order/pairs.js';
import { triggerOf, type Distance } from '../model/spec.js';
import type { AlgoInput, KindDef, NameOf } from './types.js';

/** The value of a required input, checked as a decimal. */
export function required(input: AlgoInput, key: string, nameOf: NameOf, what: string): string {
  const v = input[key];
  if (v === undefined) throw usage(`${nameOf(key)} is required (${what})`);
  return checkDecimal(v, nameOf(key));
}

/** The value of an optional decimal input, checked. */
export function optional(input: AlgoInput, key: string, nameOf: NameOf): string | undefined {
  const v = input[key];
  return v === undefined ? undefined : checkDecimal(v, nameOf(key));
}

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3600_000, d: 86_400_000 };

/** A duration as typed (`90s`, `15m`, `1h30m`, `2d`), in ms. */
export function parseDuration(text: string, name: string): number {
  const t = text.trim();
  if (!/^([0-9]+[smhd])+$/.test(t)) throw usage(`${name}: a duration like 90s, 15m, 1h or 1h30m (got '${text}')`);
  let ms = 0;
  for (const m of t.matchAll(/([0-9]+)([smhd])/g)) ms += Number(m[1]) * UNIT_MS[m[2]!]!;
  if (ms <= 0) throw usage(`${name}: must be longer than nothing (got '${text}')`);
  return ms;
}

/** A trailing distance: `1.5%` (of the best price seen, below 100) or an amount of the quote currency. */
export function parseDistance(text: string, name: string): Distance {
  const pct = text.endsWith('%');
  const v = checkDecimal(pct ? text.slice(0, -1) : text, name);
  if (pct) {
    if (cmp(v, '100') >= 0) throw usage(`${name}: a percentage below 100 (got '${text}')`);
    return { pct: v };
  }
  return { abs: v };
}

/** The shortest time between two placements the submit endpoint's rate limits allow, ms. */
export function placementSpacingMs(): number {
  return Math.max(...endpoint('spot.order.submit').rate.windows.map((w) => Math.ceil(w.windowMs / w.limit)));
}

/** `total` in `n` parts: each a multiple of `step` (when given) and the rest in the last. */
export function split(total: string, n: number, step: string | undefined, name: string): string[] {
  const stepped = step !== undefined && !isZero(step);
  if (stepped && !isMultiple(total, step)) throw usage(`${name}: must be a multiple of ${norm(step)} (got ${total})`);
  const scale = places(total) + 2;
  const each = norm(stepped ? mul(div(div(total, step, 12), String(n), 0), step) : div(total, String(n), scale));
  if (isZero(each)) throw usage(`${name}: ${total} in ${n} slices leaves nothing in a slice`);
  const last = norm(sub(total, mul(each, String(n - 1))));
  return [...Array<string>(n - 1).fill(each), last];
}

/** The limit price of what a leg places, when one was given. */
export const limit = (price: string | undefined): { price?: string } => (price !== undefined ? { price } : {});

/**
 * What a leg that buys `size` back at market spends once `trigger` is met: size × trigger, cut to the pair's
 * price places (the venue sizes market buys by the quote they spend). Undefined for a sell or a limit leg
 * (`price` given): those place the size itself.
 */
export function buyBack(side: string, size: string, trigger: string, price: string | undefined, rules: PairRules): { notional: string } | undefined {
  return side === 'buy' && price === undefined ? { notional: norm(truncate(mul(size, trigger), pricePlaces(rules) ?? 8)) } : undefined;
}

/** What tells apart two kinds of one trigger and one leg (a stop, a take-profit). */
export interface OneTrigger {
  readonly kind: string;
  readonly method: string;
  /** The leg's name, and so which way the trigger points for a side (see triggerOf). */
  readonly leg: 'stop' | 'tp';
  readonly summary: string;
  readonly fires: string;
  /** Which trades meet the trigger, for its option's help. */
  readonly meets: string;
  readonly examples: readonly string[];
}

/** A kind that places one order, market or limit at `price`, at the first trade through `trigger`. */
export function oneTrigger(d: OneTrigger): KindDef {
  return {
    kind: d.kind, method: d.method, summary: d.summary, fires: d.fires, examples: d.examples, judgedNow: true,
    inputs: [
      { key: 'trigger', value: 'price', help: d.meets, type: 'decimal', required: true },
      { key: 'price', value: 'price', help: 'limit price of the order placed when it fires (default: a market order)', type: 'decimal' },
    ],
    read(input, _side, nameOf) {
      required(input, 'trigger', nameOf, 'the price that fires the order');
      optional(input, 'price', nameOf);
    },
    plan: (a) => ({ legs: [a.leg({ name: d.leg, trigger: triggerOf(d.leg, a.side, a.input.trigger!), ...limit(a.input.price) })] }),
  };
}
