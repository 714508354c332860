/** `bm broker rebate [--from] [--to]`: times in any form; the date-keyed object flattened to rows. */
import type { Row } from '../../render/cells.js';
import { parseTime } from '../../util/time.js';
import { send, show, type Invocation } from '../engine.js';

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values } = inv;
  const params: Array<readonly [string, unknown]> = [];
  if (values.start_time) params.push(['start_time', parseTime(values.start_time, '--from') * 1000]);
  if (values.end_time) params.push(['end_time', parseTime(values.end_time, '--to') * 1000]);
  const data = (await send(ctx, ep, params)) as { rebates?: Record<string, Row[]> } | undefined;
  if (data === undefined) return;
  const rows: Row[] = [];
  for (const [date, list] of Object.entries(data.rebates ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    for (const r of list ?? []) rows.push({ date, ...r });
  }
  show(ctx, ep, data, { rows });
}
