/** A P&L report as printed: `bm pnl`, and the P&L section of `bm portfolio --pnl`. */
import type { Context } from '../context.js';
import type { Row } from '../render/cells.js';
import type { PairRules } from '../core/usecases/orders-read.js';
import { currencyPlaces, roundTo, type PairPnl, type PnlQuery, type PnlReport } from '../core/usecases/account.js';
import { show } from './engine.js';

/** The columns of a P&L table (`bm pnl`, the P&L section of `bm portfolio --pnl`). */
export const PNL_COLUMNS = ['symbol', 'position', 'avg_cost', 'realized', 'unrealized', 'fees', 'quote'];

/** Other fee coins as text: `0.5 BMX, 1 XYZ`. */
const otherFees = (p: PairPnl) => Object.entries(p.other_fees).map(([coin, n]) => `${n} ${coin}`).join(', ');

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
