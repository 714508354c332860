/**
 * Rounding a decimal to a whole multiple of a step (a pair's size increment, or a price tick of
 * 10^-places), exactly, through the BigInt units of src/util/decimal.ts.
 */
import { dec, isZero, norm, type Dec } from './decimal.js';

/** `down` toward minus infinity, `up` toward plus infinity, `half-even` to the nearest (a tie to the even multiple). */
export type RoundMode = 'down' | 'up' | 'half-even';

export const ROUND_MODES: readonly RoundMode[] = ['down', 'up', 'half-even'];

/** `value` rounded to a whole multiple of `step` (> 0) by `mode`, as normalised text (`0.12345`, `0.001`, down -> `0.123`). */
export function roundToStep(value: string | Dec, step: string | Dec, mode: RoundMode): string {
  const v = dec(value);
  const s = dec(step);
  if (isZero(s) || s.units < 0n) throw new RangeError(`not a step: ${norm(s)}`);
  const scale = Math.max(v.scale, s.scale);
  const x = v.units * 10n ** BigInt(scale - v.scale);
  const y = s.units * 10n ** BigInt(scale - s.scale);
  // Floor division (BigInt division truncates toward zero).
  let q = x / y;
  const r = x - q * y;
  if (r < 0n) q -= 1n;
  const rest = r < 0n ? r + y : r;
  if (rest !== 0n) {
    if (mode === 'up') q += 1n;
    else if (mode === 'half-even') {
      const twice = 2n * rest;
      if (twice > y || (twice === y && q % 2n !== 0n)) q += 1n;
    }
  }
  return norm({ units: q * y, scale });
}

/** The price step of a pair that allows `places` decimals (`2` -> `0.01`, `0` -> `1`). */
export function tickOf(places: number): string {
  return places <= 0 ? '1' : `0.${'0'.repeat(places - 1)}1`;
}
