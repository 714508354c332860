/**
 * The first-generation REST client: token authentication handled for the caller (cached, refreshed
 * shortly before expiry, dropped and fetched once more after a 401), raw JSON bodies parsed losslessly,
 * and every failure turned into a {@link BmError} whose category follows the HTTP status.
 */
import { ClientBase } from '../api/base.js';
import type { BaseOptions, Outgoing } from '../api/base-types.js';
import { venueFailure } from '../api/failure.js';
import type { HttpResponse } from '../api/http.js';
import { BmError } from '../errors.js';
import { parseJson } from '../util/json.js';
import type { LegacyEndpoint } from './catalogue.js';
import { legacyRate } from './limits.js';
import { buildLegacyRequest, buildTokenRequest, redactLegacy, type LegacyPrepared, type LegacyValues } from './request.js';
import type { CachedToken, TokenStore } from './tokens.js';

export interface LegacyClientOptions extends BaseOptions {
  readonly store: TokenStore;
}

export interface TokenInfo extends CachedToken {
  /** True when it came from the cache, false when just issued. */
  readonly cached: boolean;
}

/** Shown in place of a token a dry run does not fetch. */
export const TOKEN_PLACEHOLDER = '<token>';

/** How to check a legacy write whose answer never came (legacy orders carry no client id). */
const UNKNOWN_HINT = 'the outcome is unknown: look it up with bm legacy order list SYMBOL --status 5 before sending again';

export class LegacyClient extends ClientBase {
  constructor(private readonly opts: LegacyClientOptions) {
    super(opts);
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
    const req = buildTokenRequest(base, c.key, c.secret, c.memo);
    const body = this.read(await this.send(req, '/v2/authentication', false), req) as { access_token?: unknown; expires_in?: unknown };
    const lifetime = Number(body?.expires_in);
    if (typeof body?.access_token !== 'string' || !body.access_token || !Number.isFinite(lifetime) || lifetime <= 0) {
      throw new BmError('venue', 'POST /v2/authentication answered without access_token and expires_in');
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
      return this.read(await this.send(req, ep.path, write), req, write);
    }
    const c = await this.creds(ep.path);
    let tok = await this.token();
    let clockSynced = false;
    for (;;) {
      let req!: LegacyPrepared;
      const res = await this.send(() => (req = buildLegacyRequest(base, ep, values, { token: tok.token, secret: c.secret, timestamp: this.timestamp() })), ep.path, write);
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
      return this.read(res, req, write);
    }
  }

  /** Learns the offset between the venue's clock and ours from GET /v2/time. */
  async syncClock(base?: string): Promise<number> {
    const b = base ?? (await this.opts.baseUrl());
    return this.learnClock(async () => {
      const req = { method: 'GET', url: `${b}/v2/time`, headers: { accept: 'application/json' } };
      return (this.read(await this.send(req, '/v2/time', false), req) as { server_time?: unknown })?.server_time;
    });
  }

  /** Sends within the legacy limits; `make` builds the request (again for each retry, with a fresh timestamp). */
  private send(make: LegacyPrepared | (() => LegacyPrepared), path: string, write: boolean): Promise<HttpResponse> {
    const limited = { name: path === '/v2/authentication' ? 'POST /v2/authentication' : 'legacy', rate: legacyRate(path), write };
    return this.exchange(limited, async () => {
      const req = typeof make === 'function' ? make() : make;
      return { req, shown: redactLegacy(req) };
    }, UNKNOWN_HINT);
  }

  /** The token answer is traced with its token hidden. */
  protected override shownAnswer(res: HttpResponse): string {
    return res.text.replace(/("access_token"\s*:\s*")[^"]*/, '$1[redacted]');
  }

  /** The body of a 2xx answer; the error a non-2xx answer carries. */
  private read(res: HttpResponse, req: Outgoing, write = false): unknown {
    const path = new URL(req.url).pathname;
    let body: unknown;
    try {
      body = res.text.trim() ? parseJson(res.text) : {};
    } catch {
      body = undefined;
    }
    if (res.status >= 200 && res.status < 300) {
      // An answer that cannot be read proves nothing: for a write, the outcome is unknown (exit 11, looked up).
      if (body === undefined) {
        throw new BmError('network', `${req.method} ${path} answered HTTP ${res.status} with a body that is not JSON: ${res.text.slice(0, 100)}`, {
          httpStatus: res.status, ...(write ? { hint: UNKNOWN_HINT } : {}), retryable: false,
        });
      }
      return body;
    }
    const obj = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    const venueMessage = typeof obj?.message === 'string' ? obj.message : undefined;
    const hint = hintOf(res.status, path);
    throw venueFailure({
      method: req.method, path, status: res.status, text: res.text, ...(venueMessage ? { venueMessage } : {}),
      ...(hint ? { hint } : {}), ...(write ? { unknownHint: UNKNOWN_HINT } : {}), headers: res.headers,
    });
  }
}

function hintOf(status: number, path: string): string | undefined {
  if (status === 401) return 'check the key, secret and memo (the client secret is made of all three), and the clock: bm legacy time';
  if (status === 403) return 'the key lacks the permission, or the IP is not allowed';
  if (status === 429 || status === 418) {
    return path === '/v2/authentication' ? 'the token endpoint allows 5 requests a minute: wait a minute' : 'too many requests: slow down and try again';
  }
  return undefined;
}
