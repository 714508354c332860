/**
 * What an answer says about the venue's limits (spec 8.1, facts.md 2 and 5b): `Retry-After` (seconds,
 * or an HTTP date) and `X-BM-RateLimit-Limit/-Remaining/-Reset`. `Remaining` is read both ways the
 * venues used it (requests left, or requests used): a window counts as spent only on a signal that
 * cannot be misread, see {@link RemainingReading}.
 */

export interface RateHeaders {
  /** ms to wait before the next request, from Retry-After; undefined when absent or unreadable. */
  readonly retryAfterMs?: number;
  readonly limit?: number;
  readonly remaining?: number;
  /** The window the headers speak of, ms (`Reset`: its length in seconds, spec 8.1). */
  readonly resetMs?: number;
}

function count(v: string | undefined): number | undefined {
  if (v === undefined || !/^\s*[0-9]+(\.[0-9]+)?\s*$/.test(v)) return undefined;
  return Number(v);
}

/**
 * Retry-After as ms from now: delay-seconds, or an HTTP date measured against the answer's own
 * `Date` header when it has one (so a skewed local clock does not shorten the wait), else `now`.
 */
export function retryAfterMs(value: string | undefined, now: number, date?: string): number | undefined {
  if (value === undefined) return undefined;
  const secs = count(value);
  if (secs !== undefined) return Math.ceil(secs * 1000);
  const at = Date.parse(value);
  if (!Number.isFinite(at)) return undefined;
  const served = date !== undefined ? Date.parse(date) : NaN;
  return Math.max(0, at - (Number.isFinite(served) ? served : now));
}

/** The rate headers of an answer (names in lower case). */
export function rateHeaders(headers: Readonly<Record<string, string>>, now: number): RateHeaders {
  const retry = retryAfterMs(headers['retry-after'], now, headers.date);
  const limit = count(headers['x-bm-ratelimit-limit']);
  const remaining = count(headers['x-bm-ratelimit-remaining']);
  const reset = count(headers['x-bm-ratelimit-reset']);
  return {
    ...(retry !== undefined ? { retryAfterMs: retry } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(remaining !== undefined ? { remaining } : {}),
    ...(reset !== undefined && reset > 0 ? { resetMs: Math.ceil(reset * 1000) } : {}),
  };
}

/**
 * Which way a venue counts `Remaining`, learned from answers that follow each other in one window:
 * requests left go down, requests used go up. Until it is learned, the spec's reading (left) holds.
 * Spent: 0 left; or, on a venue seen counting up, as many used as the limit.
 */
export class RemainingReading {
  private last: { remaining: number; at: number } | undefined;
  private votes = 0;

  /** True when these headers say the window is spent (the answer's own request counted). */
  spent(h: RateHeaders, now: number): boolean {
    if (h.remaining === undefined || h.limit === undefined || h.limit <= 0) return false;
    const prev = this.last;
    this.last = { remaining: h.remaining, at: now };
    if (prev && now - prev.at < (h.resetMs ?? 1000) && h.remaining !== prev.remaining) {
      // Answers may come back out of order: a few votes decide, not one.
      this.votes = Math.max(-5, Math.min(5, this.votes + (h.remaining > prev.remaining ? 1 : -1)));
    }
    return this.votes >= 3 ? h.remaining >= h.limit : h.remaining <= 0;
  }
}
