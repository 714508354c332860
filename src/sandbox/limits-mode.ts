/**
 * How strictly the sandbox enforces the venue's limits (`bm sandbox serve --limits`): `spec` (the
 * published limits, the default), `off` (none: the sandbox is a load target) or a factor that scales
 * every count (`2` allows twice as many requests per window, `0.5` half). Windows keep their length.
 */
import type { RateLimit } from '../api/catalogue/types.js';

/** Multiplies every limit; Infinity: limits off. */
export type LimitFactor = number;

/** Parses `spec`, `off` or a positive decimal factor; undefined when the text is none of them. */
export function parseLimits(text: string): LimitFactor | undefined {
  if (text === 'spec') return 1;
  if (text === 'off') return Number.POSITIVE_INFINITY;
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text)) return undefined;
  const f = Number(text);
  return f > 0 ? f : undefined;
}

/** A count scaled by the factor (at least 1). */
export function scaled(limit: number, factor: LimitFactor): number {
  return factor === 1 ? limit : Math.max(1, Math.floor(limit * factor));
}

const cache = new WeakMap<RateLimit, Map<number, RateLimit>>();

/** `rate` with every window's count scaled (the same object when the factor is 1). */
export function scaleRate(rate: RateLimit, factor: LimitFactor): RateLimit {
  if (factor === 1) return rate;
  let byFactor = cache.get(rate);
  if (!byFactor) cache.set(rate, (byFactor = new Map()));
  let r = byFactor.get(factor);
  if (!r) byFactor.set(factor, (r = { ...rate, windows: rate.windows.map((w) => ({ ...w, limit: scaled(w.limit, factor) })) }));
  return r;
}
