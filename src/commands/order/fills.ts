/**
 * `bm order fills [SYMBOL] [--order-id] [--page] [--limit]`: one pair as the venue pages it; without
 * SYMBOL, the newest fills of every pair the account can have traded (`--limit`, default 100).
 */
import { usage } from '../../errors.js';
import { execute, show, type Invocation } from '../engine.js';
import { wireParams } from '../../core/params.js';
import { newestFirst, overPairs, pairsOfAccount } from './across.js';
import { forPair } from '../../core/order/across.js';

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values } = inv;
  if (values.symbol !== undefined) return execute(inv);
  if (values.order_id !== undefined) throw usage('--order-id needs the SYMBOL of the order', `bm order fills SYMBOL --order-id ${values.order_id}`);
  if (values.offset !== undefined) throw usage('--page needs a SYMBOL: across pairs bm shows the newest fills (--limit)');
  const limit = values.limit ?? '100';
  const params = wireParams(ep, { symbol: 'BTC_USDT', limit });
  const pairs = await pairsOfAccount(ctx, false);
  const rows = await overPairs(ctx, ep, pairs, 'fills', forPair(params));
  if (ctx.globals.dryRun) return;
  const newest = newestFirst(rows).slice(0, Number(limit));
  show(ctx, ep, { trades: newest }, { rows: newest });
}
