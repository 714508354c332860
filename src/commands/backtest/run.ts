/**
 * `bm backtest BOT`: the options checked (nothing runs on a bad one, nor on a recording that is cut or
 * malformed), the bot loaded, one backtest per param set (src/bot/backtest/), the report printed, and
 * `--trades` written. A bot that throws instead of returning fails the command (exit 1) after its report.
 */
import { existsSync, writeFileSync } from 'node:fs';
import type { Context } from '../../context.js';
import { BmError, usage } from '../../errors.js';
import { parseTime } from '../../config/time.js';
import { parseBalances, parseParams } from '../../bot/params.js';
import type { BacktestResult } from '../../bot/backtest/run.js';
import type { TradeRow } from '../../bot/backtest/tracker.js';
import { printCompare, printReport } from './print.js';

export interface BacktestFlags {
  readonly recording?: string;
  readonly simulated?: boolean;
  readonly days?: string;
  readonly seed?: string;
  readonly symbols?: string;
  readonly from?: string;
  readonly to?: string;
  readonly param?: string[];
  readonly compare?: string[];
  readonly balance?: string;
  readonly feeRate?: string;
  readonly trades?: string;
}

/** `--fee-rate 0.001` or `0.001,0.0008`: the taker's and the maker's, as decimal fractions from 0 to 1. */
export async function feeRates(text: string): Promise<{ taker: string; maker: string }> {
  const { ratioOf } = await import('../../sandbox/engine/settle.js');
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length > 2 || parts.some((p) => !ratioOf(p))) throw usage(`--fee-rate: give a fraction from 0 to 1 (0.001 is 0.1%), or TAKER,MAKER (got ${JSON.stringify(text)})`);
  return { taker: parts[0]!, maker: parts[1] ?? parts[0]! };
}

function whole(text: string | undefined, flag: string, min: number, max: number, dflt: number): number {
  if (text === undefined) return dflt;
  const n = Number(text);
  if (!/^[0-9]+$/.test(text) || n < min || n > max) throw usage(`${flag}: a whole number from ${min} to ${max} (got ${JSON.stringify(text)})`);
  return n;
}

const TRADE_COLUMNS: readonly (keyof TradeRow)[] = ['time', 'symbol', 'side', 'price', 'size', 'notional', 'fee', 'fee_coin', 'role', 'order_id', 'realized'];

/** Every fill as CSV: a header, then a row per fill (time as ISO), with the run's number when several ran. */
function tradesCsv(results: readonly BacktestResult[]): string {
  const many = results.length > 1;
  const head = [...(many ? ['run'] : []), ...TRADE_COLUMNS].join(',');
  const rows = results.flatMap((r, i) => r.trades.map((t) => [...(many ? [String(i + 1)] : []), ...TRADE_COLUMNS.map((k) => (k === 'time' ? new Date(t.time).toISOString() : String(t[k])))].join(',')));
  return `${[head, ...rows].join('\n')}\n`;
}

export async function run(ctx: Context, botPath: string, f: BacktestFlags): Promise<void> {
  if (Boolean(f.recording) === Boolean(f.simulated)) throw usage('give the data: --recording FILE, or --simulated (with --seed and --days)');
  if (f.recording && f.days !== undefined) throw usage('--days: only with --simulated (a recording runs over its own span)');
  const days = f.days === undefined ? 1 : Number(f.days);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(f.days ?? '1') || !(days > 0 && days <= 366)) throw usage(`--days: a number of days above 0, at most 366 (got ${JSON.stringify(f.days)})`);
  const seed = whole(f.seed, '--seed', 0, 2 ** 31 - 1, 1);
  if (f.recording && f.symbols !== undefined) throw usage('--symbols: only with --simulated (a recording holds its own pairs)');
  const symbols = (f.symbols ?? 'BTC_USDT').split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
  const { pairSpec } = await import('../../sandbox/engine/pairs.js');
  const unknown = symbols.filter((s) => !pairSpec(s));
  if (!symbols.length || unknown.length) throw usage(`--symbols: pairs of the sandbox, comma-separated (not ${unknown.join(', ') || 'empty'})`);
  const now = Date.now();
  const from = f.from === undefined ? undefined : parseTime(f.from, '--from', now) * 1000;
  const to = f.to === undefined ? undefined : parseTime(f.to, '--to', now) * 1000 + 999;
  if (from !== undefined && to !== undefined && from > to) throw usage(`--from (${f.from}) is after --to (${f.to})`);
  const params = parseParams(f.param ?? []);
  const sets = [params, ...(f.compare ?? []).map((c) => ({ ...params, ...parseParams(c.split(',').filter(Boolean), '--compare') }))];
  const balance = parseBalances(f.balance ?? 'USDT=10000');
  const fees = f.feeRate === undefined ? undefined : await feeRates(f.feeRate);
  if (f.trades && existsSync(f.trades)) throw usage(`--trades ${f.trades}: the file exists (it is never overwritten)`);
  if (f.recording && !existsSync(f.recording)) throw usage(`--recording ${f.recording}: no such file`);
  if (ctx.globals.dryRun) {
    ctx.io.out(`would backtest ${botPath} over ${f.recording ?? `${days} day(s) of the simulated market (seed ${seed})`} with ${sets.length} param set(s); nothing run\n`);
    return;
  }
  const [{ loadBot }, { backtest }] = await Promise.all([import('../../bot/load.js'), import('../../bot/backtest/run.js')]);
  const bot = await loadBot(botPath);
  const results: BacktestResult[] = [];
  for (const p of sets) {
    results.push(await backtest({
      botFile: botPath, bot, params: p, data: f.recording ? { recording: f.recording } : { simulated: { days, symbols } }, seed, balance, env: ctx.env,
      ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}), ...(fees ? { fees } : {}), keepTrades: Boolean(f.trades),
    }));
  }
  if (f.trades) writeFileSync(f.trades, tradesCsv(results), { flag: 'wx' });
  if (results.length === 1) printReport(ctx, results[0]!.report);
  else printCompare(ctx, results.map((r) => r.report));
  const failed = results.find((r) => r.error);
  if (failed) throw new BmError('internal', `the bot threw instead of returning (params ${JSON.stringify(failed.report.bot.params)}):\n${failed.error}`);
}
