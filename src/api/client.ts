/**
 * The current-generation REST client: builds the exact bytes, signs them, keeps to the rate limits,
 * checks the envelope on `code`, and turns every failure into a {@link BmError} with its category.
 */
import { BmError } from '../errors.js';
import type { Env } from '../config/paths.js';
import { parseJson, stringifyJson } from '../util/json.js';
import type { Auth, Method, RateLimit } from './catalogue/types.js';
import { rateOf } from './catalogue/index.js';
import { CODES, categoryOfStatus } from './codes.js';
import { RateBook } from './ratelimit.js';
import { traceRequest, traceResponse } from './redact.js';
import { send, TransportError, type HttpResponse } from './transport.js';

export interface Credentials {
  readonly key: string;
  readonly secret: string;
  readonly memo: string;
}

/** What a call needs of an endpoint: the catalogue entry fits, and so does an ad-hoc `bm api` target. */
export interface Target {
  readonly method: Method;
  readonly path: string;
  readonly auth: Auth;
  readonly rate?: RateLimit;
  readonly write?: boolean;
}

/** Parameters in the order they are sent. Values: string, number, boolean, bigint or RawNumber. */
export type Params = ReadonlyArray<readonly [string, unknown]>;

export interface Prepared {
  readonly method: Method;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** The signed payload (query string or body). */
  readonly payload: string;
}

export interface ApiResult {
  readonly data: unknown;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly trace?: string;
}

export interface ClientOptions {
  readonly env: Env;
  /** The REST base URL; may start the sandbox. */
  readonly baseUrl: () => Promise<string>;
  readonly credentials: () => Promise<Credentials | undefined>;
  readonly timeoutMs: number;
  /** Called with one line per request and response when tracing (secrets already redacted). */
  readonly trace?: (line: string) => void;
  /** Called when the venue refused the connection; returns a new base URL to retry once, or undefined. */
  readonly onRefused?: () => Promise<string | undefined>;
  /** Called once when the venue does not know the key (30002); true to retry (e.g. a new sandbox paper account). */
  readonly onKeyUnknown?: () => Promise<boolean>;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Retries after 429 on one request before exit 7. */
  readonly maxRateRetries?: number;
}


/** Query string as sent: `a=1&b=2`, values percent-encoded, order kept. */
export function queryString(params: Params): string {
  return params
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(scalar(v))}`)
    .join('&');
}

function scalar(v: unknown): string {
  return typeof v === 'string' ? v : String(v);
}

/** JSON body as sent: keys in order, bigints and RawNumbers as exact digits, `{}` when empty. */
export function jsonBody(params: Params): string {
  const obj: Record<string, unknown> = {};
  for (const [k, v] of params) if (v !== undefined) obj[k] = v;
  return stringifyJson(obj);
}

export class ApiClient {
  private readonly limits = new RateBook();
  private clockOffsetMs = 0;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: ClientOptions) {
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** Builds the exact request, signed when the target needs it. */
  async prepare(target: Target, params: Params): Promise<Prepared> {
    const base = await this.opts.baseUrl();
    const inQuery = target.method === 'GET' || target.method === 'DELETE';
    const qs = inQuery ? queryString(params) : '';
    const body = inQuery ? undefined : jsonBody(params);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined || target.auth !== 'NONE') headers['content-type'] = 'application/json';
    if (target.auth !== 'NONE') {
      const creds = await this.opts.credentials();
      if (!creds) {
        throw new BmError('auth', `${target.path} needs an API key and none is configured`, {
          hint: 'add one with: bm profile add NAME (or set BM_API_KEY, BM_API_SECRET, BM_API_MEMO)',
        });
      }
      const ts = String(this.now() + this.clockOffsetMs);
      headers['x-bm-key'] = creds.key;
      headers['x-bm-timestamp'] = ts;
      if (target.auth === 'SIGNED') {
        // node:crypto loads only for signed calls: public one-shots never pay for it.
        const { signRequest } = await import('./signing.js');
        headers['x-bm-sign'] = signRequest(creds.secret, ts, creds.memo, inQuery ? qs : body!);
      }
    }
    const url = `${base}${target.path}${qs ? `?${qs}` : ''}`;
    return { method: target.method, url, headers, ...(body !== undefined ? { body } : {}), payload: inQuery ? qs : body! };
  }

  /** Sends a request and returns the envelope's `data`; throws {@link BmError} on any failure. */
  async call(target: Target, params: Params = []): Promise<ApiResult> {
    const rate = target.rate ?? rateOf(target.method, target.path, target.auth !== 'NONE');
    const window = this.limits.get(`${target.method} ${target.path}`, rate);
    const maxRetries = this.opts.maxRateRetries ?? 3;
    let clockRetried = false;
    let refusedRetried = false;
    let keyRetried = false;
    for (let attempt = 0; ; attempt++) {
      // A place in the window is held while the request is out, and counted when its answer comes
      // back: the venue counts on arrival, so a slow request never makes a later one look early.
      let slot = window.reserve(this.now());
      while (!slot.settle) {
        await this.sleep(slot.wait);
        slot = window.reserve(this.now());
      }
      let res: HttpResponse;
      let req: Prepared;
      try {
        req = await this.prepare(target, params);
      } catch (err) {
        slot.settle(this.now());
        throw err;
      }
      try {
        res = await this.exchange(req);
      } catch (err) {
        if (err instanceof TransportError && !err.reached && err.code === 'ECONNREFUSED' && !refusedRetried && this.opts.onRefused) {
          refusedRetried = true;
          if (await this.opts.onRefused()) continue;
        }
        throw this.networkError(err, target);
      } finally {
        slot.settle(this.now());
      }
      const outcome = this.read(res, target);
      if (outcome instanceof BmError) {
        const code = outcome.details.code;
        if (code === '30007' && !clockRetried) {
          clockRetried = true;
          await this.syncClock();
          continue;
        }
        if (code === '30002' && !keyRetried && this.opts.onKeyUnknown) {
          keyRetried = true;
          if (await this.opts.onKeyUnknown()) continue;
        }
        if (outcome.category === 'ratelimit' && res.status !== 418 && attempt < maxRetries) {
          const reset = Number(res.headers['x-bm-ratelimit-reset']);
          const backoff = Math.min(8000, (Number.isFinite(reset) && reset > 0 ? reset * 1000 : 500) * 2 ** attempt);
          this.opts.trace?.(`rate limited: retrying in ${backoff} ms`);
          await this.sleep(backoff);
          continue;
        }
        throw outcome;
      }
      return outcome;
    }
  }

  /** Learns the offset between the venue clock and ours from /system/time. */
  async syncClock(): Promise<number> {
    const before = this.now();
    const { data } = await this.call({ method: 'GET', path: '/system/time', auth: 'NONE' });
    const after = this.now();
    const server = Number((data as { server_time?: unknown }).server_time);
    if (Number.isFinite(server)) this.clockOffsetMs = server - Math.round((before + after) / 2);
    return this.clockOffsetMs;
  }

  private async exchange(req: Prepared): Promise<HttpResponse> {
    const trace = this.opts.trace;
    if (trace) traceRequest(trace, req);
    const started = this.now();
    const res = await send({ method: req.method, url: req.url, headers: req.headers, body: req.body, timeoutMs: this.opts.timeoutMs }, this.opts.env);
    if (trace) traceResponse(trace, res, this.now() - started);
    return res;
  }

  /** The envelope's data, or the error it carries. */
  private read(res: HttpResponse, target: Target): ApiResult | BmError {
    let body: unknown;
    try {
      body = res.text ? parseJson(res.text) : undefined;
    } catch {
      body = undefined;
    }
    const env = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    const trace = env?.trace === undefined ? undefined : String(env.trace);
    if (env && 'code' in env && String(env.code) === '1000' && res.status < 300) {
      return { data: env.data ?? {}, status: res.status, headers: res.headers, ...(trace ? { trace } : {}) };
    }
    const code = env && 'code' in env ? String(env.code) : undefined;
    const info = code ? CODES.get(Number(code)) : undefined;
    // A 2xx that is not the envelope cannot be read: it proves nothing (for a write, the outcome is unknown).
    const unreadable = res.status < 300 && code === undefined;
    const category = unreadable ? 'network' : info?.category ?? (res.status === 429 ? 'ratelimit' : categoryOfStatus(res.status));
    const venueMsg = env && typeof env.message === 'string' ? env.message : info?.message;
    const message = unreadable
      ? `${target.method} ${target.path} answered HTTP ${res.status} with something that is not the interface's envelope${res.text ? `: ${res.text.slice(0, 120)}` : ' (an empty body)'}`
      : `${target.method} ${target.path} failed${venueMsg ? '' : ` with HTTP ${res.status}${res.text && !env ? `: ${res.text.slice(0, 200)}` : ''}`}`;
    const retryable = category === 'ratelimit' || category === 'network';
    return new BmError(category, message, {
      ...(code ? { code } : {}), ...(venueMsg ? { venueMessage: venueMsg } : {}), httpStatus: res.status, ...(trace ? { trace } : {}),
      ...(info?.hint ? { hint: info.hint } : category === 'network' && target.write ? { hint: 'the outcome is unknown: look the order up before trying again' } : {}),
      retryable,
    });
  }

  private networkError(err: unknown, target: Target): BmError {
    if (!(err instanceof TransportError)) return new BmError('internal', (err as Error).message ?? String(err));
    const hint = !err.reached
      ? `is the venue running? (${err.code})`
      : target.write
        ? 'the outcome is unknown: look it up before sending again'
        : 'check the network, or raise --timeout';
    return new BmError('network', err.message, { code: err.code, hint, retryable: true });
  }
}
