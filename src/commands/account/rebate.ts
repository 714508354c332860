/** `bm broker rebate [--from] [--to]`: times in any form; the date-keyed object flattened to rows. */
import type { Row } from '../../render/cells.js';
import { wireParams } from '../../core/usecases/params.js';
import { send, show, type Invocation } from '../engine.js';

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values } = inv;
  // Times as typed, sent in ms (the catalogue's `time`), as the library sends them.
  const params = wireParams(ep, { start_time: values.start_time || undefined, end_time: values.end_time || undefined });
  const data = (await send(ctx, ep, params)) as { rebates?: Record<string, Row[]> } | undefined;
  if (data === undefined) return;
  const rows: Row[] = [];
  for (const [date, list] of Object.entries(data.rebates ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    for (const r of list ?? []) rows.push({ date, ...r });
  }
  show(ctx, ep, data, { rows });
}
