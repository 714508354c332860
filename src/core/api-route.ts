/**
 * Where a `bm api` PATH leads. A write is a write whatever its path looks like: the path is matched
 * to the catalogue of either generation as a venue may read it (query and fragment off, dot segments
 * resolved as the HTTP client resolves them, duplicate and trailing slashes, percent-escapes and
 * letter case folded), so no spelling of a catalogued write escapes its careful handling.
 */
import { catalogue } from '../api/catalogue/index.js';
import type { Endpoint, Method } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import { usage } from '../errors.js';
import { matchLegacy, type LegacyEndpoint } from '../legacy/catalogue.js';

/** A path of the current generation: its catalogue entry, if any, and the path to send. */
export interface CurrentRoute {
  readonly gen: 'current';
  /** The catalogue's spelling when `ep` is known; else the path as the HTTP client sends it. */
  readonly path: string;
  readonly ep?: Endpoint;
}

/** A path under `/v2/`: the first generation's, sent to the legacy address. */
export interface LegacyRoute {
  readonly gen: 'legacy';
  readonly path: string;
  readonly ep?: LegacyEndpoint;
  /** Values of the entry's `{name}` path parameters, as the path carries them (decoded). */
  readonly pathValues: Readonly<Record<string, string>>;
}

export interface ApiPath {
  readonly route: CurrentRoute | LegacyRoute;
  /** The query string's pairs, in order: parameters like `-f` ones (methods that send a query only). */
  readonly query: Params;
  /** A fragment the user gave: never sent by any HTTP client. */
  readonly fragment?: string;
}

/** The methods `bm api` and `client.api` send. */
export const API_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** METHOD as given, in either case; a usage error naming the allowed ones otherwise. */
export function readMethod(text: string): Method {
  const method = text.toUpperCase();
  if (!(API_METHODS as readonly string[]).includes(method)) throw usage(`METHOD: must be one of ${API_METHODS.join(', ')} (got '${text}')`);
  return method as Method;
}

/** Methods whose parameters travel in the query string; the others' travel in the (signed) JSON body. */
export function sendsQuery(method: string): boolean {
  return method === 'GET' || method === 'DELETE';
}

/**
 * The path as matched: duplicate slashes as one, no trailing slash, escapes of unreserved characters
 * (letters, digits, `-._~`) decoded, as RFC 3986 makes them equal; other escapes are kept for the values.
 */
function folded(pathname: string): string {
  return pathname
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/$/, '$1')
    .replace(/%([0-9A-Fa-f]{2})/g, (m, hex: string) => {
      const c = String.fromCharCode(parseInt(hex, 16));
      return /[A-Za-z0-9._~-]/.test(c) ? c : m;
    });
}

function legacyHit(method: string, path: string): ReturnType<typeof matchLegacy> {
  try {
    return matchLegacy(method, path, true);
  } catch {
    throw usage(`PATH: '${path}' has a malformed percent-escape`);
  }
}

/**
 * Reads PATH for METHOD: its route and the pairs of its query string. A non-empty query on a method
 * that sends a body is refused (exit 2): the venue signs and reads the body alone, so the pairs would
 * be lost or, worse, read by a venue as something the signature does not cover.
 */
export function readApiPath(method: Method, raw: string): ApiPath {
  if (!raw.startsWith('/')) throw usage(`PATH: must start with / (got '${raw}')`);
  const placeholder = /\{[^}]*\}/.exec(raw.split(/[?#]/)[0]!);
  if (placeholder) throw usage(`PATH: '${placeholder[0]}' is a placeholder: write the value in its place (got '${raw}')`);
  // Joined as the client joins it to the base address: `//x` stays a path, never a host.
  const url = new URL(`http://path.invalid${raw}`);
  const search = url.search.slice(1);
  if (search && !sendsQuery(method)) {
    throw usage(`PATH: a ${method} sends its parameters in a signed body, not in a query string ('?${search}')`, `give them as fields: ${[...new URLSearchParams(search)].map(([k, v]) => `-f ${k}=${v}`).join(' ')}`);
  }
  const query: Params = [...new URLSearchParams(search)];
  const fragment = url.hash.length > 1 ? url.hash : undefined;
  const path = folded(url.pathname);
  const extra = fragment ? { fragment } : {};
  if (/^\/v2(\/|$)/i.test(path)) {
    const hit = legacyHit(method, path);
    const route: LegacyRoute = hit ? { gen: 'legacy', path: hit.ep.path, ep: hit.ep, pathValues: hit.path } : { gen: 'legacy', path: url.pathname, pathValues: {} };
    return { route, query, ...extra };
  }
  const key = path.toLowerCase();
  const ep = catalogue().find((e) => e.method === method && e.path.toLowerCase() === key);
  return { route: ep ? { gen: 'current', path: ep.path, ep } : { gen: 'current', path: url.pathname }, query, ...extra };
}
