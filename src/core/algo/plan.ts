/**
 * A conditional order planned from what the user typed: every leg checked against the pair's rules
 * with the client order id it will be sent with, the trailing distance and the TWAP's slices and
 * times read, all before anything is sent (a bad input is a usage error, exit 2).
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Side } from '../../api/catalogue/vocab.js';
import { usage } from '../../errors.js';
import { cmp, div, isMultiple, isZero, mul, norm, places, sub } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';
import { checkDecimal } from '../params.js';
import { checkOrder, describe, SIDES } from '../order/check.js';
import { pricePlaces, type PairRules } from '../order/pairs.js';
import { legClientOrderId, newAlgoId, triggerOf, type AlgoKind, type AlgoSpec, type Distance, type Leg, type Trigger } from './spec.js';

/** What the user gave, as typed (every value text). Which fields a kind reads: see {@link planAlgo}. */
export interface AlgoInput {
  readonly kind: AlgoKind;
  readonly symbol: string;
  readonly side?: string;
  readonly size?: string;
  /** A market buy's quote amount (the venue sizes market buys by notional). */
  readonly notional?: string;
  /** stop, take-profit: the trigger price and the limit price (none: a market order). */
  readonly trigger?: string;
  readonly price?: string;
  /** oco: the take-profit's and the stop's triggers and limit prices. */
  readonly tpTrigger?: string;
  readonly tpPrice?: string;
  readonly stopTrigger?: string;
  readonly stopPrice?: string;
  /** trail: `1.5%` or an amount of the quote currency. */
  readonly distance?: string;
  /** twap: the duration (`1h`, `90s`, `1h30m`) and the number of slices. */
  readonly over?: string;
  readonly slices?: string;
  /** The deviation guard at firing time, percent (undefined: off), already read. */
  readonly maxDeviation?: string;
}

/** The name of an input in messages: the command line's flag (`--tp-trigger`) or the library's key (`tpTrigger`). */
export type NameOf = (key: keyof AlgoInput) => string;

export const flagName: NameOf = (key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The most slices a TWAP takes. */
export const MAX_SLICES = 1000;

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

interface LegOrder {
  readonly name: string;
  readonly size?: string;
  readonly notional?: string;
  readonly price?: string;
  readonly trigger?: Trigger;
  readonly due?: number;
}

function legOf(id: string, side: Side, rules: PairRules, o: LegOrder, prefix: string): Leg {
  const checked = checkOrder({
    symbol: rules.symbol, side, type: o.price === undefined ? 'market' : 'limit', client_order_id: legClientOrderId(id, o.name),
    ...(o.size !== undefined ? { size: o.size } : {}), ...(o.notional !== undefined ? { notional: o.notional } : {}), ...(o.price !== undefined ? { price: o.price } : {}),
  }, rules, prefix);
  return {
    name: o.name, clientOrderId: checked.clientOrderId, what: describe(checked, rules),
    params: checked.params.map(([k, v]) => [k, scalarText(v)] as const),
    ...(checked.price !== undefined ? { price: checked.price } : {}), ...(o.trigger ? { trigger: o.trigger } : {}), ...(o.due !== undefined ? { due: o.due } : {}),
  };
}

function required(v: string | undefined, name: string, what: string): string {
  if (v === undefined) throw usage(`${name} is required (${what})`);
  return checkDecimal(v, name);
}

/** `total` in `n` parts: each a multiple of `step` (when given) and the rest in the last. */
function split(total: string, n: number, step: string | undefined, name: string): string[] {
  const stepped = step !== undefined && !isZero(step);
  if (stepped && !isMultiple(total, step)) throw usage(`${name}: must be a multiple of ${norm(step)} (got ${total})`);
  const scale = places(total) + 2;
  const each = norm(stepped ? mul(div(div(total, step, 12), String(n), 0), step) : div(total, String(n), scale));
  if (isZero(each)) throw usage(`${name}: ${total} in ${n} slices leaves nothing in a slice`);
  const last = norm(sub(total, mul(each, String(n - 1))));
  return [...Array<string>(n - 1).fill(each), last];
}

/** What is read of the input without the pair's rules: checked before any request is made. */
export interface ReadInput {
  readonly side: Side;
  readonly trigger?: string;
  readonly tp?: string;
  readonly stop?: string;
  readonly distance?: Distance;
  /** TWAP: slices and the time between two, ms. */
  readonly slices?: number;
  readonly gapMs?: number;
}

/** Reads and checks everything the pair's rules do not decide (a usage error names the input). */
export function readInput(input: AlgoInput, nameOf: NameOf = flagName): ReadInput {
  const side = SIDES.find((s) => s === input.side?.toLowerCase());
  if (!side) throw usage(`${nameOf('side')}: must be one of ${SIDES.join(', ')}${input.side === undefined ? '' : ` (got '${input.side}')`}`);
  for (const k of ['size', 'notional', 'price', 'tpPrice', 'stopPrice'] as const) if (input[k] !== undefined) checkDecimal(input[k]!, nameOf(k));
  switch (input.kind) {
    case 'stop':
    case 'take-profit':
      return { side, trigger: required(input.trigger, nameOf('trigger'), 'the price that fires the order') };
    case 'oco': {
      const tp = required(input.tpTrigger, nameOf('tpTrigger'), 'the take-profit\'s trigger price');
      const stop = required(input.stopTrigger, nameOf('stopTrigger'), 'the stop\'s trigger price');
      // A sell takes profit above and stops below; a buy the other way round: else both could fire at once.
      if ((side === 'sell' ? cmp(tp, stop) : cmp(stop, tp)) <= 0) throw usage(`${nameOf('tpTrigger')}: must be ${side === 'sell' ? 'above' : 'below'} ${nameOf('stopTrigger')} for a ${side} (got ${tp} and ${stop})`);
      return { side, tp, stop };
    }
    case 'trail':
      if (input.distance === undefined) throw usage(`${nameOf('distance')} is required (1.5% of the best price seen, or an amount of the quote currency)`);
      if (input.price !== undefined) throw usage(`${nameOf('price')}: not allowed for a trailing stop (it fires a market order)`);
      return { side, distance: parseDistance(input.distance, nameOf('distance')) };
    case 'twap': {
      const overMs = parseDuration(input.over ?? '', nameOf('over'));
      const n = Number(input.slices ?? '');
      if (!Number.isInteger(n) || n < 1 || n > MAX_SLICES) throw usage(`${nameOf('slices')}: a whole number from 1 to ${MAX_SLICES} (got '${input.slices ?? ''}')`);
      const gapMs = Math.floor(overMs / n);
      const spacing = placementSpacingMs();
      if (n > 1 && gapMs < spacing) throw usage(`${nameOf('slices')}: ${n} slices over ${input.over} are ${gapMs} ms apart; the venue's rate limit for placing orders allows one every ${spacing} ms`);
      if (input.size === undefined && input.notional === undefined) throw usage(`${nameOf('size')} is required (the whole quantity)`);
      return { side, slices: n, gapMs };
    }
  }
}

/** Plans a conditional order (`now`: ms since the epoch, the TWAP's start). */
export function planAlgo(input: AlgoInput, rules: PairRules, now: number, nameOf: NameOf = flagName, id: string = newAlgoId(now)): AlgoSpec {
  const r = readInput(input, nameOf);
  const { side } = r;
  const amount = { ...(input.size !== undefined ? { size: input.size } : {}), ...(input.notional !== undefined ? { notional: input.notional } : {}) };
  const base = { v: 1 as const, id, kind: input.kind, symbol: rules.symbol, side, created: now, ...(input.maxDeviation !== undefined ? { maxDeviation: input.maxDeviation } : {}) };
  const places = pricePlaces(rules);
  const withPlaces = places !== undefined ? { pricePlaces: places } : {};
  const leg = (o: LegOrder) => legOf(id, side, rules, { ...amount, ...o }, '');
  const limit = (price: string | undefined) => (price !== undefined ? { price } : {});
  switch (input.kind) {
    case 'stop':
    case 'take-profit': {
      const name = input.kind === 'stop' ? 'stop' : 'tp';
      return { ...base, legs: [leg({ name, trigger: triggerOf(name, side, r.trigger!), ...limit(input.price) })] };
    }
    case 'oco':
      return { ...base, legs: [leg({ name: 'tp', trigger: triggerOf('tp', side, r.tp!), ...limit(input.tpPrice) }), leg({ name: 'stop', trigger: triggerOf('stop', side, r.stop!), ...limit(input.stopPrice) })] };
    case 'trail':
      return { ...base, ...withPlaces, distance: r.distance!, legs: [leg({ name: 'trail' })] };
    case 'twap': {
      const key = amount.notional !== undefined ? 'notional' : 'size';
      const parts = split(checkDecimal(amount[key]!, nameOf(key)), r.slices!, key === 'size' ? rules.quote_increment : undefined, nameOf(key));
      const legs = parts.map((p, i) => legOf(id, side, rules, { name: `s${i + 1}`, [key]: p, due: now + i * r.gapMs!, ...limit(input.price) }, `slice ${i + 1}: `));
      return { ...base, legs };
    }
  }
}
