/** `bm backtest BOT --recording FILE | --simulated`: declares the command; its code loads when it runs. */
import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';
import type { BacktestFlags } from './run.js';

const collect = (v: string, all: string[] = []) => [...all, v];

export function registerBacktest(root: Command, contextOf: ContextOf): void {
  root
    .command('backtest')
    .description('Run a bot over a recorded (or simulated) market in virtual time, through the sandbox\'s matching engine, and report its P&L')
    .argument('<bot>', 'the bot: an ES module (.mjs, .js, .mts, .ts) whose default export is an async function ({ client, clock, signal, params, log })')
    .option('--recording <file>', 'a recording of bm record or bm record import (.gz too)')
    .option('--simulated', 'the sandbox\'s own simulated market instead of a recording (with --seed and --days)')
    .option('--days <n>', 'days of simulated market, 0.1 for 2.4 hours (default 1)')
    .option('--seed <n>', 'seed of the simulated market (default 1)')
    .option('--symbols <list>', 'pairs of the simulated market, comma-separated (default BTC_USDT; each costs about 5 s of CPU a day)')
    .option('--from <time>', 'start the bot at this time: 2026-11-01, 2026-11-01T10:00Z, epoch s or ms (default: the data\'s start)')
    .option('--to <time>', 'end the run at this time, same forms (default: the data\'s end)')
    .option('--param <k=v>', 'a value for the bot, as text in params (repeatable)', collect, [] as string[])
    .option('--compare <k=v,...>', 'another set of params, run beside the first and shown side by side (repeatable)', collect, [] as string[])
    .option('--fee-rate <rate>', 'fees as a fraction of what each side receives: one rate, or TAKER,MAKER (default 0.001,0.0008: the sandbox\'s)')
    .option('--balance <list>', 'the account at the start: CURRENCY=AMOUNT,... (default USDT=10000)')
    .option('--trades <file>', 'write every fill to this CSV file (created new, never overwritten)')
    .addHelpText('after', [
      '',
      'The report: per pair and in total, orders and fills, realized and unrealized P&L with fees (as bm pnl),',
      'return, maximum drawdown, exposure time, win rate, and the equity curve (a chart on a terminal; --json',
      'for all of it, the same bytes every run but its "run" section). The bot\'s own log lines are in the',
      'report. The sandbox\'s fees apply unless --fee-rate says (taker 0.1%, maker 0.08%); resting orders queue behind the recorded',
      'depth and fill only when recorded trades reach them. docs/bots.md has three example bots.',
      'A recording from a CSV of trades: bm record import trades.csv --symbol BTC_USDT --out btc.ndjson',
      '',
      'Examples:',
      '  $ bm backtest grid.mjs --simulated --days 0.02 --param step=50 --param size=0.01',
      '  $ bm backtest breakout.mjs --recording btc.ndjson --fee-rate 0.0005 --json',
      '  $ bm backtest grid.mjs --recording btc.ndjson --param step=0.5 --compare step=1 --compare step=2',
      '',
    ].join('\n'))
    .action(async (bot: string, opts: BacktestFlags, self: Command) => (await import('./run.js')).run(contextOf(self), bot, opts));
}
