/** `bm order place`: checked against the pair's rules, confirmed, sent once, looked up if the outcome is unknown. */
import { scalarText } from '../../util/json.js';
import { confirmWrite } from '../confirm.js';
import { send, show, type Invocation } from '../engine.js';
import { checkSymbol } from '../params.js';
import { checkOrder, describe } from './check.js';
import { outcomeUnknown, resolveUnknown } from './lookup.js';
import { pairRules } from './pairs.js';

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values } = inv;
  const symbol = checkSymbol(values.symbol ?? '');
  const rules = await pairRules(ctx, symbol);
  const order = checkOrder({ ...values, symbol } as Parameters<typeof checkOrder>[0], rules);
  await confirmWrite(ctx, `Place ${describe(order, rules)}?`, 'order place');
  let data: unknown;
  try {
    data = await send(ctx, ep, order.params);
  } catch (err) {
    if (!outcomeUnknown(err)) throw err;
    const found = await resolveUnknown(ctx, symbol, order.clientOrderId, err);
    data = { order_id: found.order_id, client_order_id: order.clientOrderId, status: found.status };
  }
  if (data === undefined) return;
  const d = data as Record<string, unknown>;
  const row = { order_id: d.order_id, client_order_id: d.client_order_id ?? order.clientOrderId, ...(d.status !== undefined ? { status: d.status } : {}) };
  ctx.note(`bm: order ${scalarText(row.order_id)} placed (client order id ${scalarText(row.client_order_id)})`);
  show(ctx, ep, { ...d, client_order_id: row.client_order_id }, { rows: [row] });
}
