/**
 * Statuses as words on a terminal table; data formats keep the venue's values. The vocabularies
 * (codes, words, meanings, list filters) live in the catalogue (`api/catalogue/vocab.ts`).
 */
import { ORDER_STATUSES, statusWord, type Status } from '../../api/catalogue/vocab.js';
import type { Context } from '../../context.js';
import type { Row } from '../../render/cells.js';
import { scalarText } from '../../util/json.js';

/** Words of the current generation's order statuses, by code. */
export const ORDER_STATUS: Readonly<Record<string, string>> = Object.fromEntries(ORDER_STATUSES.map((s) => [s.code, s.word]));

/** The list filters by word (`open` is 9, `done` 10, `filled` 6...). */
export const STATUS_FILTER: Readonly<Record<string, string>> = Object.fromEntries(
  (ORDER_STATUSES as readonly Status[]).filter((s) => s.filter && !s.alias).map((s) => [s.word, s.code]),
);

/** Rows with `field` shown as its word when the format is a table. */
export function statusWords(ctx: Context, rows: readonly Row[], statuses: readonly Status[], field = 'status'): Row[] {
  if (ctx.format !== 'table') return [...rows];
  return rows.map((r) => (r[field] === undefined ? r : { ...r, [field]: statusWord(statuses, scalarText(r[field])) ?? r[field] }));
}

export function humanOrders(ctx: Context, rows: readonly Row[]): Row[] {
  return statusWords(ctx, rows, ORDER_STATUSES);
}
