/**
 * What the current generation's order statuses mean to the domain (words by code, list filters; the
 * final ones are traits of the catalogue's statuses). The vocabularies (codes, words, meanings, list filters) live in the catalogue
 * (`api/catalogue/vocab.ts`); showing them as words is the command line's.
 */
import { ORDER_STATUSES, type Status } from '../../api/catalogue/vocab.js';

/** Words of the current generation's order statuses, by code. */
export const ORDER_STATUS: Readonly<Record<string, string>> = Object.fromEntries(ORDER_STATUSES.map((s) => [s.code, s.word]));

/** The list filters by word (`open` is 9, `done` 10, `filled` 6...). */
export const STATUS_FILTER: Readonly<Record<string, string>> = Object.fromEntries(
  (ORDER_STATUSES as readonly Status[]).filter((s) => s.filter && !s.alias).map((s) => [s.word, s.code]),
);
