/**
 * A library `client.api(method, path, params)` read as `bm api` reads its METHOD and PATH
 * (api-route.ts), so that every spelling of a catalogued endpoint `bm api` accepts (query, fragment,
 * duplicate or trailing slashes, escapes, letter case; `/v2/...` for the first generation) reaches the
 * same entry with the same guard: the catalogue's `write` decides, and a query on a method that sends
 * a body is refused. Unlike `bm api`, a path the catalogue lacks is refused: the library has no
 * `--auth` to say how to send it.
 */
import type { Endpoint } from '../api/catalogue/types.js';
import { usage } from '../errors.js';
import type { LegacyEndpoint } from '../legacy/catalogue.js';
import { readApiPath, readMethod } from './api-route.js';

/** The catalogue entry a call reaches, and its parameters: those given, with the path's and the query's. */
export type ApiCall =
  | { readonly gen: 'current'; readonly ep: Endpoint; readonly given: unknown }
  | { readonly gen: 'legacy'; readonly ep: LegacyEndpoint; readonly given: unknown };

/**
 * Reads a library call's method, path and parameters; `note` hears of a fragment (never sent). A usage
 * error when the path reaches no entry of the catalogue, or names a parameter `params` names too.
 */
export function readApiCall(methodText: string, pathText: string, params: unknown, note: (line: string) => void): ApiCall {
  const method = readMethod(methodText);
  const { route, query, fragment } = readApiPath(method, pathText);
  if (!route.ep) throw usage(`${method} ${pathText}: not an endpoint of the catalogue`, 'the methods and their endpoints are listed in docs/library.md');
  if (fragment) note(`bm: api: the fragment '${fragment}' is not sent (no HTTP request carries one)`);
  const fromPath: Array<readonly [string, unknown]> = [...query, ...(route.gen === 'legacy' ? Object.entries(route.pathValues) : [])];
  const given = fromPath.length ? merged(fromPath, params) : params;
  return route.gen === 'legacy' ? { gen: 'legacy', ep: route.ep, given } : { gen: 'current', ep: route.ep, given };
}

/** The path's pairs and the given object as one object; anything but an object is left to the call's own check. */
function merged(fromPath: ReadonlyArray<readonly [string, unknown]>, params: unknown): unknown {
  if (params !== undefined && (params === null || typeof params !== 'object' || Array.isArray(params))) return params;
  const out: Record<string, unknown> = {};
  for (const [k, v] of fromPath) {
    if (Object.hasOwn(out, k)) throw usage(`${k}: given twice in the path`);
    out[k] = v;
  }
  for (const [k, v] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (Object.hasOwn(out, k)) throw usage(`${k}: given both in the path and in the parameters`);
    out[k] = v;
  }
  return out;
}
