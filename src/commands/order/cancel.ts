/** `bm order cancel SYMBOL (--order-id | --client-order-id)`: which order; the order use case does the rest. */
import { usage } from '../../errors.js';
import { scalarText } from '../../util/json.js';
import { LOCAL_COLUMNS } from '../local-columns.js';
import { show, type Invocation } from '../engine.js';
import { checkSymbol } from '../../core/usecases/params.js';
import { checkClientOrderId } from '../../core/usecases/order-parse.js';
import { noteOutcome, orderPort } from '../write-current.js';

/** The order reference: exactly one of --order-id and --client-order-id. */
export function orderRef(values: Record<string, string | undefined>, clientKey: string): Array<readonly [string, string]> {
  const id = values.order_id;
  const cid = values[clientKey];
  if ((id === undefined) === (cid === undefined)) throw usage('give exactly one of --order-id and --client-order-id');
  if (id !== undefined && !/^[0-9]+$/.test(id)) throw usage(`--order-id: '${id}' is not an order id (digits)`);
  return id !== undefined ? [['order_id', id]] : [[clientKey, checkClientOrderId(cid!)]];
}

export async function run(inv: Invocation): Promise<void> {
  const { ctx, values } = inv;
  const symbol = checkSymbol(values.symbol ?? '');
  const ref = orderRef(values, 'client_order_id');
  const { cancelOrder, provenOrThrow } = await import('../../core/usecases/order.js');
  const o = provenOrThrow(await cancelOrder(orderPort(ctx), { symbol, ref: ref[0]![0] === 'order_id' ? { orderId: ref[0]![1] } : { clientOrderId: ref[0]![1] }, command: 'order cancel' }));
  if (!o) return;
  const r = o.result;
  noteOutcome(ctx, 'order cancel', r);
  // What happened to which order, in every format: the ids as given or as the lookup read them (null when unknown).
  const read = r.via === 'lookup' ? (r.data as Record<string, unknown>) : {};
  const id = (k: string, ...wire: string[]) => {
    const v = [k, ...wire].map((w) => read[w]).find((x) => x !== undefined && x !== null);
    return values[k] ?? (v === undefined ? null : scalarText(v));
  };
  // order_detail names the client id clientOrderId.
  const row = { order_id: id('order_id'), client_order_id: id('client_order_id', 'clientOrderId'), result: r.verdict.say };
  show(ctx, { columns: LOCAL_COLUMNS['order cancel'] }, row, { rows: [row] });
}
