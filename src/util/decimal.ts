/**
 * Exact decimal arithmetic on strings, through BigInt. Money never becomes a JS number:
 * every value in and out is a plain decimal string, never scientific notation.
 */

/** A decimal as an integer of units of 10^-scale. */
export interface Dec {
  readonly units: bigint;
  readonly scale: number;
}

const PLAIN = /^([+-])?([0-9]+)(?:\.([0-9]*))?$|^([+-])?\.([0-9]+)$/;
const EXP = /^([+-]?[0-9]*\.?[0-9]*)[eE]([+-]?[0-9]+)$/;

/** True when `s` is a plain decimal string (`12`, `-0.5`, `.5`, `3.`). */
export function isDecimal(s: string): boolean {
  return PLAIN.test(s);
}

/** Parses a decimal string; accepts scientific notation from foreign input and makes it exact. */
export function dec(s: string | Dec): Dec {
  if (typeof s !== 'string') return s;
  const t = s.trim();
  const m = PLAIN.exec(t);
  if (m) {
    const sign = m[1] ?? m[4] ?? '';
    const int = m[2] ?? '0';
    const frac = m[3] ?? m[5] ?? '';
    const units = BigInt(int + frac);
    return { units: sign === '-' ? -units : units, scale: frac.length };
  }
  const e = EXP.exec(t);
  if (e && e[1] !== '' && e[1] !== '.') {
    const base = dec(e[1]!);
    const exp = Number(e[2]);
    return exp >= 0
      ? { units: base.units * 10n ** BigInt(Math.max(0, exp - base.scale)), scale: Math.max(0, base.scale - exp) }
      : { units: base.units, scale: base.scale - exp };
  }
  throw new RangeError(`not a decimal: ${JSON.stringify(s)}`);
}

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
}

export function add(a: string | Dec, b: string | Dec): Dec {
  const [x, y, scale] = align(dec(a), dec(b));
  return { units: x + y, scale };
}

export function sub(a: string | Dec, b: string | Dec): Dec {
  const [x, y, scale] = align(dec(a), dec(b));
  return { units: x - y, scale };
}

export function mul(a: string | Dec, b: string | Dec): Dec {
  const x = dec(a);
  const y = dec(b);
  return { units: x.units * y.units, scale: x.scale + y.scale };
}

/** a / b, truncated toward zero at `scale` decimal places. */
export function div(a: string | Dec, b: string | Dec, scale: number): Dec {
  const x = dec(a);
  const y = dec(b);
  if (y.units === 0n) throw new RangeError('division by zero');
  // a/b = (xu / 10^xs) / (yu / 10^ys); scaled by 10^scale.
  const shift = scale + y.scale - x.scale;
  const num = shift >= 0 ? x.units * 10n ** BigInt(shift) : x.units;
  const den = shift >= 0 ? y.units : y.units * 10n ** BigInt(-shift);
  return { units: num / den, scale };
}

/** The largest multiple of `step` not beyond `value` (toward zero), normalised: a size held to the pair's step. */
export function floorTo(value: string | Dec, step: string): string {
  return norm(mul(div(value, step, 0), step));
}

/** -1, 0 or 1. */
export function cmp(a: string | Dec, b: string | Dec): number {
  const [x, y] = align(dec(a), dec(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isZero(a: string | Dec): boolean {
  return dec(a).units === 0n;
}

export function min(a: string | Dec, b: string | Dec): Dec {
  return cmp(a, b) <= 0 ? dec(a) : dec(b);
}

export function max(a: string | Dec, b: string | Dec): Dec {
  return cmp(a, b) >= 0 ? dec(a) : dec(b);
}

/** Truncates (toward zero) to `places` decimals; negative places round to tens, hundreds... */
export function truncate(a: string | Dec, places: number): Dec {
  const x = dec(a);
  if (x.scale <= places) return x;
  const drop = 10n ** BigInt(x.scale - places);
  if (places >= 0) return { units: x.units / drop, scale: places };
  return { units: (x.units / drop) * 10n ** BigInt(-places), scale: 0 };
}

/** Number of decimals actually used (trailing zeros ignored). */
export function places(a: string | Dec): number {
  const x = dec(a);
  let u = x.units < 0n ? -x.units : x.units;
  let s = x.scale;
  while (s > 0 && u % 10n === 0n) {
    u /= 10n;
    s--;
  }
  return s;
}

/** True when `a` is a whole multiple of `step` (step > 0). */
export function isMultiple(a: string | Dec, step: string | Dec): boolean {
  const [x, y] = align(dec(a), dec(step));
  return y !== 0n && x % y === 0n;
}

/** Plain decimal text; `fixed` pads or truncates to that many places, else trailing zeros are kept as given. */
export function fmt(a: string | Dec, fixed?: number): string {
  let x = dec(a);
  if (fixed !== undefined) {
    x = x.scale > fixed ? truncate(x, fixed) : { units: x.units * 10n ** BigInt(fixed - x.scale), scale: fixed };
  }
  const neg = x.units < 0n;
  let digits = (neg ? -x.units : x.units).toString();
  if (x.scale > 0) {
    digits = digits.padStart(x.scale + 1, '0');
    digits = `${digits.slice(0, -x.scale)}.${digits.slice(-x.scale)}`;
  }
  return (neg && x.units !== 0n ? '-' : '') + digits;
}

/** Plain decimal text with trailing fractional zeros removed (`1.500` -> `1.5`, `2.0` -> `2`). */
export function norm(a: string | Dec): string {
  return fmt(a, places(a));
}
