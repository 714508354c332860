/**
 * Over-precise order figures, as the venue took them (facts.md 5: "silently truncated"): by default a
 * price, size or notional with more decimals than the pair allows is cut toward zero to them before
 * the order is checked; `--strict` leaves them whole, so the checks refuse them with 50021.
 */
import { fmt, isDecimal, places, truncate } from '../../util/decimal.js';
import type { PlaceRequest } from '../exchange-api.js';
import { placesOf } from '../engine/units.js';
import type { PairSpec } from '../engine/pairs.js';

/** `v` cut to `n` decimals; unchanged when it has no more, or is not a plain unsigned decimal (the checks refuse it). */
function cut(v: string | undefined, n: number): string | undefined {
  if (v === undefined || !isDecimal(v) || v.startsWith('-') || v.startsWith('+') || places(v) <= n) return v;
  return fmt(truncate(v, n));
}

/** `req` with its figures cut to the pair's decimals: price and notional to price_max_precision, size to the size increment's. */
export function truncatedFigures(spec: PairSpec, req: PlaceRequest): PlaceRequest {
  const d = spec.details;
  const price = cut(req.price, d.price_max_precision);
  const size = cut(req.size, placesOf(d.quote_increment));
  const notional = cut(req.notional, d.price_max_precision);
  return { ...req, ...(price !== undefined ? { price } : {}), ...(size !== undefined ? { size } : {}), ...(notional !== undefined ? { notional } : {}) };
}
