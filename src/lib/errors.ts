/**
 * The library's errors: every failure is a {@link BmError} (category, venue code, HTTP status, trace,
 * retryable, and the exit code the CLI would give); a write whose outcome the venue did not prove is
 * an {@link UnknownOutcomeError}, so a bot can tell "not done" from "do not know".
 */
import { BmError } from '../errors.js';

export { BmError } from '../errors.js';

/** A write that may or may not have taken effect: look it up (the hint says how) before sending it again. */
export class UnknownOutcomeError extends BmError {
  constructor(message: string, details: BmError['details'] = {}) {
    super('unknown', message, { ...details, retryable: false });
    this.name = 'UnknownOutcomeError';
  }
}

/** A message with the venue's code and reason in it (`POST /spot/v3/cancel_order: 50030 Order already canceled`): a bot logs `message`. */
function withReason(err: BmError): string {
  const reason = [err.details.code, err.details.venueMessage].filter((x) => x !== undefined && x !== '').join(' ');
  if (!reason || err.message.includes(reason)) return err.message;
  return `${err.message.replace(/ failed$/, '')}: ${reason}`;
}

/** The error a library call rejects with: an unknown outcome as its own class, anything else as it came; the venue's code and reason in its message. */
export function libraryError(err: unknown): unknown {
  if (!(err instanceof BmError)) return err;
  if (err.category === 'unknown' && !(err instanceof UnknownOutcomeError)) return new UnknownOutcomeError(withReason(err), err.details);
  err.message = withReason(err);
  return err;
}

/** Why a stream ended: `reconnects_exhausted` (its venue went away and did not come back), `unreachable` (never connected). */
export type StreamErrorCode = 'reconnects_exhausted' | 'unreachable';

/** A stream that ended for good: its loop throws this (a network error) once reconnects give up. */
export class StreamError extends BmError {
  constructor(readonly streamCode: StreamErrorCode, message: string, details: BmError['details'] = {}) {
    super('network', message, { ...details, code: streamCode, retryable: true });
    this.name = 'StreamError';
  }
}
