/**
 * The library's method names, from the catalogue: an entry with a `bm` command becomes a method of
 * the same path, words in camel case (`order cancel-all` is `order.cancelAll`). One table serves the
 * client's methods, its type declarations and the README reference.
 */
import { CATALOGUE } from '../api/catalogue/index.js';
import type { Endpoint } from '../api/catalogue/types.js';
import { LEGACY, type LegacyEndpoint } from '../legacy/catalogue.js';

/** `cancel-all` as `cancelAll`. */
export function camel(word: string): string {
  return word.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** A method: its path on the client (`['order', 'place']`) and its entry (of either generation). */
export interface MethodEntry<E extends { readonly command?: readonly string[] } = Endpoint> {
  readonly path: readonly string[];
  readonly ep: E;
}

/** Commands the library leaves to the command line: a batch file with its journal and resume. */
const CLI_ONLY = new Set(['spot.order.batch']);

/** Where a method does less than its command, its summary says so (the catalogue's speaks of the command). */
const LIBRARY_SUMMARY: Readonly<Record<string, string>> = {
  'spot.order.submit': 'Place a spot order (the venue checks the pair rules; the command checks them first)',
  'spot.kline': 'Candles of a pair: one request, at most 500 candles (the command pages longer ranges)',
  'contract.order': 'Submit a contract order (give nonce, in seconds: the command sets it)',
  'system.time': 'Server time (ms)',
  'legacy.time': 'Server time (ms)',
  'legacy.ping': 'Check the legacy venue answers',
};

/** The summary of a method: a method takes one pair where its command may cover every pair. */
export function summaryOf(ep: { readonly id: string; readonly summary: string; readonly acrossPairs?: boolean }): string {
  return LIBRARY_SUMMARY[ep.id] ?? (ep.acrossPairs ? ep.summary.replace(/; without SYMBOL.*$/, '') : ep.summary);
}

/** Every entry with a `bm` command, as a client method. */
export function methodTable(catalogue: readonly Endpoint[] = CATALOGUE): MethodEntry[] {
  return catalogue.filter((ep) => ep.command && !CLI_ONLY.has(ep.id)).map((ep) => ({ path: ep.command!.map(camel), ep }));
}

/** The first generation's commands as methods (`legacy.order.place`); the token is the client's own business. */
export function legacyTable(): MethodEntry<LegacyEndpoint>[] {
  return LEGACY.filter((ep) => ep.id !== 'legacy.token').map((ep) => ({ path: ep.command.map(camel), ep }));
}

/** A tree of functions under the method paths, each calling `call` with its entry. */
export function methodTree<E extends { readonly command?: readonly string[] }>(call: (ep: E, params?: Record<string, unknown>) => Promise<unknown>, table: readonly MethodEntry<E>[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const { path, ep } of table) {
    let node = root;
    for (const word of path.slice(0, -1)) node = (node[word] ??= {}) as Record<string, unknown>;
    node[path[path.length - 1]!] = (params?: Record<string, unknown>) => call(ep, params);
  }
  return root;
}
