/**
 * `bm order place`: the options read, the order use case (src/core/usecases/order.ts: the pair's rules,
 * the market context and deviation guard, confirmed, sent once, proven) called, its outcome shown; with
 * `--wait`, the order followed until it reaches the state asked for.
 */
import { endpoint } from '../../api/catalogue/index.js';
import { ORDER_STATUSES } from '../../api/catalogue/vocab.js';
import { statusSaid } from '../../api/catalogue/statuses.js';
import type { Context } from '../../context.js';
import { BmError } from '../../errors.js';
import { scalarText } from '../../util/json.js';
import type { WaitClock } from '../../util/clock.js';
import { show, type Invocation } from '../engine.js';
import { checkSymbol } from '../../core/usecases/params.js';
import { parseMaxDeviation, parseWait, type OrderInput, type WaitSpec } from '../../core/usecases/order-parse.js';
import { orderPort } from '../write-current.js';
import { humanOrders } from '../status-words.js';

/** Shared with the trading terminal. */
export { parseMaxDeviation };

/** `--wait`: the order followed until it reaches the state, ends otherwise (exit 10) or the wait runs out (exit 10). */
export async function follow(ctx: Context, order: { readonly symbol: string; readonly clientOrderId: string }, orderId: string, spec: WaitSpec, clock?: WaitClock): Promise<void> {
  const { waitForPlaced } = await import('../../core/usecases/order-wait.js');
  const detail = endpoint('spot.order.detail');
  const r = await waitForPlaced(ctx, order.symbol, { orderId, clientOrderId: order.clientOrderId }, spec, 'order place --wait', clock ?? ctx.clock);
  if (r.row) show(ctx, detail, r.row, { rows: humanOrders(ctx, [r.row]) });
  const said = (row?: Record<string, unknown>) => statusSaid(ORDER_STATUSES, scalarText(row?.status));
  const shows = r.row ? `shows status ${said(r.row)}` : 'was not read in that time';
  const check = `bm order get ${order.symbol} --order-id ${orderId}`;
  if (r.end === 'reached') return;
  if (r.end === 'ended') throw new BmError('waited', `order place --wait ${spec.until}: order ${orderId} ended with status ${said(r.row)} before it was ${spec.until}`, { hint: `see it with: ${check}` });
  throw new BmError('waited', `order place --wait ${spec.until}: waited ${spec.timeoutMs / 1000} s; order ${orderId} ${shows} and is left as it is`, {
    hint: `follow it with: ${check}; cancel it with: bm order cancel ${order.symbol} --order-id ${orderId}`,
  });
}

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values, opts } = inv;
  const symbol = checkSymbol(values.symbol ?? '');
  const maxPct = parseMaxDeviation(opts.maxDeviation);
  const wait = parseWait(opts.wait, opts.waitTimeout);
  const { placeOrder, provenOrThrow } = await import('../../core/usecases/order.js');
  const o = provenOrThrow(await placeOrder(orderPort(ctx), { order: { ...values, symbol } as OrderInput, command: 'order place', ...(maxPct !== undefined ? { maxDeviation: maxPct } : {}) }));
  if (!o) return;
  // limit_maker and ioc may be finished by the venue at once: not claimed as placed (exit 6).
  if (o.kind === 'settled' && o.fails) throw o.refusal;
  const r = o.result;
  const d = r.data as Record<string, unknown>;
  const orderId = scalarText(d.order_id);
  const clientOrderId = scalarText(r.params.find((p) => p[0] === 'client_order_id')?.[1]);
  const proof = r.via === 'lookup' ? ' (proven by looking it up)' : '';
  ctx.note(`bm: order ${orderId} ${r.verdict.say} (client order id ${clientOrderId})${proof}`);
  if (wait) return follow(ctx, { symbol, clientOrderId }, orderId, wait);
  const row = {
    order_id: d.order_id, client_order_id: clientOrderId,
    ...(d.status !== undefined ? { status: d.status } : {}), ...(d.filled_size !== undefined ? { filled_size: d.filled_size } : {}),
  };
  // An answer is printed as it came; a row read (a lookup, the state after placement) as what it proves.
  show(ctx, ep, r.ep.id === ep.id && r.via === 'answer' ? { ...d, client_order_id: clientOrderId } : row, { rows: [row] });
}
