/**
 * Pure builders of first-generation requests: the exact URL, headers and body, and the signed text.
 * No I/O and no clock: the timestamp and the token come in, so the known-answer vectors apply directly.
 */
import { redactHeaders } from '../api/redact.js';
import { legacyClientSecret, legacySignature } from '../util/signing.js';
import type { LegacyEndpoint } from './catalogue.js';

/** Wire values by parameter name, already checked (decimals plain, ids digits). */
export type LegacyValues = Readonly<Record<string, string | undefined>>;

export interface LegacyPrepared {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** The text X-BM-SIGNATURE is computed over, when the request is signed. */
  readonly signedText?: string;
}

export interface LegacyAuthInput {
  /** The access token (sent as `Bearer <token>`). */
  readonly token: string;
  /** The API secret: the signing key of the samples (spec 5.2). */
  readonly secret: string;
  /** Unix ms, as text. */
  readonly timestamp: string;
}


/** Pairs sorted by name, as the signature wants them. */
export function sortedPairs(values: LegacyValues, names: readonly string[]): Array<readonly [string, string]> {
  return names
    .filter((n) => values[n] !== undefined)
    .sort()
    .map((n) => [n, values[n]!] as const);
}

/** `name=value&...` in the order given. */
export function pairsText(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

function queryOf(ep: LegacyEndpoint, values: LegacyValues): string {
  return ep.params
    .filter((p) => p.in === 'query' && values[p.name] !== undefined)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(values[p.name]!)}`)
    .join('&');
}

/** JSON body with the body parameters as strings, in catalogue order (sorted by name for placing). */
function bodyOf(ep: LegacyEndpoint, values: LegacyValues): string | undefined {
  const names = ep.params.filter((p) => p.in === 'body').map((p) => p.name);
  if (!names.length) return undefined;
  const obj: Record<string, string> = {};
  for (const n of names) if (values[n] !== undefined) obj[n] = values[n]!;
  return JSON.stringify(obj);
}

/**
 * Builds a request of `ep` against `base` (the legacy spot address, no trailing slash).
 * Token and signed endpoints need `auth`; signed ones sign every parameter they carry
 * (placing: amount, price, side, symbol; cancelling: entrust_id), sorted by name.
 */
export function buildLegacyRequest(base: string, ep: LegacyEndpoint, values: LegacyValues, auth?: LegacyAuthInput): LegacyPrepared {
  const path = ep.path.replace(/\{([a-z_]+)\}/g, (_m, n: string) => {
    const v = values[n];
    if (v === undefined) throw new Error(`${ep.id}: path parameter ${n} missing`);
    return encodeURIComponent(v);
  });
  const qs = queryOf(ep, values);
  const body = bodyOf(ep, values);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let signedText: string | undefined;
  if (ep.auth !== 'none') {
    if (!auth) throw new Error(`${ep.id}: needs a token`);
    headers['x-bm-authorization'] = `Bearer ${auth.token}`;
    headers['x-bm-timestamp'] = auth.timestamp;
    if (ep.auth === 'signed') {
      const pairs = sortedPairs(values, ep.params.map((p) => p.name));
      signedText = pairsText(pairs);
      headers['x-bm-signature'] = legacySignature(auth.secret, pairs);
    }
  }
  return {
    method: ep.method, url: `${base}${path}${qs ? `?${qs}` : ''}`, headers,
    ...(body !== undefined ? { body } : {}), ...(signedText !== undefined ? { signedText } : {}),
  };
}

/** The form body of the token request (spec 5.2), fields in the order the spec lists them. */
export function tokenForm(key: string, secret: string, memo: string): string {
  const form = new URLSearchParams();
  form.set('grant_type', 'client_credentials');
  form.set('client_id', key);
  form.set('client_secret', legacyClientSecret(key, secret, memo));
  return form.toString();
}

/** The token request: POST form-encoded to `/v2/authentication`. */
export function buildTokenRequest(base: string, key: string, secret: string, memo: string): LegacyPrepared {
  return {
    method: 'POST', url: `${base}/v2/authentication`,
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: tokenForm(key, secret, memo),
  };
}

/**
 * A request fit to print: secret headers, and the token form's key (client_id) and client_secret,
 * replaced by `[redacted]`, as the key header is everywhere else.
 */
export function redactLegacy(req: LegacyPrepared): LegacyPrepared {
  const headers = redactHeaders(req.headers);
  const body = req.body?.replace(/(^|&)(client_id|client_secret)=[^&]*/g, '$1$2=[redacted]');
  return { method: req.method, url: req.url, headers, ...(body !== undefined ? { body } : {}) };
}
