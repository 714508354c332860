/**
 * `bm order list [SYMBOL] [--status <word|code>] [--limit 1-100]` (defaults: open, 100). Without
 * SYMBOL: every pair the account can have orders on, merged newest first, the newest N kept.
 */
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { isOpenStatus, ORDER_FILTER_CODES, STATUS_CODE } from '../../api/catalogue/vocab.js';
import { send, show, rowsOf, type Invocation } from '../engine.js';
import { checkStatus, wireParams } from '../../core/params.js';
import { newestFirst, overPairs, pairsOfAccount } from './across.js';
import { forPair } from '../../core/order/across.js';
import { humanOrders } from './status-words.js';

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values } = inv;
  const status = values.status === undefined ? STATUS_CODE.open : checkStatus(values.status, '--status');
  const N = values.N ?? String(PROTOCOL.ordersPerList);
  if (values.symbol !== undefined) {
    const data = await send(ctx, ep, wireParams(ep, { ...values, status, N }));
    if (data !== undefined) show(ctx, ep, data, { rows: humanOrders(ctx, rowsOf(ep, data)) });
    return;
  }
  // Checked once, before anything is sent: the pair is filled in per request. Only pairs that hold
  // funds frozen can have open orders, so a filter of open states needs to ask no other pair.
  const params = wireParams(ep, { ...values, symbol: 'BTC_USDT', status, N });
  const open = ORDER_FILTER_CODES[status]!.every(isOpenStatus);
  const pairs = await pairsOfAccount(ctx, open);
  const rows = await overPairs(ctx, ep, pairs, open ? 'open orders' : 'orders', forPair(params));
  if (ctx.globals.dryRun) return;
  const newest = newestFirst(rows).slice(0, Number(N));
  show(ctx, ep, { orders: newest }, { rows: humanOrders(ctx, newest) });
}
