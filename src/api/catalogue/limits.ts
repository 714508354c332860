import type { RateLimit } from './types.js';

/**
 * A limit from spec 8.1. Where the two versions of the tables give both a 2-second and a 5-second
 * figure, both windows are enforced at once, which satisfies a venue that enforces either.
 */
export function perIp(per2s: number, per5s?: number): RateLimit {
  return { target: 'IP', windows: windows(per2s, per5s) };
}

export function perKey(per2s: number, per5s?: number): RateLimit {
  return { target: 'KEY', windows: windows(per2s, per5s) };
}

function windows(per2s: number, per5s?: number) {
  const w = [{ limit: per2s, windowMs: 2000 }];
  if (per5s !== undefined) w.push({ limit: per5s, windowMs: 5000 });
  return w;
}

/** A limit counted in other windows (e.g. 10 per second, 1 per second). */
export function custom(target: 'IP' | 'KEY', limit: number, windowMs: number): RateLimit {
  return { target, windows: [{ limit, windowMs }] };
}

/** Section 8.1: "Default when an interface states none: 25 times per 5 seconds". */
export const DEFAULT_IP = custom('IP', 25, 5000);
export const DEFAULT_KEY = custom('KEY', 25, 5000);
