/**
 * Running totals of a column of decimal strings, exact (decimal.ts's units and scales): total i is
 * values[0] + ... + values[i], printed as chained `add` and `fmt` print it, with what an order book
 * needs of them: the last totals of two columns compared, and each total as a share of another's.
 */
import { add, fmt, type Dec } from './decimal.js';

const ZERO: Dec = { units: 0n, scale: 0 };

/** `x` at `scale` places (scale >= x.scale). */
const at = (x: Dec, scale: number) => x.units * 10n ** BigInt(scale - x.scale);

export class RunningTotals {
  /** fmt() of each total. */
  readonly texts: string[];
  private readonly totals: Dec[];

  /** Throws dec()'s RangeError on a value that is not a decimal. */
  constructor(values: readonly string[]) {
    let total = ZERO;
    this.totals = values.map((v) => (total = add(total, v)));
    this.texts = this.totals.map((t) => fmt(t));
  }

  /** The last total as text; undefined for no values. */
  get last(): string | undefined {
    return this.texts[this.texts.length - 1];
  }

  private get lastTotal(): Dec {
    return this.totals[this.totals.length - 1] ?? ZERO;
  }

  /** -1, 0 or 1: this column's last total against `other`'s (no values counts as 0). */
  compareLast(other: RunningTotals): number {
    const x = this.lastTotal;
    const y = other.lastTotal;
    const scale = Math.max(x.scale, y.scale);
    const a = at(x, scale);
    const b = at(y, scale);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  /** The sign of the last total (0 for no values). */
  signOfLast(): number {
    const u = this.lastTotal.units;
    return u < 0n ? -1 : u > 0n ? 1 : 0;
  }

  /**
   * Every total as a share of `whole`'s last total, in 1/`per`ths truncated toward zero, as numbers:
   * proportions (a bar's length), never money. Integer division of the units: no decimal division.
   */
  shares(whole: RunningTotals, per: number): number[] {
    const w = whole.lastTotal;
    if (w.units === 0n) throw new RangeError('division by zero');
    const k = BigInt(per);
    return this.totals.map((p) => {
      const scale = Math.max(p.scale, w.scale);
      return Number((at(p, scale) * k) / at(w, scale));
    });
  }
}
