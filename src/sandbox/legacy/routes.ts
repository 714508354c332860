/**
 * The sandbox's first-generation routes (spec 4.9), matched through the legacy catalogue: raw JSON
 * bodies without the envelope; a failure is a non-2xx status with {"message": ...}.
 */
import type { IncomingMessage } from 'node:http';
import { LEGACY, matchLegacy } from '../../legacy/catalogue.js';
import { stringifyJson } from '../../util/json.js';
import { ExchangeError, type ExchangeApi } from '../exchange-api.js';
import { authenticate, issueToken, legacyState, LegacyHttpError } from './auth.js';
import { marketBody } from './market.js';
import { tradingBody } from './trading.js';

/** A legacy answer: the status and the raw JSON body (no envelope). */
export interface LegacyAnswer {
  readonly status: number;
  readonly body: string;
}

const answer = (status: number, body: unknown): LegacyAnswer => ({ status, body: stringifyJson(body) });

/** True when some endpoint has this path under another method: 405 rather than 404. */
function otherMethod(pathname: string): boolean {
  return ['GET', 'POST', 'DELETE'].some((m) => matchLegacy(m, pathname) !== undefined);
}

/** The answer to a legacy request (`/v2/...`): the route returns data, the server sends it. */
export function legacyRoute(req: IncomingMessage, body: string, exchange: ExchangeApi): LegacyAnswer {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  try {
    const hit = matchLegacy(req.method ?? 'GET', url.pathname);
    if (!hit) {
      throw otherMethod(url.pathname) ? new LegacyHttpError(405, `method ${req.method} not allowed here`) : new LegacyHttpError(404, 'Not found');
    }
    const state = legacyState(exchange);
    const { ep, path } = hit;
    let out: unknown;
    if (ep.id === 'legacy.token') out = issueToken(state, exchange, req, body);
    else if (ep.auth === 'none') out = marketBody(ep.id, exchange, url.searchParams, path, state.options.now());
    else out = tradingBody(ep.id, exchange, req, authenticate(state, exchange, req), url.searchParams, path, body);
    return answer(200, out);
  } catch (err) {
    if (err instanceof LegacyHttpError) return answer(err.status, { message: err.message });
    // Exchange refusals keep their message; not-found ones answer 404, the rest 400.
    if (err instanceof ExchangeError) return answer(err.code === 50005 || err.code === 50032 ? 404 : 400, { message: err.message });
    return answer(500, { message: `internal error: ${(err as Error)?.message ?? String(err)}` });
  }
}

/** Every legacy path the sandbox serves (for `bm sandbox` help and tests). */
export const LEGACY_ROUTES: readonly string[] = LEGACY.map((e) => `${e.method} ${e.path}`);
