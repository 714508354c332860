/**
 * The legacy generation's published limits (spec 8.4): token requests 5 a minute; every other call
 * at most 1000 a second, counted per IP. The client keeps to them like to the current generation's.
 */
import { custom } from '../api/catalogue/limits.js';
import type { RateLimit } from '../api/catalogue/types.js';

export const LEGACY_TOKEN_RATE: RateLimit = custom('IP', 5, 60_000);
export const LEGACY_CALL_RATE: RateLimit = custom('IP', 1000, 1000);

/** The limit a legacy request counts against. */
export function legacyRate(path: string): RateLimit {
  return path === '/v2/authentication' ? LEGACY_TOKEN_RATE : LEGACY_CALL_RATE;
}
