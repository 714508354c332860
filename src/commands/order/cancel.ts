/** `bm order cancel SYMBOL (--order-id | --client-order-id)`: confirmed; an unknown outcome is looked up. */
import { endpoint } from '../../api/catalogue/index.js';
import { usage } from '../../errors.js';
import { confirmWrite } from '../confirm.js';
import { send, show, type Invocation } from '../engine.js';
import { checkSymbol } from '../params.js';
import { checkClientOrderId } from './check.js';
import { outcomeUnknown } from './lookup.js';

/** The order reference: exactly one of --order-id and --client-order-id. */
export function orderRef(values: Record<string, string | undefined>, clientKey: string): Array<readonly [string, string]> {
  const id = values.order_id;
  const cid = values[clientKey];
  if ((id === undefined) === (cid === undefined)) throw usage('give exactly one of --order-id and --client-order-id');
  if (id !== undefined && !/^[0-9]+$/.test(id)) throw usage(`--order-id: '${id}' is not an order id (digits)`);
  return id !== undefined ? [['order_id', id]] : [[clientKey, checkClientOrderId(cid!)]];
}

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values } = inv;
  const symbol = checkSymbol(values.symbol ?? '');
  const ref = orderRef(values, 'client_order_id');
  await confirmWrite(ctx, `Cancel order ${ref[0]![1]} on ${symbol}?`, 'order cancel');
  let data: unknown;
  try {
    data = await send(ctx, ep, [['symbol', symbol], ...ref]);
  } catch (err) {
    if (!outcomeUnknown(err)) throw err;
    // A cancel is safe to verify: read the order's status instead of guessing.
    ctx.note(`bm: ${err.message}; reading the order's status`);
    const key = ref[0]![0] === 'order_id' ? 'order_id' : 'clientOrderId';
    const api = await ctx.api();
    const { data: order } = await api.call(endpoint('spot.order.detail'), [['symbol', symbol], [key, ref[0]![1]]]);
    show(ctx, endpoint('spot.order.detail'), order);
    return;
  }
  if (data === undefined) return;
  const result = (data as { result?: unknown }).result;
  if (result === false) ctx.note('bm: the order was not cancelled: it is already filled or cancelled');
  show(ctx, ep, data);
}
