/**
 * The current-generation REST client: builds the exact bytes, signs them, checks the envelope on
 * `code`, and turns every failure into a {@link BmError} with its category. Limits, clock, trace and
 * network failures come from {@link ClientBase}, shared with the legacy client.
 */
import { BmError } from '../errors.js';
import { parseJson, stringifyJson } from '../util/json.js';
import { ClientBase } from './base.js';
import type { BaseOptions, Credentials } from './base-types.js';
import type { Auth, Method, RateLimit } from './catalogue/types.js';
import { rateOf } from './catalogue/index.js';
import { ruledStatus } from './codes.js';
import { venueFailure } from './failure.js';
import type { HttpResponse } from './http.js';

export type { Credentials } from './base-types.js';

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

export interface ClientOptions extends BaseOptions {
  /** Called once when the venue does not know the key (30002); true to retry (e.g. a new sandbox paper account). */
  readonly onKeyUnknown?: () => Promise<boolean>;
}

/** How to check a write whose answer never came. */
const UNKNOWN_HINT = 'the outcome is unknown: look it up before sending again';

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

export class ApiClient extends ClientBase {
  constructor(private readonly opts: ClientOptions) {
    super(opts);
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
      const creds = await this.creds(target.path);
      const ts = this.timestamp();
      headers['x-bm-key'] = creds.key;
      headers['x-bm-timestamp'] = ts;
      if (target.auth === 'SIGNED') {
        // node:crypto loads only for signed calls: public one-shots never pay for it.
        const { signRequest } = await import('../util/signing.js');
        headers['x-bm-sign'] = signRequest(creds.secret, ts, creds.memo, inQuery ? qs : body!);
      }
    }
    const url = `${base}${target.path}${qs ? `?${qs}` : ''}`;
    return { method: target.method, url, headers, ...(body !== undefined ? { body } : {}), payload: inQuery ? qs : body! };
  }

  /** Sends a request and returns the envelope's `data`; throws {@link BmError} on any failure. */
  async call(target: Target, params: Params = []): Promise<ApiResult> {
    const rate = target.rate ?? rateOf(target.method, target.path, target.auth !== 'NONE');
    const limited = { name: `${target.method} ${target.path}`, rate, write: target.write ?? false };
    let clockRetried = false;
    let keyRetried = false;
    for (;;) {
      const res = await this.exchange(limited, async () => ({ req: await this.prepare(target, params) }), UNKNOWN_HINT);
      const outcome = this.read(res, target);
      if (!('data' in outcome)) {
        // Only the venue's refusal (401) proves nothing was done: the same code in a 5xx is no reason to send again.
        const code = outcome.category === 'auth' ? outcome.details.code : undefined;
        if (code === '30007' && !clockRetried) {
          clockRetried = true;
          await this.syncClock();
          continue;
        }
        if (code === '30002' && !keyRetried && this.opts.onKeyUnknown) {
          keyRetried = true;
          if (await this.opts.onKeyUnknown()) continue;
        }
        throw outcome;
      }
      return outcome;
    }
  }

  /** Learns the offset between the venue clock and ours from /system/time. */
  async syncClock(): Promise<number> {
    return this.learnClock(async () => {
      const { data } = await this.call({ method: 'GET', path: '/system/time', auth: 'NONE' });
      return (data as { server_time?: unknown }).server_time;
    });
  }

  protected override rateLimited(res: HttpResponse): boolean {
    // 30013 in an answer outside the venue's rules (a 5xx) is no refusal: the request may have been done.
    return res.status === 429 || (ruledStatus(res.status) && /"code"\s*:\s*"?30013\b/.test(res.text));
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
    const ok = res.status >= 200 && res.status < 300;
    // 1000 is the spec's success; 0 is how the venue's other documented shape says it (facts.md 5).
    if (env && 'code' in env && (String(env.code) === '1000' || String(env.code) === '0') && ok) {
      return { data: env.data ?? {}, status: res.status, headers: res.headers, ...(trace ? { trace } : {}) };
    }
    if (ok && !(env && 'code' in env)) {
      // A success status with a body that is not the envelope proves nothing: for a write, outcome unknown.
      return new BmError('network', `${target.method} ${target.path}: the venue's answer could not be read: ${res.text.slice(0, 100) || '(empty)'}`, {
        httpStatus: res.status, hint: target.write ? UNKNOWN_HINT : 'the venue answered something other than its JSON envelope; try again', retryable: false,
      });
    }
    const code = env && 'code' in env ? String(env.code) : undefined;
    const venueMessage = env && typeof env.message === 'string' ? env.message : env && typeof env.msg === 'string' ? env.msg : undefined;
    return venueFailure({
      method: target.method, path: target.path, status: res.status, text: env ? '' : res.text,
      ...(code !== undefined ? { code } : {}), ...(venueMessage ? { venueMessage } : {}), ...(trace ? { trace } : {}),
      headers: res.headers, ...(target.write ? { unknownHint: UNKNOWN_HINT } : {}),
    });
  }
}
