/** `bm order list SYMBOL [--status open|done|4|5|6|8|9|10] [--limit 1-100]` (defaults: open, 100). */
import { rowsOf, send, show, type Invocation } from '../engine.js';
import { wireParams } from '../params.js';
import { humanOrders, STATUS_FILTER } from './status.js';

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values } = inv;
  const status = values.status === undefined ? '9' : STATUS_FILTER[values.status] ?? values.status;
  const params = wireParams(ep, { ...values, status, N: values.N ?? '100' });
  const data = await send(ctx, ep, params);
  if (data === undefined) return;
  show(ctx, ep, data, { rows: humanOrders(ctx, rowsOf(ep, data)) });
}
