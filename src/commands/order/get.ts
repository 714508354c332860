/**
 * `bm order get SYMBOL (--order-id | --client-order-id)`: statuses as words on a terminal. An answer that
 * is another order than the one asked for is "no such order" (exit 6), printed on stderr only.
 */
import { send, show, type Invocation } from '../engine.js';
import { checkSymbol } from '../../core/usecases/params.js';
import { checkAnswered } from '../../core/usecases/orders-read.js';
import { orderRef } from './cancel.js';
import { humanOrders } from '../status-words.js';

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values } = inv;
  const symbol = checkSymbol(values.symbol ?? '');
  const params = [['symbol', symbol], ...orderRef(values, 'clientOrderId')] as const;
  const data = await send(ctx, ep, params);
  if (data === undefined) return;
  const row = data as Record<string, unknown>;
  checkAnswered('order get', params, row);
  show(ctx, ep, data, { rows: humanOrders(ctx, [row]) });
}
