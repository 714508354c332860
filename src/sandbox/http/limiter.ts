/**
 * Server-side rate limits (spec 8.1): every catalogue limit, both windows where two are given,
 * counted per IP for public endpoints and per key for keyed ones, with the shared
 * {@link SlidingWindows}.
 */
import type { RateLimit } from '../../api/catalogue/types.js';
import { RateBook } from '../../util/ratelimit.js';
import type { Headers } from './reply.js';
import { scaleRate, type LimitFactor } from '../limits-mode.js';

export interface Admission {
  readonly ok: boolean;
  /** X-BM-RateLimit-* of the tightest window, after counting this request. */
  readonly headers: Headers;
}

const OPEN: Admission = { ok: true, headers: {} };

export class Limiter {
  private readonly book = new RateBook();

  /** `factor` scales every limit (limits-mode.ts); Infinity turns them off (no counting, no headers). */
  constructor(private readonly factor: LimitFactor = 1) {}

  /** Counts a request of `name` (the path) from `who` (key or IP) at `now` (ms). */
  admit(name: string, spec: RateLimit, who: string, now: number): Admission {
    if (this.factor === Number.POSITIVE_INFINITY) return OPEN;
    const rate = scaleRate(spec, this.factor);
    const w = this.book.get(`${name}\n${rate.target}\n${who}`, rate);
    const ok = w.take(now) === 0;
    const r = w.remaining(now);
    return {
      ok,
      headers: {
        'X-BM-RateLimit-Remaining': String(r.remaining),
        'X-BM-RateLimit-Limit': String(r.limit),
        'X-BM-RateLimit-Reset': String(r.resetSeconds),
      },
    };
  }
}
