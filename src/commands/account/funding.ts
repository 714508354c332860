/** `bm funding history`: page 1 and 50 records unless told; statuses as words on a terminal. */
import { rowsOf, send, show, type Invocation } from '../engine.js';
import { wireParams } from '../params.js';
import { scalarText } from '../../util/json.js';

const STATUS: Record<string, string> = { '0': 'created', '1': 'submitted', '2': 'processing', '3': 'success', '4': 'cancelled', '5': 'failed' };

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values } = inv;
  const params = wireParams(ep, { ...values, offset: values.offset ?? '1', limit: values.limit ?? '50' });
  const data = await send(ctx, ep, params);
  if (data === undefined) return;
  const rows = rowsOf(ep, data);
  show(ctx, ep, data, { rows: ctx.format === 'table' ? rows.map((r) => ({ ...r, status: STATUS[scalarText(r.status)] ?? r.status })) : rows });
}
