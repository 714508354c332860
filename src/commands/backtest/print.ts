/**
 * A backtest's report as printed: `--json` the report itself (exact; the same bytes every run but its
 * `run` section); otherwise the pairs' table in the context's format, and on a table the totals and the
 * equity chart, money rounded (half to even) to the quote currency's places as `bm pnl` prints it. Several
 * runs (`--compare`) print one row each, side by side.
 */
import type { Context } from '../../context.js';
import type { BacktestReport } from '../../bot/backtest/report.js';
import { show } from '../show.js';
import { equityChart } from './chart.js';
import { roundTo } from '../../core/usecases/account.js';

const PAIR_COLUMNS = ['symbol', 'orders', 'fills', 'position', 'realized', 'unrealized', 'fees', 'exposure', 'win_rate'];
const COMPARE_COLUMNS = ['params', 'orders', 'fills', 'realized', 'unrealized', 'fees', 'return', 'max_drawdown', 'exposure', 'win_rate', 'end_equity'];

/** `k=v k2=v2`, or `(none)`. */
const paramsText = (p: Readonly<Record<string, string>>) => Object.entries(p).map(([k, v]) => `${k}=${v}`).join(' ') || '(none)';

/** What the run was over, in one line. */
function dataLine(r: BacktestReport): string {
  const d = r.data;
  const what = d.source === 'simulated' ? `the simulated market (seed ${d.seed})` : `${d.file} (${d.events} pushes from ${d.venue})`;
  const book = d.synthetic ? `; synthetic book: ${JSON.stringify(d.synthetic)}` : '';
  return `${r.bot.file} over ${what}, ${d.from} to ${d.to}, params ${paramsText(r.bot.params)}${book}`;
}

/** The money of a report (its pairs' and its totals'), rounded to `places`: what every format but json shows. */
const MONEY = ['realized', 'unrealized', 'fees', 'start_equity', 'end_equity', 'max_drawdown_amount'] as const;
function rounded<T extends Partial<Record<(typeof MONEY)[number], string>>>(row: T, places: number): T {
  const out: Record<string, unknown> = { ...row };
  for (const k of MONEY) if (typeof row[k] === 'string' && row[k] !== '') out[k] = roundTo(row[k], places);
  return out as T;
}

export function printReport(ctx: Context, r: BacktestReport): void {
  if (ctx.format === 'json' && !ctx.fields) return ctx.io.out(`${JSON.stringify(r, null, 2)}\n`);
  show(ctx, {}, r.pairs, { columns: PAIR_COLUMNS, rows: r.pairs.map((p) => ({ ...rounded(p, r.settings.places) })) });
  if (ctx.format !== 'table' || ctx.fields) return;
  const t = rounded(r.total, r.settings.places);
  const out = [
    '',
    dataLine(r),
    `total ${t.quote}: ${t.orders} orders, ${t.fills} fills, realized ${t.realized}, unrealized ${t.unrealized}, fees ${t.fees} (inside realized and unrealized)`,
    `equity ${t.start_equity} -> ${t.end_equity}: return ${t.return}%, max drawdown ${t.max_drawdown}% (${t.max_drawdown_amount}), exposure ${t.exposure}% of the time, win rate ${t.win_rate === '' ? '-' : `${t.win_rate}%`} of ${t.closes} closing fills`,
    `fees: ${r.settings.fees}; ${r.settings.queue}`,
    '',
    ...equityChart(r.equity, Math.max(20, Math.min(72, (ctx.io.columns || 100) - 16)), 10, ctx.io.isTTY ? '█' : '#'),
  ];
  if (r.log.length) out.push('', `log (${r.log.length} lines, all in --json):`, ...r.log.slice(-10).map((l) => `  ${l}`));
  ctx.io.out(`${out.join('\n')}\n`);
}

export function printCompare(ctx: Context, runs: readonly BacktestReport[]): void {
  if (ctx.format === 'json' && !ctx.fields) return ctx.io.out(`${JSON.stringify({ runs }, null, 2)}\n`);
  const rows = runs.map((r) => rounded({ params: paramsText(r.bot.params), ...r.total }, r.settings.places));
  show(ctx, {}, rows, { columns: COMPARE_COLUMNS, rows });
  if (ctx.format === 'table' && !ctx.fields && runs[0]) ctx.io.out(`\n${dataLine(runs[0]).replace(/, params .*$/, '')}\nreturn, max_drawdown, exposure and win_rate in percent; money in ${runs[0].total.quote}\n`);
}
