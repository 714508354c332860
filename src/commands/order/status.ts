/** Order statuses (spec 3) as words on a terminal; data formats keep the venue's values. */
import type { Context } from '../../context.js';
import type { Row } from '../../render/cells.js';
import { scalarText } from '../../util/json.js';

export const ORDER_STATUS: Readonly<Record<string, string>> = {
  '1': 'failed', '2': 'placing', '3': 'failed', '4': 'open', '5': 'partially_filled', '6': 'filled', '7': 'cancelling', '8': 'cancelled',
  '11': 'partially_filled', '12': 'partially_cancelled',
};

/** `open` and `done` as the list filter values 9 and 10. */
export const STATUS_FILTER: Readonly<Record<string, string>> = { open: '9', done: '10' };

export function humanOrders(ctx: Context, rows: readonly Row[]): Row[] {
  if (ctx.format !== 'table') return [...rows];
  return rows.map((r) => ({ ...r, status: ORDER_STATUS[scalarText(r.status)] ?? r.status }));
}

/** Statuses an order never leaves: filled, cancelled (after a partial fill too), failed. */
export const FINAL_STATUSES: ReadonlySet<string> = new Set(['1', '3', '6', '8', '12']);

/** The status of a completely filled order. */
export const FILLED_STATUS = '6';
