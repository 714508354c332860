/**
 * `bm order cancel-all [SYMBOL] [--side]`: one pair, or, with no SYMBOL, every pair that has open
 * orders, under one confirmation (src/core/usecases/order-cancel-all.ts); a row a pair, and a pair
 * whose outcome is unknown does not stop the others.
 */
import { matchWord, SIDES, valuesOf } from '../../api/catalogue/vocab.js';
import { BmError, usage } from '../../errors.js';
import { show, type Invocation } from '../engine.js';
import { LOCAL_COLUMNS } from '../local-columns.js';
import { checkSymbol } from '../../core/usecases/params.js';
import { orderPort } from '../write-current.js';

export async function run(inv: Invocation): Promise<void> {
  const { ctx, values } = inv;
  const side = values.side === undefined ? undefined : matchWord(valuesOf(SIDES), values.side);
  if (values.side !== undefined && side === undefined) throw usage(`--side: must be one of ${valuesOf(SIDES).join(', ')} (got '${values.side}')`);
  const asked = values.symbol ? checkSymbol(values.symbol) : undefined;
  const { cancelAllOrders } = await import('../../core/usecases/order-cancel-all.js');
  const done = await cancelAllOrders(orderPort(ctx), { ...(asked ? { symbol: asked } : {}), ...(side ? { side } : {}), command: 'order cancel-all' });
  const { symbols } = done;
  if (!symbols.length) {
    // Nothing to cancel is said as such, and nothing is sent; a named pair still gets its row.
    const sided = side ? `${side} ` : '';
    ctx.note(`bm: no open ${sided}orders on ${asked ?? 'any pair'}: nothing to cancel`);
    const none = [{ symbol: asked, side: side ?? 'both', result: 'no open orders' }];
    if (asked) show(ctx, { columns: LOCAL_COLUMNS['order cancel-all'] }, none, { rows: none });
    return;
  }
  const rows: Array<{ symbol: string; side: string; result: string }> = [];
  const unknown: BmError[] = [];
  let stopped = done.stopped;
  for (const { symbol, outcome: o } of done.pairs) {
    if (o.kind === 'dry-run' || o.kind === 'rejected') continue;
    if (o.kind !== 'unknown') rows.push({ symbol, side: side ?? 'both', result: o.say });
    else if (symbols.length === 1) stopped = o.error;
    else {
      unknown.push(o.error);
      rows.push({ symbol, side: side ?? 'both', result: 'unknown' });
    }
  }
  // The pairs already done are said before the error that stopped the rest.
  if (rows.length) show(ctx, { columns: LOCAL_COLUMNS['order cancel-all'] }, rows, { rows });
  if (stopped !== undefined) throw stopped;
  if (unknown.length) throw new BmError('unknown', `order cancel-all: the outcome is unknown on ${unknown.length} of ${symbols.length} pairs: ${unknown.map((e) => e.message).join('; ')}`, { hint: unknown.map((e) => e.details.hint).join('; ') });
}
