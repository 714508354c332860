/**
 * `bm order cancel-all [SYMBOL] [--side]`: one pair, or, with no SYMBOL, every pair that has open
 * orders (the endpoint takes one pair per request).
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Context } from '../../context.js';
import { usage } from '../../errors.js';
import { confirmWrite } from '../confirm.js';
import { send, show, type Invocation } from '../engine.js';
import { checkSymbol } from '../params.js';
import { allPairs } from './pairs.js';

async function pairsWithOpenOrders(ctx: Context): Promise<string[]> {
  const api = await ctx.api();
  const out: string[] = [];
  for (const p of await allPairs(ctx)) {
    const { data } = await api.call(endpoint('spot.orders'), [['symbol', p.symbol], ['N', 1], ['status', '9']]);
    if (((data as { orders?: unknown[] }).orders ?? []).length) out.push(p.symbol);
  }
  return out;
}

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values } = inv;
  const side = values.side;
  if (side !== undefined && side !== 'buy' && side !== 'sell') throw usage(`--side: must be one of buy, sell (got '${side}')`);
  const symbols = values.symbol ? [checkSymbol(values.symbol)] : await pairsWithOpenOrders(ctx);
  if (!symbols.length) {
    ctx.note('bm: no open orders on any pair');
    return;
  }
  await confirmWrite(ctx, `Cancel every open ${side ? `${side} ` : ''}order on ${symbols.join(', ')}?`, 'order cancel-all');
  const rows = [];
  for (const symbol of symbols) {
    const data = await send(ctx, ep, [['symbol', symbol], ...(side ? [['side', side] as const] : [])]);
    if (data !== undefined) rows.push({ symbol, side: side ?? 'both', result: 'cancelled' });
  }
  if (rows.length) show(ctx, { columns: ['symbol', 'side', 'result'] }, rows, { rows });
}
