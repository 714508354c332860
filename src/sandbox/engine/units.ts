/**
 * The scaled integers the matching engine works in: prices in ticks of 10^-price_max_precision and
 * sizes in units of 10^-(decimals of the size increment), both safe JS integers; balances, notionals
 * and fees as BigInt units of 10^-18. Decimal strings exist only at the edges: parsed once when an
 * order arrives, written when a view, a fill or the saved state needs them.
 */
import type { PairDetails } from '../exchange-api.js';
import { fail } from '../errors.js';

/** Decimals of every balance, notional and fee inside the engine. */
export const AMOUNT_SCALE = 18;

/** A pair's scales and rules as integers. */
export interface PairUnits {
  /** Price decimals (ticks of 10^-p). */
  readonly p: number;
  /** Size decimals (units of 10^-s). */
  readonly s: number;
  /** The size increment, in size units. */
  readonly incUnits: number;
  readonly minSize: number;
  readonly maxSize: number;
  readonly maxTicks: number;
  /** min_buy_amount and min_sell_amount at scale p+s (price ticks times size units). */
  readonly minBuyPs: bigint;
  readonly minSellPs: bigint;
  /** Multiply a p+s quantity by this to get amount units. */
  readonly psToAmount: bigint;
  /** Multiply size units by this to get amount units. */
  readonly sizeToAmount: bigint;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** Decimals a plain decimal string uses, trailing zeros ignored. */
export function placesOf(text: string): number {
  const i = text.indexOf('.');
  if (i < 0) return 0;
  let end = text.length;
  while (end > i + 1 && text.charCodeAt(end - 1) === 48) end--;
  return end - i - 1;
}

/**
 * An unsigned plain decimal as an integer of 10^-scale; undefined when it has more decimals than
 * `scale` or does not fit a safe integer. The text must already be a plain decimal.
 */
export function toUnits(text: string, scale: number): number | undefined {
  const i = text.indexOf('.');
  const int = i < 0 ? text : text.slice(0, i);
  let frac = i < 0 ? '' : text.slice(i + 1);
  let end = frac.length;
  while (end > 0 && frac.charCodeAt(end - 1) === 48) end--;
  if (end > scale) return undefined;
  frac = frac.slice(0, end).padEnd(scale, '0');
  const n = Number((int || '0') + frac);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Integer units of 10^-scale as plain decimal text, trailing zeros dropped (`150000, 5` -> `1.5`). */
export function unitsText(units: number | bigint, scale: number): string {
  const neg = units < 0;
  let digits = (neg ? -units : units).toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, '0');
    let end = digits.length;
    const point = end - scale;
    while (end > point && digits.charCodeAt(end - 1) === 48) end--;
    digits = end === point ? digits.slice(0, point) : `${digits.slice(0, point)}.${digits.slice(point, end)}`;
  }
  return neg && digits !== '0' ? `-${digits}` : digits;
}

/**
 * `text` when it is already the canonical form of `units` (no leading zero before a digit, no
 * trailing fractional zero), else the canonical text: most requests are canonical and keep their string.
 */
export function canonicalText(text: string, units: number, scale: number): string {
  const n = text.length;
  const last = text.charCodeAt(n - 1);
  const dot = text.indexOf('.');
  const trailing = dot >= 0 && (last === 48 || last === 46);
  const leading = text.charCodeAt(0) === 48 && n > 1 && text.charCodeAt(1) !== 46;
  return trailing || leading || text.charCodeAt(0) === 46 ? unitsText(units, scale) : text;
}

/** Integer units of 10^-scale with exactly `scale` decimals (`6500010, 2` -> `65000.10`). */
export function fixedText(units: number, scale: number): string {
  if (scale <= 0) return String(units);
  const digits = String(units).padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** A plain decimal string (sign allowed) as amount units; undefined beyond 18 decimals. */
export function toAmount(text: string): bigint | undefined {
  const neg = text.startsWith('-');
  const t = neg || text.startsWith('+') ? text.slice(1) : text;
  const i = t.indexOf('.');
  const int = i < 0 ? t : t.slice(0, i);
  const frac = i < 0 ? '' : t.slice(i + 1).replace(/0+$/, '');
  if (frac.length > AMOUNT_SCALE) return undefined;
  const v = BigInt((int || '0') + frac.padEnd(AMOUNT_SCALE, '0'));
  return neg ? -v : v;
}

/** Amount units as plain decimal text, trailing zeros dropped. */
export function amountText(a: bigint): string {
  return unitsText(a, AMOUNT_SCALE);
}

/** Keeps `a` (amount units) to `places` decimals, toward zero. */
export function truncAmount(a: bigint, places: number): bigint {
  const step = pow10(AMOUNT_SCALE - places);
  return a - (a % step);
}

const cache = new Map<string, PairUnits>();

/** The integer form of a pair's rules (computed once per pair). */
export function unitsOf(d: PairDetails, maxPrice: string): PairUnits {
  let u = cache.get(d.symbol);
  if (u) return u;
  const p = d.price_max_precision;
  const s = placesOf(d.quote_increment);
  if (p + s > AMOUNT_SCALE) throw new Error(`${d.symbol}: price and size decimals exceed ${AMOUNT_SCALE}`);
  const size = (t: string) => toUnits(t, s) ?? Number.MAX_SAFE_INTEGER;
  const ps = (t: string) => toAmount(t)! / pow10(AMOUNT_SCALE - p - s);
  u = {
    p, s, incUnits: size(d.quote_increment), minSize: size(d.base_min_size), maxSize: size(d.base_max_size),
    maxTicks: toUnits(maxPrice, p) ?? Number.MAX_SAFE_INTEGER, minBuyPs: ps(d.min_buy_amount), minSellPs: ps(d.min_sell_amount),
    psToAmount: pow10(AMOUNT_SCALE - p - s), sizeToAmount: pow10(AMOUNT_SCALE - s),
  };
  cache.set(d.symbol, u);
  return u;
}

/** Amount units of an unsigned decimal text, or 50021 naming `what` when it has more than 18 decimals. */
export function amountOf(text: string, what: string): bigint {
  const a = toAmount(text);
  if (a === undefined) throw fail(50021, what);
  return a;
}
