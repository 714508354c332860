/**
 * The first-generation REST client: token authentication handled for the caller (cached, refreshed
 * shortly before expiry, dropped and fetched once more after a 401), raw JSON bodies parsed losslessly,
 * and every failure turned into a {@link BmError} whose category follows the HTTP status.
 */
import type { Credentials } from '../api/client.js';
import { categoryOfStatus } from '../api/codes.js';
import { send, TransportError, type HttpResponse } from '../api/transport.js';
import type { Env } from '../config/paths.js';
import { BmError } from '../errors.js';
import { parseJson } from '../util/json.js';
import type { LegacyEndpoint } from './catalogue.js';
import { traceRequest, traceResponse } from '../api/redact.js';
import { buildLegacyRequest, buildTokenRequest, redactLegacy, type LegacyPrepared, type LegacyValues } from './request.js';
import type { CachedToken, TokenStore } from './tokens.js';

export interface LegacyClientOptions {
  readonly env: Env;
  /** The legacy spot address, no trailing slash. */
  readonly baseUrl: () => Promise<string>;
  readonly credentials: () => Promise<Credentials | undefined>;
  readonly store: TokenStore;
  /** Whole-request timeout, ms. */
  readonly timeoutMs: number;
  readonly trace?: (line: string) => void;
  readonly now?: () => number;
}

export interface TokenInfo extends CachedToken {
  /** True when it came from the cache, false when just issued. */
  readonly cached: boolean;
}

/** Shown in place of a token a dry run does not fetch. */
export const TOKEN_PLACEHOLDER = '<token>';

export class LegacyClient {
  private readonly now: () => number;
  /** Venue clock minus ours, ms: learned from /v2/time after a timestamp refusal. */
  private clockOffsetMs = 0;

  constructor(private readonly opts: LegacyClientOptions) {
    this.now = opts.now ?? Date.now;
  }

  private async creds(what: string): Promise<Credentials> {
    const c = await this.opts.credentials();
    if (!c) {
      throw new BmError('auth', `${what} needs an API key and none is configured`, {
        hint: 'add one with: bm profile add NAME (or set BM_API_KEY, BM_API_SECRET, BM_API_MEMO)',
      });
    }
    return c;
  }

  /** The cached token, or a new one from POST /v2/authentication when none is usable (`fresh` forces one). */
  async token(fresh = false): Promise<TokenInfo> {
    const base = await this.opts.baseUrl();
    const c = await this.creds('a legacy token');
    if (!fresh) {
      const hit = this.opts.store.get(base, c.key, this.now());
      if (hit) return { ...hit, cached: true };
    }
    const issuedAt = this.now();
    const res = await this.exchange(buildTokenRequest(base, c.key, c.secret, c.memo), true, false);
    const body = this.read(res, 'POST', '/v2/authentication', false) as { access_token?: unknown; expires_in?: unknown };
    const lifetime = Number(body?.expires_in);
    if (typeof body?.access_token !== 'string' || !body.access_token || !Number.isFinite(lifetime) || lifetime <= 0) {
      throw new BmError('venue', 'POST /v2/authentication answered without access_token and expires_in', { httpStatus: res.status });
    }
    const t: CachedToken = { token: body.access_token, issuedAt, expiresAt: issuedAt + lifetime * 1000 };
    this.opts.store.put(base, c.key, t);
    return { ...t, cached: false };
  }

  /** The exact request for a dry run: the cached token if any (never fetched), signed with the real secret. */
  async prepare(ep: LegacyEndpoint, values: LegacyValues): Promise<LegacyPrepared> {
    const base = await this.opts.baseUrl();
    if (ep.id === 'legacy.token') {
      const c = await this.creds('a legacy token');
      return buildTokenRequest(base, c.key, c.secret, c.memo);
    }
    if (ep.auth === 'none') return buildLegacyRequest(base, ep, values);
    const c = await this.creds(ep.path);
    const token = this.opts.store.get(base, c.key, this.now())?.token ?? TOKEN_PLACEHOLDER;
    return buildLegacyRequest(base, ep, values, { token, secret: c.secret, timestamp: this.timestamp() });
  }

  /** Sends a request of `ep` and returns the parsed body; throws {@link BmError} on any failure. */
  async call(ep: LegacyEndpoint, values: LegacyValues): Promise<unknown> {
    const base = await this.opts.baseUrl();
    const write = ep.write ?? false;
    if (ep.auth === 'none') {
      const req = buildLegacyRequest(base, ep, values);
      return this.read(await this.exchange(req, false, write), ep.method, pathOf(req), write);
    }
    const c = await this.creds(ep.path);
    let tok = await this.token();
    let clockSynced = false;
    for (;;) {
      const req = buildLegacyRequest(base, ep, values, { token: tok.token, secret: c.secret, timestamp: this.timestamp() });
      const res = await this.exchange(req, false, write);
      if (res.status === 401 && !clockSynced && /timestamp/i.test(res.text)) {
        // Our clock is off by more than the venue allows: learn its clock once and send again.
        clockSynced = true;
        await this.syncClock(base);
        continue;
      }
      if (res.status === 401 && tok.cached) {
        // The venue forgot the token (restart, revocation): a 401 means nothing was done, so retry once.
        this.opts.trace?.('cached token refused: fetching a new one');
        this.opts.store.drop(base, c.key);
        tok = await this.token(true);
        continue;
      }
      return this.read(res, ep.method, pathOf(req), write);
    }
  }

  private timestamp(): string {
    return String(this.now() + this.clockOffsetMs);
  }

  /** Learns the offset between the venue's clock and ours from GET /v2/time. */
  async syncClock(base?: string): Promise<number> {
    const b = base ?? (await this.opts.baseUrl());
    const before = this.now();
    const res = await this.exchange({ method: 'GET', url: `${b}/v2/time`, headers: { accept: 'application/json' } }, false, false);
    const after = this.now();
    const server = Number(String((this.read(res, 'GET', '/v2/time', false) as { server_time?: unknown })?.server_time));
    if (Number.isFinite(server)) this.clockOffsetMs = server - Math.round((before + after) / 2);
    this.opts.trace?.(`clock offset from the venue: ${this.clockOffsetMs} ms`);
    return this.clockOffsetMs;
  }

  private async exchange(req: LegacyPrepared, tokenCall: boolean, write: boolean): Promise<HttpResponse> {
    const trace = this.opts.trace;
    if (trace) traceRequest(trace, redactLegacy(req));
    const started = this.now();
    let res: HttpResponse;
    try {
      res = await send({ method: req.method, url: req.url, headers: req.headers, ...(req.body !== undefined ? { body: req.body } : {}), timeoutMs: this.opts.timeoutMs }, this.opts.env);
    } catch (err) {
      throw networkError(err, write);
    }
    if (trace) traceResponse(trace, res, this.now() - started, tokenCall ? res.text.replace(/("access_token"\s*:\s*")[^"]*/, '$1[redacted]') : res.text);
    return res;
  }

  /** The body of a 2xx answer; the error a non-2xx answer carries. */
  private read(res: HttpResponse, method: string, path: string, write: boolean): unknown {
    let body: unknown;
    try {
      body = res.text.trim() ? parseJson(res.text) : {};
    } catch {
      body = undefined;
    }
    if (res.status >= 200 && res.status < 300) {
      if (body === undefined) throw new BmError('venue', `${method} ${path} answered with a body that is not JSON`, { httpStatus: res.status });
      return body;
    }
    const obj = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    const venueMessage = typeof obj?.message === 'string' ? obj.message : undefined;
    const category = categoryOfStatus(res.status);
    const message = `${method} ${path} failed with HTTP ${res.status}${!venueMessage && res.text ? `: ${res.text.slice(0, 200)}` : ''}`;
    return failure(category, message, res.status, venueMessage, path, write);
  }
}

/** The path a request was sent to (errors name it, not the catalogue's template). */
function pathOf(req: LegacyPrepared): string {
  return new URL(req.url).pathname;
}

function hintOf(status: number, path: string, write: boolean): string | undefined {
  if (status === 401) return 'check the key, secret and memo (the client secret is made of all three), and the clock: bm legacy time';
  if (status === 403) return 'the key lacks the permission, or the IP is not allowed';
  if (status === 429 || status === 418) {
    return path === '/v2/authentication' ? 'the token endpoint allows 5 requests a minute: wait a minute' : 'too many requests: slow down and try again';
  }
  if (status >= 500 && write) return 'the outcome is unknown: look it up with bm legacy order list SYMBOL --status 5 before sending again';
  return undefined;
}

function failure(category: ReturnType<typeof categoryOfStatus>, message: string, status: number, venueMessage: string | undefined, path: string, write: boolean): never {
  const hint = hintOf(status, path, write);
  throw new BmError(category, message, {
    httpStatus: status, ...(venueMessage ? { venueMessage } : {}), ...(hint ? { hint } : {}),
    retryable: category === 'ratelimit' || category === 'network',
  });
}

function networkError(err: unknown, write: boolean): BmError {
  if (!(err instanceof TransportError)) return new BmError('internal', (err as Error)?.message ?? String(err));
  const hint = !err.reached
    ? `is the venue running? (${err.code})`
    : write
      ? 'the outcome is unknown: look it up with bm legacy order list SYMBOL --status 5 before sending again'
      : 'check the network, or raise --timeout';
  return new BmError('network', err.message, { code: err.code, hint, retryable: true });
}
