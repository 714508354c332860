/**
 * `bm order amend`: the options checked before any request, then the amend use case
 * (src/core/usecases/order-amend.ts: the deviation guard and market context of `order place` on the new
 * price, cancel-replace, the conditional orders that followed it moved); one row says what became of
 * both orders.
 */
import type { Context } from '../../context.js';
import { BmError } from '../../errors.js';
import { checkSymbol } from '../../core/usecases/params.js';
import { checkChange, checkClientOrderId, parseMaxDeviation } from '../../core/usecases/order-parse.js';
import type { Amended } from '../../core/usecases/order-amend.js';
import { show } from '../engine.js';
import { LOCAL_COLUMNS } from '../local-columns.js';
import { orderPort } from '../write-current.js';
import { orderRef } from './cancel.js';

/** The row of an amend: the old order's end and the new order (or why none was placed). */
export function amendRow(a: Amended): Record<string, string | null> {
  return {
    old_order_id: a.old.orderId, old_result: a.old.say, old_filled: a.old.finalFilled,
    order_id: a.placed?.orderId ?? null, client_order_id: a.placed?.clientOrderId ?? null,
    size: a.placed?.size ?? null, price: a.placed?.price ?? null,
    result: a.placed ? a.placed.say : `not placed: ${a.why ?? ''}`,
  };
}

export async function run(ctx: Context, symbolArg: string, opts: Record<string, string | undefined>): Promise<void> {
  const symbol = checkSymbol(symbolArg);
  const ref = orderRef({ order_id: opts.orderId, client_order_id: opts.clientOrderId }, 'client_order_id')[0]!;
  const change = checkChange(opts.price, opts.size);
  const maxPct = parseMaxDeviation(opts.maxDeviation);
  const newId = opts.newClientOrderId === undefined ? undefined : checkClientOrderId(opts.newClientOrderId, '--new-client-order-id');
  const { amendOrder } = await import('../../core/usecases/order-amend.js');
  const { provenOrThrow } = await import('../../core/usecases/order.js');
  const o = provenOrThrow(await amendOrder(orderPort(ctx), {
    symbol, command: 'order amend', ...change, ...(newId !== undefined ? { newClientOrderId: newId } : {}),
    ref: ref[0] === 'order_id' ? { orderId: ref[1] } : { clientOrderId: ref[1] },
    ...(maxPct !== undefined ? { maxDeviation: maxPct } : {}),
    note: (l) => ctx.note(l),
  }));
  if (o?.kind !== 'amended') return;
  const a = o.amended;
  const row = amendRow(a);
  ctx.note(`bm: order ${a.old.orderId} ${a.old.say}${a.old.via === 'lookup' ? ' (proven by looking it up)' : ''}; ${a.placed ? `order ${a.placed.orderId} ${a.placed.say} for ${a.placed.size} at ${a.placed.price} (client order id ${a.placed.clientOrderId})` : `no new order: ${a.why}`}`);
  show(ctx, { columns: LOCAL_COLUMNS['order amend'] }, row, { rows: [row] });
  // Nothing replaced the order: a script must not read it as amended.
  if (!a.placed) throw new BmError('venue', `order amend: order ${a.old.orderId} not amended: ${a.why}`, { hint: `see it with: bm order get ${symbol} --order-id ${a.old.orderId}` });
}
