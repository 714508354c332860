/**
 * The catalogue's entries in their order, by position, and what each is looked up by (`KEYS`: id, route and
 * command) without building it. The bundles carry the same entries as JSON text in place of this module
 * (build/catalogue.mjs), each parsed when first asked for: a one-shot builds the entry it sends, not all of
 * them (docs/performance.md, tenth start-up round).
 */
import { LATER } from './later.js';
import { MARKET } from './market.js';
import { NAMED } from './named.js';
import { PRIVATE } from './private.js';
import type { Endpoint } from './types.js';

/** What an entry is looked up by: its id, its route (`METHOD /path`), and its command's words joined by spaces ('' for none). */
export type EntryKey = readonly [id: string, route: string, command: string];

const ENTRIES: readonly Endpoint[] = [...MARKET, ...PRIVATE, ...LATER, ...NAMED];

export const KEYS: readonly EntryKey[] = ENTRIES.map((e) => [e.id, `${e.method} ${e.path}`, e.command?.join(' ') ?? '']);

/** The entry at position `i` of {@link KEYS}. */
export function entryAt(i: number): Endpoint {
  return ENTRIES[i]!;
}
