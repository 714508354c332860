/** WebSocket error frames and failures as {@link BmError}s with the exit codes of the code table. */
import { codes } from '../api/codes.js';
import { BmError } from '../errors.js';

/** An error frame `{event, errorCode, errorMessage}` from the venue. */
export function wsVenueError(event: string, code: string, message: string): BmError {
  const info = codes().get(Number(code));
  const what = event === 'login' ? 'WebSocket login failed' : event ? `WebSocket ${event} refused` : 'WebSocket request refused';
  return new BmError(info?.category ?? 'venue', what, {
    code,
    venueMessage: message || info?.message || 'unknown error',
    ...(info?.hint ? { hint: info.hint } : {}),
    retryable: info?.category === 'network' || info?.category === 'ratelimit',
  });
}

/** The connection could not be (re)established or kept. */
export function wsNetworkError(message: string, hint?: string): BmError {
  return new BmError('network', message, { retryable: true, ...(hint ? { hint } : {}) });
}
