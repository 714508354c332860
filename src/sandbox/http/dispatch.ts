/**
 * One current-generation request, start to end: rate limit (every response carries the
 * X-BM-RateLimit headers), route lookup in the catalogue (57001 wrong method, 30000 unknown path),
 * the media type (58001), authentication, parameter checks, the handler, a durable save before a write is acknowledged,
 * and the envelope.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { catalogue, findRoute, type Method } from '../../api/catalogue/index.js';
import { DEFAULT_IP } from '../../api/catalogue/limits.js';
import { ExchangeError } from '../exchange-api.js';
import { fail } from '../errors.js';
import type { Exchange } from '../exchange/exchange.js';
import { ADMIN_PATH, ADMIN_RATE, createFromRequest } from './admin.js';
import type { Handler } from './call.js';
import type { IpBlocks } from './blocks.js';
import type { Limiter } from './limiter.js';
import { checkParams, rawParams } from './params.js';
import { inFamily } from './family.js';
import { errorBody, okBody, send, statusOf, type Headers } from './reply.js';
import { ACCOUNT_ROUTES } from './routes-account.js';
import { CONTRACT_ROUTES } from './routes-contract.js';
import { FUNDING_ROUTES } from './routes-funding.js';
import { MARKET_ROUTES } from './routes-market.js';
import { QUOTATION_ROUTES } from './routes-quotation.js';
import { SPOT_ROUTES } from './routes-spot.js';
import { V4_ROUTES } from './routes-v4.js';
import { V4_WRITE_ROUTES } from './routes-v4-write.js';
import { authenticate } from './verify.js';

/** Every served endpoint id -> its handler. Named-only endpoints (spec 4.8) have none but one: see below. */
export const ROUTES: Readonly<Record<string, Handler>> = {
  ...MARKET_ROUTES, ...SPOT_ROUTES, ...ACCOUNT_ROUTES, ...CONTRACT_ROUTES,
  ...QUOTATION_ROUTES, ...V4_ROUTES, ...V4_WRITE_ROUTES, ...FUNDING_ROUTES,
};

export interface RestDeps {
  readonly ex: Exchange;
  readonly limiter: Limiter;
  /** Addresses blocked after repeated 429s (418/30017). */
  readonly blocks?: IpBlocks;
  /** Makes the state durable; awaited before a write is answered. */
  readonly persist?: () => Promise<void>;
  /** The spec's letter where the venue was looser (docs/sandbox.md, "Strict mode"); default false. */
  readonly strict?: boolean;
}

/** What was answered, for the request log. */
export interface Outcome {
  readonly status: number;
  readonly code: number;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Spec 5 (headers): every private request is `application/json`; GET and DELETE may also send
 * `application/x-www-form-urlencoded`. A private POST or PUT with any other type (or none) is 415.
 */
function jsonBody(ep: { auth: string }, method: string, type: string | undefined): boolean {
  if (ep.auth === 'NONE' || method === 'GET' || method === 'DELETE') return true;
  return (type ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** Answers one request of the current generation. */
export async function handleRest(req: IncomingMessage, res: ServerResponse, body: string, d: RestDeps): Promise<Outcome> {
  const now = d.ex.clock();
  const url = req.url ?? '/';
  const qi = url.indexOf('?');
  const path = qi < 0 ? url : url.slice(0, qi);
  const query = qi < 0 ? '' : url.slice(qi + 1);
  const method = (req.method ?? 'GET').toUpperCase();
  const ip = req.socket.remoteAddress ?? '';
  let headers: Headers = {};
  const answer = async (fn: () => unknown, write: boolean): Promise<Outcome> => {
    try {
      const data = fn();
      if (write && d.persist) await d.persist();
      send(res, 200, okBody(data), headers);
      return { status: 200, code: 1000 };
    } catch (caught) {
      if (!(caught instanceof ExchangeError)) throw caught;
      const err = inFamily(path, caught);
      const status = statusOf(err.code);
      send(res, status, errorBody(err.code, err.message), headers);
      return { status, code: err.code };
    }
  };

  if (d.blocks?.blocked(ip, now)) return answer(() => { throw fail(30017); }, false);

  if (path === ADMIN_PATH) {
    const admitted = d.limiter.admit(ADMIN_PATH, ADMIN_RATE, `ip:${ip}`, now);
    headers = admitted.headers;
    return answer(() => {
      if (!admitted.ok) throw fail(30013);
      return createFromRequest(d.ex, method, body, ip);
    }, true);
  }

  const ep = findRoute(method as Method, path);
  const key = header(req, 'x-bm-key');
  const rate = ep?.rate ?? DEFAULT_IP;
  const holder = rate.target === 'KEY' && key ? d.ex.accounts.byApiKey(key) : undefined;
  const admission = d.limiter.admit(ep ? `${ep.method} ${ep.path}` : '(unknown)', rate, holder ? `key:${holder.id}` : `ip:${ip}`, now);
  headers = admission.headers;
  if (!admission.ok) {
    d.blocks?.violated(ip, now);
    return answer(() => { throw fail(30013); }, false);
  }

  return answer(() => {
    if (!ep) throw fail(catalogue().some((e) => e.path === path) ? 57001 : 30000);
    if (!jsonBody(ep, method, header(req, 'content-type'))) throw fail(58001);
    const account = authenticate(ep, {
      key, timestamp: header(req, 'x-bm-timestamp'), sign: header(req, 'x-bm-sign'),
      payload: method === 'GET' || method === 'DELETE' ? query : body,
    }, (k) => d.ex.accounts.byApiKey(k), now, d.strict);
    const handler = ROUTES[ep.id];
    // Spec 4.8 endpoints (catalogue `shapeUnknown`) have no known shape: after their auth and rate
    // limit they answer 30000, so a client learns the sandbox does not serve them; the few served
    // anyway (routes-contract.ts) have a handler.
    if (!handler) throw fail(30000);
    const raw = rawParams(method, query, body);
    const q = checkParams(ep, raw, d.strict ?? false);
    return handler({ ep, q, raw, ...(account ? { account } : {}), ex: d.ex, now, strict: d.strict ?? false });
  }, Boolean(ep?.write));
}
