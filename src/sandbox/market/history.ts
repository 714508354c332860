/**
 * Generated candles for the time the simulation did not run: the days before the sandbox started
 * (so k-lines over past ranges return data and can be paged past 500 candles) and any gap while
 * the server was down. Prices walk in integer ticks of 10^-price_max_precision; volumes are whole
 * lots of the size increment. The same seed and start minute give the same candles.
 */
import { dec, mul, norm, truncate, type Dec } from '../../util/decimal.js';
import type { PairSpec } from '../engine/pairs.js';
import { unitsText } from '../engine/units.js';
import { Prng } from './prng.js';
import type { Candle } from './tape.js';

/** Minutes of history made at start: three days of 1-minute candles. */
export const HISTORY_MINUTES = 3 * 1440;

/** The price in integer ticks. */
export function toTicks(spec: PairSpec, price: string): number {
  const p = spec.details.price_max_precision;
  const t = truncate(price, p);
  return Number(t.units * 10n ** BigInt(p - t.scale));
}

/** The decimal text of a price in ticks (at least one tick), trailing zeros dropped. */
export function fromTicks(spec: PairSpec, ticks: number): string {
  return unitsText(Math.max(1, Math.round(ticks)), spec.details.price_max_precision);
}

/** One step of the walk: a price move of about sigma per minute, never below one tick. */
export function stepTicks(spec: PairSpec, prng: Prng, ticks: number, minutes: number): number {
  const move = prng.gauss() * spec.sim.sigmaPerMinute * Math.sqrt(minutes) * ticks;
  return Math.max(1, Math.round(ticks + move));
}

/**
 * A candle's volume and quote volume: `lots` lots of the pair's increment, and that times the close
 * truncated to the price's places (as `norm(truncate(mul(volume, close), places))` would give them), in
 * whole numbers while they are exact in a double.
 */
function volumes(spec: PairSpec, lots: number, closeTicks: number): { v: string; qv: string } {
  const p = spec.details.price_max_precision;
  const inc = increment(spec);
  const units = lots * Number(inc.units);
  const product = units * closeTicks;
  if (!Number.isSafeInteger(product) || inc.units < 0n) {
    const v = norm(mul(inc, String(lots)));
    return { v, qv: norm(truncate(mul(v, unitsText(closeTicks, p)), p)) };
  }
  // Truncated in whole numbers (a remainder, then an exact division): a floating quotient could round up.
  const unit = 10 ** inc.scale;
  return { v: unitsText(units, inc.scale), qv: unitsText((product - (product % unit)) / unit, p) };
}

const increments = new WeakMap<PairSpec, Dec>();
/** The pair's quote increment, parsed once. */
function increment(spec: PairSpec): Dec {
  let d = increments.get(spec);
  if (!d) increments.set(spec, (d = dec(spec.details.quote_increment)));
  return d;
}

function candle(spec: PairSpec, prng: Prng, t: number, open: number, close: number, openText = fromTicks(spec, open)): Candle {
  const wick = () => Math.abs(prng.gauss()) * spec.sim.sigmaPerMinute * 0.5 * Math.max(open, close);
  const high = Math.round(Math.max(open, close) + wick());
  const low = Math.max(1, Math.round(Math.min(open, close) - wick()));
  const closeTicks = Math.max(1, Math.round(close));
  const { v, qv } = volumes(spec, prng.int(1, spec.sim.lots * 4), closeTicks);
  return { t, o: openText, h: fromTicks(spec, high), l: fromTicks(spec, low), c: fromTicks(spec, closeTicks), v, qv };
}

/** Histories lately made, by seed, pair and end minute, at most {@link HISTORIES_KEPT}. */
const histories = new Map<string, readonly Candle[]>();
/** The histories kept: a test process's sandboxes, started in the same minute, share one per pair. */
const HISTORIES_KEPT = 10;

/**
 * The history of the pair `PAIRS[index]` of a market of `seed` whose generated history ends at
 * `endMinuteSec`: {@link HISTORY_MINUTES} candles ending at the pair's start price. A pure function of its
 * arguments, so the markets of one process share what it made lately (each ticker of a fresh sandbox reads
 * three days of every pair). The candles are frozen: a tape copies a candle before it changes one.
 */
export function historyOf(spec: PairSpec, index: number, seed: number, endMinuteSec: number): readonly Candle[] {
  const key = `${seed}:${index}:${endMinuteSec}`;
  let made = histories.get(key);
  if (!made) {
    made = Object.freeze(historyBefore(spec, new Prng(seed * 31 + index), spec.sim.start, endMinuteSec, HISTORY_MINUTES).map((c) => Object.freeze(c)));
    histories.set(key, made);
    if (histories.size > HISTORIES_KEPT) histories.delete(histories.keys().next().value!);
  }
  return made;
}

/** `minutes` candles ending just before `endMinuteSec`, the last closing at `endPrice`. */
export function historyBefore(spec: PairSpec, prng: Prng, endPrice: string, endMinuteSec: number, minutes: number): Candle[] {
  const path = [toTicks(spec, endPrice)];
  for (let i = 0; i < minutes; i++) path.push(stepTicks(spec, prng, path[path.length - 1]!, 1));
  path.reverse();
  const out: Candle[] = [];
  // Each candle opens at the close before it: its text is made once.
  for (let i = 0; i < minutes; i++) out.push(candle(spec, prng, endMinuteSec - (minutes - i) * 60, path[i]!, path[i + 1]!, out[i - 1]?.c));
  return out;
}

/** Candles for the minutes in [fromMinuteSec, toMinuteSec), walking on from `startPrice`. */
export function gapCandles(spec: PairSpec, prng: Prng, startPrice: string, fromMinuteSec: number, toMinuteSec: number): Candle[] {
  const out: Candle[] = [];
  let ticks = toTicks(spec, startPrice);
  for (let t = fromMinuteSec; t < toMinuteSec; t += 60) {
    const next = stepTicks(spec, prng, ticks, 1);
    out.push(candle(spec, prng, t, ticks, next));
    ticks = next;
  }
  return out;
}
