/**
 * `bm order fills [SYMBOL] [--order-id] [--page] [--limit] [--all]`: one pair as the venue pages it;
 * without SYMBOL, the newest fills of every pair the account can have traded (`--limit`, default
 * 100); `--all`: every fill, page after page. A full page says on stderr that there may be more.
 */
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { usage } from '../../errors.js';
import { fillPages } from '../../core/usecases/orders-read.js';
import { rowsOf, send, show, type Invocation } from '../engine.js';
import { wireParams } from '../../core/usecases/params.js';
import { newestFirst, overPairs, pairsOfAccount } from '../across.js';
import { noteMerged, notePage, printAll } from '../paged.js';

const MAX = PROTOCOL.fillsPerPage;
import { forPair } from '../../core/usecases/orders-read.js';

export async function run(inv: Invocation): Promise<void> {
  const { ctx, ep, values, opts } = inv;
  const sym = values.symbol;
  if (sym === undefined && values.order_id !== undefined) throw usage('--order-id needs the SYMBOL of the order', `bm order fills SYMBOL --order-id ${values.order_id}`);
  if (opts.all === true) {
    if (values.offset !== undefined || values.limit !== undefined) throw usage(`--all asks every page, ${MAX} fills a request: it takes no --page or --limit`);
    // Checked before anything is sent (the wallet is read to find the pairs).
    const checked = wireParams(ep, { ...values, symbol: sym ?? 'BTC_USDT' });
    const orderId = checked.find(([k]) => k === 'order_id')?.[1];
    const pairs = sym === undefined ? await pairsOfAccount(ctx, false) : [String(checked.find(([k]) => k === 'symbol')![1])];
    return printAll(ctx, ep, fillPages(ep, pairs, orderId === undefined ? undefined : String(orderId)), 'fills', sym === undefined);
  }
  const limit = values.limit ?? String(MAX);
  if (sym !== undefined) {
    const data = await send(ctx, ep, wireParams(ep, { ...values, limit }));
    if (data === undefined) return;
    const rows = rowsOf(ep, data);
    show(ctx, ep, data, { rows });
    notePage(ctx, rows, { what: 'fills', limit: Number(limit), max: MAX, more: ['--all', `--page ${Number(values.offset ?? '1') + 1}`] });
    return;
  }
  if (values.offset !== undefined) throw usage('--page needs a SYMBOL: across pairs bm shows the newest fills (--limit), or every fill (--all)');
  const params = wireParams(ep, { symbol: 'BTC_USDT', limit });
  const pairs = await pairsOfAccount(ctx, false);
  const rows = await overPairs(ctx, ep, pairs, 'fills', forPair(params));
  if (ctx.globals.dryRun) return;
  const newest = newestFirst(rows).slice(0, Number(limit));
  show(ctx, ep, { trades: newest }, { rows: newest });
  noteMerged(ctx, rows, { what: 'fills', limit: Number(limit), max: MAX, more: ['--all'] });
}
