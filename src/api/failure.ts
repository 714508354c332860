/**
 * Failures of both REST generations as {@link BmError}s, in one place: a venue's answer (its code
 * looked up in the code table, else its HTTP status) and a request that got no answer.
 */
import { BmError, type ErrorDetails } from '../errors.js';
import { codes, categoryOfStatus, ruledStatus, type CodeInfo } from './codes.js';
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
  /** Set for a write (and only then): how to check its outcome when the answer proves nothing (a 5xx). */
  readonly unknownHint?: string;
  /** The answer's headers: a Retry-After is named in the hint. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The codes that say success: 1000 the spec's, 0 the venue's other documented shape (facts.md 5). */
const SUCCESS_CODES: readonly string[] = ['1000', '0'];

/**
 * The error a non-success answer carries. An answer the venue's rules define (a 2xx, or a 4xx the spec
 * lists, see {@link ruledStatus}) is read by its code in the table, else by its HTTP status. Any other
 * answer (a 5xx whatever its body says, a 1xx or 3xx, a 4xx the spec never uses) or an error status with
 * the success code proves nothing: a network failure (exit 8 for a read; for a write the pipeline looks it
 * up), the venue's code, message and trace kept.
 */
export function venueFailure(a: VenueAnswer): BmError {
  const info = a.code !== undefined ? codes().get(Number(a.code)) : undefined;
  if (!ruledStatus(a.status) || (a.code !== undefined && SUCCESS_CODES.includes(a.code))) return unruled(a, info);
  const category = info?.category ?? categoryOfStatus(a.status);
  const venueMessage = a.venueMessage ?? info?.message;
  const body = !venueMessage && a.text ? `: ${a.text.slice(0, 200)}` : '';
  const message = `${a.method} ${a.path} failed${a.code === undefined ? ` with HTTP ${a.status}` : ''}${body}`;
  const retry = category === 'ratelimit' && a.headers ? retryAfterMs(a.headers['retry-after'], Date.now(), a.headers.date) : undefined;
  const hint = retry !== undefined
    ? `the venue asks to wait ${Math.ceil(retry / 1000)} s before the next request (Retry-After)`
    : category === 'network' && a.unknownHint ? a.unknownHint : info?.hint ?? a.hint;
  return new BmError(category, message, {
    ...said(a, venueMessage), ...(hint ? { hint } : {}),
    retryable: category === 'ratelimit' || (category === 'network' && !a.unknownHint), ...(retry !== undefined ? { retryAfterMs: retry } : {}),
  });
}

/** The venue's code, message, HTTP status and trace, as an error's details. */
function said(a: VenueAnswer, venueMessage: string | undefined): ErrorDetails {
  return { ...(a.code !== undefined ? { code: a.code } : {}), ...(venueMessage ? { venueMessage } : {}), httpStatus: a.status, ...(a.trace ? { trace: a.trace } : {}) };
}

/** An answer outside the venue's rules: never a refusal, whatever code it carries. */
function unruled(a: VenueAnswer, info: CodeInfo | undefined): BmError {
  const venueMessage = a.venueMessage ?? info?.message;
  const body = !venueMessage && a.text ? `: ${a.text.slice(0, 200)}` : '';
  const server = a.status >= 500;
  const why = a.code !== undefined && SUCCESS_CODES.includes(a.code) && ruledStatus(a.status)
    ? 'an error status with the success code, an answer that contradicts itself'
    : server ? 'a server error, not a refusal' : 'a status the interface does not use (a proxy\'s?), not a refusal';
  const message = `${a.method} ${a.path} failed with HTTP ${a.status}${a.code !== undefined ? ` (code ${a.code})` : ''}: ${why}${body}`;
  const hint = a.unknownHint
    ?? (info?.category === 'network' && info.hint ? info.hint
      : server ? `the venue failed (HTTP ${a.status}): a read is safe to send again; if it lasts, see bm service`
        : 'the answer is not one of the venue\'s: check --base-url and any proxy, then try again');
  // A redirect answers the same again; a write whose outcome is unknown is never sent again as it is.
  return new BmError('network', message, { ...said(a, venueMessage), hint, retryable: !a.unknownHint && (a.status < 300 || a.status >= 400) });
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
