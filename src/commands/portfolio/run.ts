/**
 * `bm portfolio`: the wallet valued in one currency (from the tickers' last prices), the open orders
 * of every pair and the newest fills, each fetched pair by pair within the rate limit.
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Context } from '../../context.js';
import type { Row } from '../../render/cells.js';
import { show } from '../engine.js';
import { checkCurrency, checkInt } from '../../core/params.js';
import { fillParams, openOrderParams } from '../../core/order/across.js';
import { lastPrices, quotePlaces, valueWallet } from '../../core/portfolio/valued.js';
import { roundTo } from '../../core/portfolio/value.js';
import { allPairs } from '../../core/order/pairs.js';
import { balances, newestFirst, overPairs, pairsOfAccount } from '../order/across.js';
import { humanOrders } from '../order/status-words.js';

const BALANCE_COLUMNS = ['currency', 'available', 'frozen', 'total', 'price', 'value'];

export async function run(ctx: Context, opts: { in?: string; fills?: string }): Promise<void> {
  const quote = checkCurrency(opts.in ?? 'USDT', '--in');
  const fillCount = Number(checkInt(opts.fills ?? '10', '--fills', 0, 100));
  // Checked before the wallet, the orders and the fills are read.
  const n = quotePlaces(await allPairs(ctx), quote, '--in');
  const wallet = await balances(ctx);
  const { total, balances: valued, unpriced } = valueWallet(wallet, quote, await lastPrices(ctx));
  const rows: Row[] = valued.map((b) => ({ ...b }));
  const ordersEp = endpoint('spot.orders');
  const open = newestFirst(await overPairs(ctx, ordersEp, await pairsOfAccount(ctx, true, wallet), 'open orders', openOrderParams()));
  const fillsEp = endpoint('spot.trades.user');
  const fills = fillCount === 0 ? [] : newestFirst(await overPairs(ctx, fillsEp, await pairsOfAccount(ctx, false, wallet), 'fills', fillParams(String(fillCount)))).slice(0, fillCount);
  if (unpriced.length) ctx.note(`bm: no price in ${quote} for ${unpriced.join(', ')}: left out of the total`);
  if (ctx.globals.dryRun) return;
  if (ctx.format === 'json' && !ctx.fields) {
    show(ctx, {}, { in: quote, total, balances: rows, open_orders: open, fills });
    return;
  }
  // json keeps the exact values; where a trader reads them they are rounded to the currency's places.
  const shown = rows.map((r) => (r.value === '' ? r : { ...r, value: roundTo(String(r.value), n) }));
  // --fields picks balance columns: with it, or in a row format, the balance rows are the output.
  show(ctx, { columns: BALANCE_COLUMNS }, shown, { rows: shown });
  if (ctx.format !== 'table' || ctx.fields) return;
  ctx.io.out(`\nopen orders (${open.length})\n`);
  if (open.length) show(ctx, ordersEp, { orders: open }, { rows: humanOrders(ctx, open), columns: ['order_id', 'symbol', 'side', 'type', 'price', 'size', 'filled_size', 'status', 'create_time'] });
  if (fillCount > 0) {
    ctx.io.out(`\nrecent fills (${fills.length})\n`);
    if (fills.length) show(ctx, fillsEp, { trades: fills }, { rows: fills, columns: ['symbol', 'side', 'price_avg', 'size', 'notional', 'fees', 'fee_coin_name', 'create_time'] });
  }
  ctx.io.out(`\ntotal ${roundTo(total, n)} ${quote}\n`);
  // P&L reads every fill of every pair, page by page: its own command, not a cost of every portfolio.
  ctx.note('bm: P&L per pair (position, average cost, realized, unrealized, fees): bm pnl');
}
