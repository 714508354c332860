/**
 * The endpoint catalogue: every current-generation endpoint of the spec and the venue's later ones, looked up
 * by id, route or command. An entry is built when first looked up (./table.ts): a one-shot builds only its own.
 */
import { DEFAULT_IP, DEFAULT_KEY } from './limits.js';
import { entryAt, KEYS } from './table.js';
import type { Endpoint, Method, RateLimit } from './types.js';

export type { Auth, Endpoint, Method, Param, ParamType, RateLimit, Window } from './types.js';

let all: readonly Endpoint[] | undefined;

/** Every entry, in the catalogue's order. */
export function catalogue(): readonly Endpoint[] {
  return (all ??= KEYS.map((_, i) => entryAt(i)));
}

/** The entries with a command: those whose command's first word is `word` when given (a one-shot declares its own group). */
export function commandEntries(word?: string): Endpoint[] {
  return KEYS.flatMap(([, , command], i) => (command && (word === undefined || command.split(' ')[0] === word) ? [entryAt(i)] : []));
}

/** The entries' commands, in order: their words joined by spaces. */
export const COMMANDS: readonly string[] = KEYS.flatMap(([, , command]) => (command ? [command] : []));

/**
 * The position of the key whose id (0) or route (1) is `key`, or -1. A search of the keys, not a map: under a
 * hundred entries, and a one-shot builds no table it looks up once.
 */
function positionOf(part: 0 | 1, key: string): number {
  return KEYS.findIndex((k) => k[part] === key);
}

/** The entry with this id; throws on a typo so a bad id fails at once in tests. */
export function endpoint(id: string): Endpoint {
  const i = positionOf(0, id);
  if (i < 0) throw new Error(`no endpoint ${id} in the catalogue`);
  return entryAt(i);
}

/** The entry for a method and path, if the catalogue has one. */
export function findRoute(method: Method, path: string): Endpoint | undefined {
  const i = positionOf(1, `${method} ${path}`);
  return i < 0 ? undefined : entryAt(i);
}

/** The rate limit of a path, or the spec's default for its target. */
export function rateOf(method: Method, path: string, keyed: boolean): RateLimit {
  return findRoute(method, path)?.rate ?? (keyed ? DEFAULT_KEY : DEFAULT_IP);
}
