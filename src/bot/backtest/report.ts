/**
 * The backtest's report as data: per pair and in total, orders and fills, realized and unrealized P&L
 * with fees, return, maximum drawdown, exposure time, win rate, and the equity curve. Everything but the
 * `run` section (wall time, machine) follows from the recording, the bot, its params and the seed, so
 * two runs write the same bytes. Amounts are exact decimal text in the quote currency; ratios are
 * percent, cut to 4 decimals.
 */
import { cpus } from 'node:os';
import { pnlFigures } from '../../core/usecases/account.js';
import { add, cmp, div, isZero, mul, norm, sub, truncate } from '../../util/decimal.js';
import type { Tracker } from './tracker.js';

/** Places a percentage keeps. */
const PCT_PLACES = 4;

export interface PairReport {
  readonly symbol: string;
  readonly orders: number;
  readonly fills: number;
  /** Base held from the bot's fills at the end. */
  readonly position: string;
  readonly realized: string;
  readonly unrealized: string;
  readonly fees: string;
  readonly last_price: string;
  /** Percent of the run with a position open. */
  readonly exposure: string;
  /** Percent of the closing fills that realized a gain ('' with none). */
  readonly win_rate: string;
  readonly closes: number;
}

export interface TotalReport {
  readonly quote: string;
  readonly orders: number;
  readonly fills: number;
  readonly realized: string;
  readonly unrealized: string;
  readonly fees: string;
  readonly start_equity: string;
  readonly end_equity: string;
  /** Percent. */
  readonly return: string;
  /** Percent below the curve's highest point so far, the largest, and that drop in the quote currency. */
  readonly max_drawdown: string;
  readonly max_drawdown_amount: string;
  readonly exposure: string;
  readonly win_rate: string;
  readonly closes: number;
}

/** What the run was over, stated in the report. */
export interface DataReport {
  readonly source: 'recording' | 'simulated';
  readonly file?: string;
  /** The recording's header (its venue, topics, and the synthetic book of an import). */
  readonly venue?: string;
  readonly topics?: readonly string[];
  readonly synthetic?: unknown;
  readonly seed?: number;
  /** The simulated market's pairs. */
  readonly symbols?: readonly string[];
  /** ISO times the bot ran from and to. */
  readonly from: string;
  readonly to: string;
  readonly events: number;
}

export interface BacktestReport {
  readonly bot: { readonly file: string; readonly params: Readonly<Record<string, string>> };
  readonly data: DataReport;
  readonly settings: {
    readonly balance: Readonly<Record<string, string>>;
    readonly quote: string;
    /** The quote currency's places on the venue (as `bm pnl` takes them): the money printed outside json is rounded to them. */
    readonly places: number;
    readonly fees: string;
    readonly queue: string;
  };
  readonly pairs: PairReport[];
  readonly total: TotalReport;
  /** [ISO time, equity]. */
  readonly equity: [string, string][];
  /** Lines the bot logged and the run noted, in order. */
  readonly log: string[];
  /** The only part that differs between runs. */
  readonly run: { readonly wall_ms: number; readonly node: string; readonly platform: string; readonly cpus: number };
}

const pct = (part: string, whole: string) => (isZero(whole) ? '' : norm(truncate(div(mul(part, '100'), whole, 18), PCT_PLACES)));
const msPct = (ms: number, span: number) => (span <= 0 ? '0' : pct(String(ms), String(span)));
export const iso = (ms: number) => new Date(ms).toISOString();

/** The largest drop from a running peak: percent of that peak, and the amount. */
function drawdown(points: readonly (readonly [number, string])[]): { pct: string; amount: string } {
  let peak: string | undefined;
  let worst = { pct: '0', amount: '0' };
  for (const [, v] of points) {
    if (peak === undefined || cmp(v, peak) > 0) peak = v;
    const drop = norm(sub(peak, v));
    const p = pct(drop, peak) || '0';
    if (cmp(p, worst.pct) > 0) worst = { pct: p, amount: drop };
  }
  return worst;
}

export interface ReportInput {
  readonly tracker: Tracker;
  readonly prices: (symbol: string) => string;
  readonly bot: BacktestReport['bot'];
  readonly data: DataReport;
  readonly settings: BacktestReport['settings'];
  readonly startMs: number;
  readonly endMs: number;
  readonly log: string[];
  readonly wallMs: number;
}

export function makeReport(i: ReportInput): BacktestReport {
  const t = i.tracker;
  const span = i.endMs - i.startMs;
  const pairs = [...t.pairs.values()].sort((a, b) => a.symbol.localeCompare(b.symbol)).map((p): PairReport => {
    const last = i.prices(p.symbol);
    const f = pnlFigures(p.symbol, p.base, p.quote, p.run, last);
    return {
      symbol: p.symbol, orders: p.orders.size, fills: p.run.fills, position: f.position, realized: f.realized,
      unrealized: f.unrealized, fees: f.fees, last_price: last,
      exposure: msPct(p.exposedMs, span), win_rate: p.closes ? pct(String(p.wins), String(p.closes)) : '', closes: p.closes,
    };
  });
  const inQuote = pairs.filter((p) => t.pairs.get(p.symbol)!.quote === i.settings.quote);
  const closes = pairs.reduce((n, p) => n + p.closes, 0);
  const wins = [...t.pairs.values()].reduce((n, p) => n + p.wins, 0);
  const start = t.equity[0]?.[1] ?? '0';
  const end = t.equity[t.equity.length - 1]?.[1] ?? start;
  const dd = drawdown(t.equity);
  // Totals of the pairs quoted in the report's currency ('' figures, a pair without a price, left out).
  const sum = (k: 'realized' | 'unrealized' | 'fees') => norm(inQuote.reduce<string>((n, p) => (p[k] === '' ? n : norm(add(n, p[k]))), '0'));
  return {
    bot: i.bot, data: i.data, settings: i.settings, pairs,
    total: {
      quote: i.settings.quote, orders: pairs.reduce((n, p) => n + p.orders, 0), fills: pairs.reduce((n, p) => n + p.fills, 0),
      realized: sum('realized'), unrealized: sum('unrealized'), fees: sum('fees'), start_equity: start, end_equity: end,
      return: pct(norm(sub(end, start)), start) || '0', max_drawdown: dd.pct, max_drawdown_amount: dd.amount,
      exposure: msPct(t.exposedMs, span), win_rate: closes ? pct(String(wins), String(closes)) : '', closes,
    },
    equity: t.equity.map(([ms, v]) => [iso(ms), v]),
    log: i.log,
    run: { wall_ms: i.wallMs, node: process.version, platform: `${process.platform}-${process.arch}`, cpus: cpus().length },
  };
}
