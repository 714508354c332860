/** Statuses as words on a terminal table; data formats keep the venue's values. */
import { ORDER_STATUSES, type Status } from '../api/catalogue/vocab.js';
import { statusWord } from '../api/catalogue/statuses.js';
import type { Context } from '../context.js';
import type { Row } from '../render/cells.js';
import { scalarText } from '../util/json.js';

/** Rows with `field` shown as its word when the format is a table. */
export function statusWords(ctx: Context, rows: readonly Row[], statuses: readonly Status[], field = 'status'): Row[] {
  if (ctx.format !== 'table') return [...rows];
  return rows.map((r) => (r[field] === undefined ? r : { ...r, [field]: statusWord(statuses, scalarText(r[field])) ?? r[field] }));
}

export function humanOrders(ctx: Context, rows: readonly Row[]): Row[] {
  return statusWords(ctx, rows, ORDER_STATUSES);
}
