/**
 * Failures of both REST generations as {@link BmError}s, in one place: a venue's answer (its code
 * looked up in the code table, else its HTTP status) and a request that got no answer.
 */
import { BmError } from '../errors.js';
import { CODES, categoryOfStatus } from './codes.js';
import { TransportError } from './http.js';
import { retryAfterMs } from './rate-headers.js';

export interface VenueAnswer {
  readonly method: string;
  /** The path as requested (no query string). */
  readonly path: string;
  readonly status: number;
  /** The body, shown (cut at 200 characters) when it carries no message of the venue. */
  readonly text?: string;
  /** The venue's business code, as sent. */
  readonly code?: string;
  readonly venueMessage?: string;
  readonly trace?: string;
  /** The hint when the code table has none. */
  readonly hint?: string;
  /** The hint of a network-category answer to a write (5xx): how to check its outcome. */
  readonly unknownHint?: string;
  /** The answer's headers: a Retry-After is named in the hint. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The error a non-success answer carries: category from the code table, else from the HTTP status. */
export function venueFailure(a: VenueAnswer): BmError {
  const info = a.code !== undefined ? CODES.get(Number(a.code)) : undefined;
  const category = info?.category ?? categoryOfStatus(a.status);
  const venueMessage = a.venueMessage ?? info?.message;
  const body = !venueMessage && a.text ? `: ${a.text.slice(0, 200)}` : '';
  const message = `${a.method} ${a.path} failed${a.code === undefined ? ` with HTTP ${a.status}` : ''}${body}`;
  const retry = category === 'ratelimit' && a.headers ? retryAfterMs(a.headers['retry-after'], Date.now(), a.headers.date) : undefined;
  const hint = retry !== undefined
    ? `the venue asks to wait ${Math.ceil(retry / 1000)} s before the next request (Retry-After)`
    : info?.hint ?? a.hint ?? (category === 'network' ? a.unknownHint : undefined);
  return new BmError(category, message, {
    ...(a.code !== undefined ? { code: a.code } : {}), ...(venueMessage ? { venueMessage } : {}), httpStatus: a.status,
    ...(a.trace ? { trace: a.trace } : {}), ...(hint ? { hint } : {}),
    retryable: category === 'ratelimit' || category === 'network', ...(retry !== undefined ? { retryAfterMs: retry } : {}),
  });
}

/**
 * A request that got no answer. Never sent: "is the venue running?"; maybe sent: for a write,
 * `unknownHint` (the outcome is unknown: how to look it up), else a network hint.
 */
export function networkFailure(err: unknown, write: boolean, unknownHint: string): BmError {
  if (!(err instanceof TransportError)) return new BmError('internal', (err as Error)?.message ?? String(err));
  const hint = !err.reached ? `is the venue running? (${err.code})` : write ? unknownHint : 'check the network, or raise --timeout';
  return new BmError('network', err.message, { code: err.code, hint, retryable: true });
}
