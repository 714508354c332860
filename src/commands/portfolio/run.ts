/**
 * `bm portfolio`: the wallet valued in one currency (from the tickers' last prices), the open orders
 * of every pair and the newest fills, each fetched pair by pair within the rate limit.
 */
import { endpoint } from '../../api/catalogue/index.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { STATUS_CODE } from '../../api/catalogue/vocab.js';
import type { Context } from '../../context.js';
import type { Row } from '../../render/cells.js';
import { add, norm } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';
import { rowsOf, show } from '../engine.js';
import { checkCurrency, checkInt, wireParams } from '../../core/params.js';
import { balances, newestFirst, overPairs, pairsOfAccount } from '../order/across.js';
import { humanOrders } from '../order/status-words.js';
import { currencyPlaces, roundTo, valueIn, type Prices } from './value.js';
import { allPairs } from '../../core/order/pairs.js';
import { usage } from '../../errors.js';

const BALANCE_COLUMNS = ['currency', 'available', 'frozen', 'total', 'price', 'value'];

async function prices(ctx: Context): Promise<Prices> {
  const ep = endpoint('spot.ticker');
  const data = await (await ctx.calls()).send(ep);
  return new Map(rowsOf(ep, data).map((t) => [scalarText(t.symbol), scalarText(t.last_price)]));
}

export async function run(ctx: Context, opts: { in?: string; fills?: string }): Promise<void> {
  const quote = checkCurrency(opts.in ?? 'USDT', '--in');
  const fillCount = Number(checkInt(opts.fills ?? '10', '--fills', 0, 100));
  const last = await prices(ctx);
  if (![...last.keys()].some((symbol) => symbol.split('_').includes(quote))) {
    throw usage(`--in: no pair trades ${quote}: nothing can be valued in it`, 'list pairs with: bm symbols');
  }
  const wallet = await balances(ctx);
  let total = '0';
  const unpriced: string[] = [];
  const rows: Row[] = wallet.map((b) => {
    const amount = norm(add(b.available, b.frozen));
    const value = valueIn(amount, b.currency, quote, last);
    if (value === undefined) unpriced.push(b.currency);
    else total = norm(add(total, value));
    return { currency: b.currency, available: b.available, frozen: b.frozen, total: amount, price: valueIn('1', b.currency, quote, last) ?? '', value: value ?? '' };
  });
  const ordersEp = endpoint('spot.orders');
  const orderParams = wireParams(ordersEp, { symbol: 'BTC_USDT', status: STATUS_CODE.open, N: String(PROTOCOL.ordersPerList) });
  const withSymbol = (params: typeof orderParams) => (symbol: string) => params.map(([k, v]) => [k, k === 'symbol' ? symbol : v] as const);
  const open = newestFirst(await overPairs(ctx, ordersEp, await pairsOfAccount(ctx, true, wallet), 'open orders', withSymbol(orderParams)));
  const fillsEp = endpoint('spot.trades.user');
  const fills = fillCount === 0 ? [] : newestFirst(await overPairs(ctx, fillsEp, await pairsOfAccount(ctx, false, wallet), 'fills',
    withSymbol(wireParams(fillsEp, { symbol: 'BTC_USDT', limit: String(fillCount) })))).slice(0, fillCount);
  if (unpriced.length) ctx.note(`bm: no price in ${quote} for ${unpriced.join(', ')}: left out of the total`);
  if (ctx.globals.dryRun) return;
  if (ctx.format === 'json' && !ctx.fields) {
    show(ctx, {}, { in: quote, total, balances: rows, open_orders: open, fills });
    return;
  }
  // json keeps the exact values; where a trader reads them they are rounded to the currency's places.
  const n = currencyPlaces(quote, await allPairs(ctx));
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
}
