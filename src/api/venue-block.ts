/**
 * A venue's block of this address (HTTP 418) as the clients keep it: the longest pause `bm` waits
 * before giving up, and the failure of a request not sent while the block lasts.
 */
import { BmError } from '../errors.js';

/** The longest pause a venue may ask for before `bm` gives up instead of waiting (ms). */
export const MAX_RATE_WAIT_MS = 60_000;

/** A request not sent because the venue blocked this address (418) a moment ago: nothing left. */
export function blockedLocally(name: string, block: { until: number; said: boolean }, now: number): BmError {
  return new BmError('ratelimit', `${name}: not sent: the venue blocked this address (HTTP 418) a moment ago`, {
    code: '30017', httpStatus: 418, retryable: false,
    ...(block.said ? { retryAfterMs: block.until - now, hint: `the venue asks to wait ${Math.ceil((block.until - now) / 1000)} s before the next request (Retry-After)` } : { hint: 'wait before sending again: the venue did not say for how long' }),
  });
}
