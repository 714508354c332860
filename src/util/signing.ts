/**
 * Signatures of the interface, as pure functions: strings in, lower-case hex out.
 * Shared by the client and the sandbox, and proven against the known-answer vectors.
 */
import { createHmac } from 'node:crypto';

/** Lower-case hex HMAC-SHA256 of `text` keyed by `secret`. */
export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** The text a current-generation request signs: `timestamp#memo#payload`. */
export function signText(timestamp: string, memo: string, payload: string): string {
  return `${timestamp}#${memo}#${payload}`;
}

/**
 * X-BM-SIGN for a request. `payload` is the query string as sent (GET, DELETE; no `?`)
 * or the JSON body as sent (POST, PUT).
 */
export function signRequest(secret: string, timestamp: string, memo: string, payload: string): string {
  return hmacHex(secret, signText(timestamp, memo, payload));
}

/** The WebSocket login signature over `timestamp#memo#<service>.WebSocket`. */
export function signWsLogin(secret: string, timestamp: string, memo: string, service: string): string {
  return hmacHex(secret, signText(timestamp, memo, `${service}.WebSocket`));
}

/** Legacy client secret: HMAC keyed by the API secret over `key:secret:memo`. */
export function legacyClientSecret(key: string, secret: string, memo: string): string {
  return hmacHex(secret, `${key}:${secret}:${memo}`);
}

/**
 * Legacy X-BM-SIGNATURE: name=value pairs joined by `&`, in the order given (callers pass them
 * sorted by name, which is also the body order for placing an order), keyed by the API secret.
 */
export function legacySignature(secret: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  return hmacHex(secret, pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}
