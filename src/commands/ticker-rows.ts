/** Ticker rows as both generations' `ticker` commands print them. */
import type { Context } from '../context.js';
import type { Row } from '../render/cells.js';
import { percentText } from '../render/percent.js';
import { scalarText } from '../util/json.js';

/** Ticker rows as printed: the change as a percentage outside json and ndjson. */
export function tickerRows(ctx: Pick<Context, 'format'>, rows: readonly Row[]): Row[] {
  if (ctx.format === 'json' || ctx.format === 'ndjson') return [...rows];
  return rows.map((r) => (r.fluctuation === undefined ? r : { ...r, fluctuation: percentText(scalarText(r.fluctuation)) }));
}
