/**
 * `bm pnl`: the P&L of each pair from the account's fills (src/core/portfolio/pnl-fills.ts). json
 * keeps the figures exact; other formats round them (half to even) to the quote currency's places.
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Context } from '../../context.js';
import type { Row } from '../../render/cells.js';
import { checkSymbol } from '../../core/usecases/params.js';
import { fillPages } from '../../core/usecases/orders-read.js';
import { allPairs, type PairRules } from '../../core/usecases/orders-read.js';
import type { PairPnl } from '../../core/usecases/account.js';
import { pnlOf, pnlPairs, windowOf, type PnlQuery, type PnlReport } from '../../core/usecases/account.js';
import { currencyPlaces, roundTo } from '../../core/usecases/account.js';
import { show } from '../engine.js';
import { overPairs } from '../order/across.js';
import { warnData } from '../order/paged.js';

/** The columns of a P&L table (`bm pnl`, the P&L section of `bm portfolio --pnl`). */
export const PNL_COLUMNS = ['symbol', 'position', 'avg_cost', 'realized', 'unrealized', 'fees', 'quote'];

/** Other fee coins as text: `0.5 BMX, 1 XYZ`. */
const otherFees = (p: PairPnl) => Object.entries(p.other_fees).map(([coin, n]) => `${n} ${coin}`).join(', ');

export async function run(ctx: Context, symbol: string | undefined, opts: { from?: string; to?: string }): Promise<void> {
  const sym = symbol === undefined ? undefined : checkSymbol(symbol);
  const window = { ...windowOf(opts.from, opts.to, { from: '--from', to: '--to' }), ...(sym === undefined ? {} : { symbol: sym }) };
  const pairs = await pnlPairs(ctx, sym);
  const ep = endpoint('spot.trades.user');
  if (!pairs.length || ctx.globals.dryRun) {
    // Says there is no pair, or prints the first page of each (the rest follow page by page).
    await overPairs(ctx, ep, pairs, 'fills', (s) => fillPages(ep, pairs).params(s, 1));
    if (ctx.globals.dryRun) return;
  }
  const report = await pnlOf(ctx, pairs, window, (line) => ctx.note(line));
  for (const s of report.end.repeated) warnData(ctx, `the venue answered a further page of ${s} with fills already read: its P&L may miss older fills`);
  if (report.end.capped) warnData(ctx, `stopped at ${report.end.rows} fills: the P&L misses older ones (narrow it: a SYMBOL, --from)`);
  if (pairs.length && !report.pairs.length) ctx.note(`bm: no fills of ${pairs.join(', ')} in the window: nothing to count`);
  const unmatched = report.pairs.filter((p) => p.unmatched !== '0');
  if (unmatched.length) ctx.note(`bm: sold beyond what the window bought (held before it; no P&L counted on it): ${unmatched.map((p) => `${p.unmatched} ${p.base}`).join(', ')}`);
  printPnl(ctx, report, window, await allPairs(ctx));
}

/** Prints a report in the context's format: json exact, the others rounded to each quote currency's places (value.ts). */
export function printPnl(ctx: Context, report: Pick<PnlReport, 'pairs' | 'totals'>, window: PnlQuery, rules: readonly PairRules[]): void {
  if (ctx.format === 'json' && !ctx.fields) {
    show(ctx, {}, { ...(window.fromMs === undefined ? {} : { from: window.fromMs }), ...(window.toMs === undefined ? {} : { to: window.toMs }), pairs: report.pairs, totals: report.totals });
    return;
  }
  const shown: Row[] = report.pairs.map((p) => shownPnl(p, rules));
  show(ctx, { columns: PNL_COLUMNS }, shown, { rows: shown });
  if (ctx.format !== 'table' || ctx.fields) return;
  for (const t of report.totals) {
    const n = currencyPlaces(t.quote, rules);
    ctx.io.out(`\ntotal ${t.quote}: realized ${roundTo(t.realized, n)}, unrealized ${t.unrealized === '' ? 'unknown (no last price)' : roundTo(t.unrealized, n)}, fees ${roundTo(t.fees, n)} (fees are inside realized and unrealized)\n`);
  }
}

/** A pair's P&L as printed outside json: money rounded (half to even) at its quote currency's places, other fees as text. */
export function shownPnl(p: PairPnl, rules: readonly PairRules[]): Row {
  const n = currencyPlaces(p.quote, rules);
  const r = (v: string) => (v === '' ? v : roundTo(v, n));
  return { ...p, other_fees: otherFees(p), avg_cost: r(p.avg_cost), realized: r(p.realized), unrealized: r(p.unrealized), fees: r(p.fees) };
}
