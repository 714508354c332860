/**
 * `bm order list [SYMBOL] [--status <word|code>] [--limit 1-100]` (defaults: open, 100). Without
 * SYMBOL: every pair the account can have orders on, merged newest first, the newest N kept. The
 * venue answers only the most recent N (at most 100) of a pair and status and cannot be paged, so
 * `--all` is refused before anything is sent, and a full answer says on stderr there may be more.
 */
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { isOpenStatus, ORDER_FILTER_CODES } from '../../api/catalogue/statuses.js';
import { ORDERS_UNPAGED } from '../../core/usecases/orders-read.js';
import { usage } from '../../errors.js';
import { send, show, rowsOf, type Invocation } from '../engine.js';
import { checkStatus, wireParams, withDefaults } from '../../core/usecases/params.js';
import { newestFirst, overPairs, pairsOfAccount } from '../across.js';
import { noteMerged, notePage, type Shown } from '../paged.js';
import { forPair } from '../../core/usecases/orders-read.js';
import { humanOrders } from '../status-words.js';

const MAX = PROTOCOL.ordersPerList;

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, opts } = inv;
  // The catalogue's defaults (open, 100), the ones the library applies too.
  const values = withDefaults(ep, inv.values);
  if (opts.all === true) throw usage(`--all: ${ORDERS_UNPAGED}, so bm cannot list more`, `bm order list${values.symbol ? ` ${values.symbol}` : ''} --limit ${MAX} shows the most recent ${MAX} of each pair; bm order fills --all lists every fill`);
  const status = checkStatus(values.status!, '--status');
  const N = values.N!;
  const shown: Shown = { what: 'orders', limit: Number(N), max: MAX, more: [], beyond: `the venue answers only the most recent ${MAX} of a pair and status` };
  if (values.symbol !== undefined) {
    const data = await send(ctx, ep, wireParams(ep, { ...values, status, N }));
    if (data === undefined) return;
    const rows = rowsOf(ep, data);
    show(ctx, ep, data, { rows: humanOrders(ctx, rows) });
    notePage(ctx, rows, shown);
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
  noteMerged(ctx, rows, shown);
}
