/**
 * A small seeded pseudo-random generator (mulberry32): the same seed gives the same market.
 * Its whole state is one 32-bit integer, so it persists with the exchange state.
 */
import { fmt, mul, truncate } from '../../util/decimal.js';

export class Prng {
  constructor(public state: number) {
    this.state = state >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** Standard normal deviate (Box-Muller). */
  gauss(): number {
    const u = Math.max(this.next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** A decimal string drawn evenly from [lo, hi] with `places` decimals, exactly (no float rounding). */
  amount(lo: string, hi: string, places: number): string {
    const units = (x: string) => Number(truncate(mul(x, { units: 10n ** BigInt(places), scale: 0 }), 0).units);
    return fmt({ units: BigInt(this.int(units(lo), units(hi))), scale: places }, places);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }
}
