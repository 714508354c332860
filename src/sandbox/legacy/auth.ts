/**
 * Token issuing and checking of the sandbox's legacy generation (spec 5.2, 8.4): tokens per exchange,
 * 5 token requests a minute per IP, 60 s timestamp tolerance, X-BM-SIGNATURE on place and cancel.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { legacyClientSecret, legacySignature } from '../../util/signing.js';
import type { ExchangeApi, SandboxAccount } from '../exchange-api.js';

/** A refusal: the HTTP status and the `message` of the raw body. */
export class LegacyHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'LegacyHttpError';
  }
}

export interface LegacyOptions {
  /** Lifetime of issued tokens, seconds (spec: 2 hours). */
  tokenLifetimeSec: number;
  /** Token requests allowed per IP per minute (spec 8.4). */
  tokenRequestsPerMinute: number;
  /** Allowed distance of X-BM-TIMESTAMP from the server clock, ms. */
  timestampToleranceMs: number;
  now: () => number;
}

interface Issued {
  readonly accountId: string;
  readonly key: string;
  readonly expiresAt: number;
}

export interface LegacyState {
  readonly options: LegacyOptions;
  readonly tokens: Map<string, Issued>;
  /** Times (ms) of recent token requests, per IP. */
  readonly tokenHits: Map<string, number[]>;
}

const states = new WeakMap<ExchangeApi, LegacyState>();

/** The legacy state of an exchange, created on first use; `options` adjust it (tests: short lifetimes, a clock). */
export function legacyState(exchange: ExchangeApi, options: Partial<LegacyOptions> = {}): LegacyState {
  let s = states.get(exchange);
  if (!s) {
    s = {
      options: { tokenLifetimeSec: 7200, tokenRequestsPerMinute: 5, timestampToleranceMs: 60_000, now: Date.now },
      tokens: new Map(), tokenHits: new Map(),
    };
    states.set(exchange, s);
  }
  Object.assign(s.options, options);
  return s;
}

function ipOf(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

/** POST /v2/authentication: checks the form and issues a token. */
export function issueToken(state: LegacyState, exchange: ExchangeApi, req: IncomingMessage, body: string): { access_token: string; expires_in: number } {
  const now = state.options.now();
  const hits = (state.tokenHits.get(ipOf(req)) ?? []).filter((t) => t > now - 60_000);
  if (hits.length >= state.options.tokenRequestsPerMinute) {
    state.tokenHits.set(ipOf(req), hits);
    throw new LegacyHttpError(429, `too many token requests: at most ${state.options.tokenRequestsPerMinute} a minute`);
  }
  hits.push(now);
  state.tokenHits.set(ipOf(req), hits);
  if (!/^application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '')) {
    throw new LegacyHttpError(415, 'Content-Type must be application/x-www-form-urlencoded');
  }
  const form = new URLSearchParams(body);
  if (form.get('grant_type') !== 'client_credentials') throw new LegacyHttpError(400, 'grant_type must be client_credentials');
  const account = exchange.accountByKey(form.get('client_id') ?? '');
  const given = form.get('client_secret') ?? '';
  if (!account || !same(given, legacyClientSecret(account.key, account.secret, account.memo))) {
    throw new LegacyHttpError(401, 'invalid client_id or client_secret');
  }
  const token = randomBytes(24).toString('hex');
  state.tokens.set(token, { accountId: account.id, key: account.key, expiresAt: now + state.options.tokenLifetimeSec * 1000 });
  for (const [t, v] of state.tokens) if (v.expiresAt <= now) state.tokens.delete(t);
  return { access_token: token, expires_in: state.options.tokenLifetimeSec };
}

/** Exact comparison: hex is lower-case (facts.md 3), as the current generation compares it. */
function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The account behind X-BM-AUTHORIZATION (`Bearer <token>`), with the timestamp checked. */
export function authenticate(state: LegacyState, exchange: ExchangeApi, req: IncomingMessage): { account: SandboxAccount; timestamp: string } {
  const auth = header(req, 'x-bm-authorization');
  if (!auth) throw new LegacyHttpError(401, 'X-BM-AUTHORIZATION missing');
  const m = /^Bearer\s+(\S+)$/i.exec(auth.trim());
  if (!m) throw new LegacyHttpError(401, 'X-BM-AUTHORIZATION must be: Bearer <access_token>');
  const issued = state.tokens.get(m[1]!);
  const now = state.options.now();
  if (!issued) throw new LegacyHttpError(401, 'unknown access token');
  if (issued.expiresAt <= now) {
    state.tokens.delete(m[1]!);
    throw new LegacyHttpError(401, 'access token expired');
  }
  const account = exchange.accountByKey(issued.key);
  if (!account) throw new LegacyHttpError(401, 'the key of this token no longer exists');
  const ts = header(req, 'x-bm-timestamp');
  if (!ts) throw new LegacyHttpError(401, 'X-BM-TIMESTAMP missing');
  if (!/^[0-9]{1,16}$/.test(ts)) throw new LegacyHttpError(401, 'X-BM-TIMESTAMP must be Unix milliseconds');
  if (Math.abs(Number(ts) - now) > state.options.timestampToleranceMs) throw new LegacyHttpError(401, 'X-BM-TIMESTAMP is more than 60 seconds off');
  return { account, timestamp: ts };
}

/**
 * Checks X-BM-SIGNATURE over `pairs`. Spec 5.2 contradicts itself (the samples key the HMAC with the
 * API secret over the sorted parameters, the general text with the client secret and a timestamp
 * among them); the sandbox accepts one construction, that of the samples and of facts.md 3's
 * vectors: HMAC-SHA256 keyed by the API secret over the sorted `name=value` pairs, lower-case hex.
 */
export function verifySignature(req: IncomingMessage, account: SandboxAccount, pairs: ReadonlyArray<readonly [string, string]>): void {
  const given = header(req, 'x-bm-signature');
  if (!given) throw new LegacyHttpError(401, 'X-BM-SIGNATURE missing');
  const sorted = [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (!same(given, legacySignature(account.secret, sorted))) {
    throw new LegacyHttpError(401, 'X-BM-SIGNATURE wrong: lower-case hex HMAC-SHA256 keyed by the API secret over the sorted name=value pairs expected');
  }
}
