/**
 * The library's method names, from the catalogue: an entry with a `bm` command becomes a method of
 * the same path, words in camel case (`order cancel-all` is `order.cancelAll`). One table serves the
 * client's methods, its type declarations and the reference in docs/library.md.
 */
import { catalogue } from '../api/catalogue/index.js';
import { PROTOCOL } from '../api/catalogue/protocol.js';
import type { Endpoint } from '../api/catalogue/types.js';
import { LEGACY, type LegacyEndpoint } from '../legacy/catalogue.js';
import { traitsOf } from '../core/usecases/endpoint-traits.js';

/** `cancel-all` as `cancelAll`. */
export function camel(word: string): string {
  return word.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** A method: its path on the client (`['order', 'place']`) and its entry (of either generation). */
export interface MethodEntry<E extends { readonly command?: readonly string[] } = Endpoint> {
  readonly path: readonly string[];
  readonly ep: E;
}

/** Where a method does less than its command, its summary says so (the catalogue's speaks of the command). */
const LIBRARY_SUMMARY: Readonly<Record<string, string>> = {
  'spot.order.submit': 'Place a spot order, checked first against the pair\'s rules',
  'spot.order.batch': `Place a list of orders (${PROTOCOL.ordersPerBatch} per request), each with its own client order id and outcome`,
  'spot.kline': `Candles of a pair: one request, at most ${PROTOCOL.candlesPerRequest} candles (the command pages longer ranges)`,
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
export function methodTable(entries: readonly Endpoint[] = catalogue()): MethodEntry[] {
  return entries.filter((ep) => ep.command).map((ep) => ({ path: ep.command!.map(camel), ep }));
}

/** The first generation's commands as methods (`legacy.order.place`); the token is the client's own business. */
export function legacyTable(): MethodEntry<LegacyEndpoint>[] {
  return LEGACY.filter((ep) => !traitsOf(ep).accessToken).map((ep) => ({ path: ep.command.map(camel), ep }));
}

/** `[method path, entry id]` of every method, as src/lib/method-ids.ts holds them (generated: a test compares). */
export function methodIdsSource(): string {
  const list = (t: ReadonlyArray<MethodEntry<{ readonly id: string; readonly command?: readonly string[] }>>) =>
    t.map((m) => `  ['${m.path.join('.')}', '${m.ep.id}'],\n`).join('');
  return `// Generated from the catalogue by methodIdsSource() in src/lib/methods.ts; a test keeps it current.
/** [client method path, catalogue entry id]: the client's methods, known before the catalogue loads. */
export const METHOD_IDS: ReadonlyArray<readonly [string, string]> = [
${list(methodTable())}];

/** The same for \`client.legacy\`. */
export const LEGACY_METHOD_IDS: ReadonlyArray<readonly [string, string]> = [
${list(legacyTable())}];
`;
}
