/** `bm order get SYMBOL (--order-id | --client-order-id)`: statuses as words on a terminal. */
import { send, show, type Invocation } from '../engine.js';
import { checkSymbol } from '../params.js';
import { orderRef } from './cancel.js';
import { humanOrders } from './status.js';

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values } = inv;
  const symbol = checkSymbol(values.symbol ?? '');
  const data = await send(ctx, ep, [['symbol', symbol], ...orderRef(values, 'clientOrderId')]);
  if (data === undefined) return;
  show(ctx, ep, data, { rows: humanOrders(ctx, [data as Record<string, unknown>]) });
}
