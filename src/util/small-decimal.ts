/**
 * Fast paths of exact decimal arithmetic for values whose units fit a JS number exactly (below 2^53):
 * a hand parse instead of a regex and BigInt, with every step checked so that a result is either
 * exact or handed to the BigInt arithmetic of decimal.ts. The answers are those of decimal.ts, always.
 */
import { add, dec, fmt, type Dec } from './decimal.js';

/** Exact powers of ten as numbers (10^22 is the largest a double holds exactly). */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** Units and scale of the last successful {@link parseSmall}: scratch, so the fast path allocates nothing. */
let pUnits = 0;
let pScale = 0;

/**
 * Parses a plain decimal (`12`, `-0.5`, `.5`, `3.`, `+1`) into pUnits/pScale when its units fit a number
 * exactly; false for anything else (exponents, blanks, too many digits), which dec() parses or refuses.
 */
function parseSmall(s: string): boolean {
  const n = s.length;
  let i = 0;
  const c0 = n > 0 ? s.charCodeAt(0) : 0;
  if (c0 === 45 || c0 === 43) i = 1; // - +
  let units = 0;
  let digits = 0;
  let point = -1;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      units = units * 10 + (c - 48);
      digits++;
    } else if (c === 46 && point < 0) point = i;
    else return false;
  }
  // Past 2^53 a step may round, but never back below it: a final value within range is exact.
  if (digits === 0 || units > Number.MAX_SAFE_INTEGER) return false;
  pUnits = c0 === 45 ? -units : units;
  pScale = point < 0 ? 0 : n - point - 1;
  return true;
}

/** fmt() of `units` at `scale`, from a number (a safe integer). */
function smallText(units: number, scale: number): string {
  let digits = String(units < 0 ? -units : units);
  if (scale > 0) {
    digits = digits.padStart(scale + 1, '0');
    digits = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  }
  return units < 0 ? `-${digits}` : digits;
}

/** `u` times 10^`k` when exact as a number, else NaN. */
function shift(u: number, k: number): number {
  if (k === 0) return u;
  if (k >= POW10.length) return Number.NaN;
  const r = u * POW10[k]!;
  return Number.isSafeInteger(r) ? r : Number.NaN;
}

/**
 * The running totals of decimal strings as text: entry i is `fmt` of values[0] + ... + values[i], at
 * the largest scale so far (what chained `add` gives). Exact at any size; throws dec()'s RangeError
 * on a value that is not a decimal.
 */
export function runningTotals(values: readonly string[]): string[] {
  const out = new Array<string>(values.length);
  let units = 0;
  let scale = 0;
  let i = 0;
  for (; i < values.length; i++) {
    if (!parseSmall(values[i]!)) break;
    const to = Math.max(scale, pScale);
    const sum = shift(units, to - scale) + shift(pUnits, to - pScale);
    if (!Number.isSafeInteger(sum)) break;
    units = sum;
    scale = to;
    out[i] = smallText(units, scale);
  }
  if (i < values.length) {
    let total: Dec = { units: BigInt(units), scale };
    for (; i < values.length; i++) {
      total = add(total, values[i]!);
      out[i] = fmt(total);
    }
  }
  return out;
}

/**
 * `part / whole` in 1/`per`ths, truncated toward zero, as a number: a proportion (a bar's length,
 * never money), worked out from the integers of both, no decimal division. Throws when whole is 0.
 */
export function ratioOf(part: string, whole: string, per: number): number {
  if (parseSmall(part)) {
    const pu = pUnits;
    const ps = pScale;
    if (parseSmall(whole) && pu >= 0 && pUnits > 0) {
      const to = Math.max(ps, pScale);
      const a = shift(pu, to - ps) * per;
      const w = shift(pUnits, to - pScale);
      // a + w within 2^53 keeps q * w exact; a correctly rounded quotient is off by one at most.
      if (Number.isSafeInteger(a + w)) {
        let q = Math.floor(a / w);
        if (q * w > a) q--;
        else if ((q + 1) * w <= a) q++;
        return q || 0; // never -0
      }
    }
  }
  const p = dec(part);
  const w = dec(whole);
  if (w.units === 0n) throw new RangeError('division by zero');
  const to = Math.max(p.scale, w.scale);
  const pu = p.units * 10n ** BigInt(to - p.scale);
  const wu = w.units * 10n ** BigInt(to - w.scale);
  return Number((pu * BigInt(per)) / wu);
}
