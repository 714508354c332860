/**
 * Printing `bm portfolio`: the balances in every format; a table adds the open orders, the recent
 * fills, the P&L per pair (`--pnl`) and the total; json is one object with all of them, exact. With
 * `--pnl` the row formats (tsv, csv, ndjson) carry, on each balance's row, the P&L of the pair that
 * trades it against the portfolio's currency (`BTC` in USDT: `BTC_USDT`).
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Context } from '../../context.js';
import type { PairRules } from '../../core/usecases/orders-read.js';
import { PNL_METHOD } from '../../core/usecases/account.js';
import type { PnlReport } from '../../core/usecases/account.js';
import { currencyPlaces, roundTo } from '../../core/usecases/account.js';
import type { Valuation } from '../../core/usecases/account.js';
import type { Row } from '../../render/cells.js';
import { show } from '../engine.js';
import { humanOrders } from '../status-words.js';
import { printPnl, shownPnl } from '../pnl-print.js';

const BALANCE_COLUMNS = ['currency', 'available', 'frozen', 'total', 'price', 'value'];
/** What `--pnl` adds to a balance's row in the row formats. */
const PNL_ON_BALANCE = ['pair', 'position', 'avg_cost', 'realized', 'unrealized', 'fees'];

/** What was read, ready to print. */
export interface PortfolioView {
  readonly valuation: Valuation;
  readonly open: readonly Row[];
  readonly fills: readonly Row[];
  /** How many recent fills were asked (0: the section is left out). */
  readonly fillCount: number;
  readonly rules: readonly PairRules[];
  readonly pnl?: Pick<PnlReport, 'pairs' | 'totals'>;
}

/** The balance rows; with P&L, each with its pair's figures (empty when the account has no fills of it). */
function balanceRows(v: PortfolioView, n: number): Row[] {
  const quote = v.valuation.in;
  const byPair = new Map(v.pnl?.pairs.map((p) => [p.symbol, p]));
  return v.valuation.balances.map((b) => {
    const row: Row = { ...b, value: b.value === '' ? b.value : roundTo(b.value, n) };
    if (!v.pnl) return row;
    const p = byPair.get(`${b.currency}_${quote}`);
    const shown = p ? shownPnl(p, v.rules) : {};
    return { ...row, ...Object.fromEntries(PNL_ON_BALANCE.map((c) => [c, c === 'pair' ? (p?.symbol ?? '') : (shown[c] ?? '')])) };
  });
}

export function printPortfolio(ctx: Context, v: PortfolioView): void {
  const quote = v.valuation.in;
  const n = currencyPlaces(quote, v.rules);
  if (ctx.format === 'json' && !ctx.fields) {
    const { total, balances } = v.valuation;
    const pnl = v.pnl && { method: PNL_METHOD, pairs: v.pnl.pairs, totals: v.pnl.totals };
    show(ctx, {}, { in: quote, total, balances, open_orders: v.open, fills: v.fills, ...(pnl ? { pnl } : {}) });
    return;
  }
  const rows = balanceRows(v, n);
  const table = ctx.format === 'table' && !ctx.fields;
  // --fields picks balance columns: with it, or in a row format, the balance rows are the output.
  show(ctx, { columns: v.pnl && !table ? [...BALANCE_COLUMNS, ...PNL_ON_BALANCE] : BALANCE_COLUMNS }, rows, { rows });
  if (!table) return;
  const ordersEp = endpoint('spot.orders');
  ctx.io.out(`\nopen orders (${v.open.length})\n`);
  if (v.open.length) show(ctx, ordersEp, { orders: v.open }, { rows: humanOrders(ctx, [...v.open]), columns: ['order_id', 'symbol', 'side', 'type', 'price', 'size', 'filled_size', 'status', 'create_time'] });
  if (v.fillCount > 0) {
    ctx.io.out(`\nrecent fills (${v.fills.length})\n`);
    if (v.fills.length) show(ctx, endpoint('spot.trades.user'), { trades: v.fills }, { rows: [...v.fills], columns: ['symbol', 'side', 'price_avg', 'size', 'notional', 'fees', 'fee_coin_name', 'create_time'] });
  }
  if (v.pnl) {
    ctx.io.out(`\nP&L per pair (${PNL_METHOD}; all fills; unrealized at the last price)\n`);
    if (v.pnl.pairs.length) printPnl(ctx, v.pnl, {}, v.rules);
    else ctx.io.out('no fills\n');
  }
  ctx.io.out(`\ntotal ${roundTo(v.valuation.total, n)} ${quote}\n`);
}
