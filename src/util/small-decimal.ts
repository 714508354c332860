/**
 * Running totals of decimal strings, exact, for values whose units fit a JS number exactly (below
 * 2^53): the digits are read as an integer by the engine's own number parser (exact for integers in
 * that range) and every later step is checked, so a result is either exact or worked out again by the
 * BigInt arithmetic of decimal.ts. The answers are those of decimal.ts, always. Few steps of our own
 * on purpose: a view composed 10 times a second runs mostly before the engine optimises it.
 */
import { add, cmp, dec, fmt, type Dec } from './decimal.js';

/** A plain decimal: what dec() reads without trimming or an exponent. */
const PLAIN = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)$/;
/** Exact powers of ten as numbers (10^22 is the largest a double holds exactly). */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** Units of a plain decimal (at its own scale) when a number holds them exactly, else NaN. */
function unitsOf(v: string): number {
  if (!PLAIN.test(v)) return Number.NaN;
  // The digits without the point are an integer: parsed exactly below 2^53, and past it never back below.
  const u = Number(v.replace('.', ''));
  return Number.isSafeInteger(u) ? u : Number.NaN;
}

/** Digits after the point. */
function scaleOf(v: string): number {
  const dot = v.indexOf('.');
  return dot < 0 ? 0 : v.length - dot - 1;
}

/** `u` times 10^`k` (k >= 0): exact when the result is a safe integer (callers check), NaN past 10^22. */
function shift(u: number, k: number): number {
  return k === 0 ? u : u * (POW10[k] ?? Number.NaN);
}

/** fmt() of `units` (a safe integer) at `scale`. */
function smallText(units: number, scale: number): string {
  const digits = String(units < 0 ? -units : units);
  const sign = units < 0 ? '-' : '';
  if (scale === 0) return sign + digits;
  const whole = digits.length > scale ? digits.slice(0, -scale) : '0';
  const frac = digits.length >= scale ? digits.slice(-scale) : digits.padStart(scale, '0');
  return `${sign}${whole}.${frac}`;
}

/**
 * The running totals of a column of decimal strings: total i is values[0] + ... + values[i], exact,
 * shown as `fmt` prints it at the largest scale so far (what chained `add` gives). Throws dec()'s
 * RangeError on a value that is not a decimal.
 */
export class RunningTotals {
  /** fmt() of each total. */
  readonly texts: string[];
  /** Each total's units at its scale, while every total is exact as a number (`exact`). */
  private readonly units: number[] = [];
  private readonly scales: number[] = [];
  private readonly exact: boolean;
  /** The last total's units and scale when `exact` (0 and 0 for no values). */
  private readonly lastU: number;
  private readonly lastS: number;

  constructor(values: readonly string[]) {
    const texts = new Array<string>(values.length);
    let units = 0;
    let scale = 0;
    let i = 0;
    for (; i < values.length; i++) {
      const v = values[i]!;
      const vu = unitsOf(v);
      const vs = scaleOf(v);
      const to = scale > vs ? scale : vs;
      const a = to === scale ? units : shift(units, to - scale);
      const b = to === vs ? vu : shift(vu, to - vs);
      // NaN anywhere fails here too.
      if (!(Number.isSafeInteger(a) && Number.isSafeInteger(b) && Number.isSafeInteger(a + b))) break;
      units = a + b;
      scale = to;
      this.units.push(units);
      this.scales.push(scale);
      texts[i] = smallText(units, scale);
    }
    this.exact = i === values.length;
    this.lastU = units;
    this.lastS = scale;
    if (!this.exact) {
      let total: Dec = { units: BigInt(units), scale };
      for (; i < values.length; i++) {
        total = add(total, values[i]!);
        texts[i] = fmt(total);
      }
    }
    this.texts = texts;
  }

  /** The last total as text; undefined for no values. */
  get last(): string | undefined {
    return this.texts[this.texts.length - 1];
  }

  /** -1, 0 or 1: this column's last total against `other`'s (no values counts as 0). */
  compareLast(other: RunningTotals): number {
    if (this.exact && other.exact) {
      const to = this.lastS > other.lastS ? this.lastS : other.lastS;
      const x = shift(this.lastU, to - this.lastS);
      const y = shift(other.lastU, to - other.lastS);
      if (Number.isSafeInteger(x) && Number.isSafeInteger(y)) return x < y ? -1 : x > y ? 1 : 0;
    }
    return cmp(this.last ?? '0', other.last ?? '0');
  }

  /** The sign of the last total (0 for no values). */
  signOfLast(): number {
    if (this.exact) return Math.sign(this.lastU) || 0;
    const u = dec(this.last ?? '0').units;
    return u < 0n ? -1 : u > 0n ? 1 : 0;
  }

  /**
   * Every total as a share of `whole`'s last total (> 0), in 1/`per`ths truncated toward zero, as
   * numbers: proportions (a bar's length), never money.
   */
  shares(whole: RunningTotals, per: number): number[] {
    const out = new Array<number>(this.texts.length);
    const fast = this.exact && whole.exact && whole.lastU > 0;
    for (let i = 0; i < out.length; i++) {
      if (fast) {
        const pu = this.units[i]!;
        const ps = this.scales[i]!;
        const to = ps > whole.lastS ? ps : whole.lastS;
        const a = shift(pu, to - ps) * per;
        const w = shift(whole.lastU, to - whole.lastS);
        // With a + w within 2^53 every product below is exact; a rounded quotient is off by one at most.
        if (pu >= 0 && Number.isSafeInteger(a + w)) {
          let q = Math.floor(a / w);
          if (q * w > a) q--;
          else if ((q + 1) * w <= a) q++;
          out[i] = q || 0; // never -0
          continue;
        }
      }
      out[i] = bigShare(this.texts[i]!, whole.last ?? '0', per);
    }
    return out;
  }
}

/** `part / whole` in 1/`per`ths truncated toward zero, through BigInt. */
function bigShare(part: string, whole: string, per: number): number {
  const p = dec(part);
  const w = dec(whole);
  if (w.units === 0n) throw new RangeError('division by zero');
  const to = Math.max(p.scale, w.scale);
  return Number((p.units * 10n ** BigInt(to - p.scale) * BigInt(per)) / (w.units * 10n ** BigInt(to - w.scale)));
}
