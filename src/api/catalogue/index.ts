/** The endpoint catalogue: every current-generation endpoint of the spec and the venue's later ones, looked up by id or path. */
import { DEFAULT_IP, DEFAULT_KEY } from './limits.js';
import { LATER } from './later.js';
import { MARKET } from './market.js';
import { NAMED } from './named.js';
import { PRIVATE } from './private.js';
import type { Endpoint, Method, RateLimit } from './types.js';

export type { Auth, Endpoint, Method, Param, ParamType, RateLimit, Window } from './types.js';

export const CATALOGUE: readonly Endpoint[] = [...MARKET, ...PRIVATE, ...LATER, ...NAMED];

const byId = new Map(CATALOGUE.map((e) => [e.id, e]));
const byRoute = new Map(CATALOGUE.map((e) => [`${e.method} ${e.path}`, e]));

/** The entry with this id; throws on a typo so a bad id fails at once in tests. */
export function endpoint(id: string): Endpoint {
  const e = byId.get(id);
  if (!e) throw new Error(`no endpoint ${id} in the catalogue`);
  return e;
}

/** The entry for a method and path, if the catalogue has one. */
export function findRoute(method: Method, path: string): Endpoint | undefined {
  return byRoute.get(`${method} ${path}`);
}

/** The rate limit of a path, or the spec's default for its target. */
export function rateOf(method: Method, path: string, keyed: boolean): RateLimit {
  return findRoute(method, path)?.rate ?? (keyed ? DEFAULT_KEY : DEFAULT_IP);
}
