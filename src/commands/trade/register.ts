/** `bm trade SYMBOL`: declares the command only; the terminal's code loads when it runs. */
import type { Command } from 'commander';
import { WS_KLINE_WIDTHS } from '../../api/catalogue/channels.js';
import { widthWord } from '../../api/catalogue/widths.js';
import type { ContextOf } from '../../context.js';

type Opts = { step?: string; maxDeviation?: string; bell?: boolean; once?: boolean; pairs?: string; mouse?: boolean; alertExec?: string };

export function registerTrade(root: Command, contextOf: ContextOf): void {
  root
    .command('trade')
    .description('Full-screen trading terminal on one pair: book, trades, candles or depth, balances, your orders, a watchlist, your history; b buys, s sells, ? shows every key')
    .argument('<symbol>', 'pair, e.g. BTC_USDT')
    .option('--step <width>', `candle width: ${WS_KLINE_WIDTHS.map(widthWord).join(', ')}, or minutes`, '1m')
    .option('--max-deviation <pct>', 'refuse a limit price more than this percent through the last price (none: no check)', '10')
    .option('--bell', 'ring the terminal bell when one of your orders fills')
    .option('--pairs <list>', 'the watchlist, comma-separated (kept for the profile; default: the venue\'s main pairs)')
    .option('--no-mouse', 'no mouse reporting (clicks and the wheel are then the terminal\'s own)')
    .option('--alert-exec <cmd>', 'a command each alert armed here with A runs once when it fires, through the shell, with BM_ALERT_* in its environment (as bm alert add --exec)')
    .option('--once', 'print one screen (read over REST) and exit; the default when stdout is not a terminal')
    .addHelpText('after', '\nExamples:\n  $ bm trade BTC_USDT\n  $ bm trade ETH_USDT --step 5m --bell\n  $ bm trade BTC_USDT --once\n  $ bm trade BTC_USDT --pairs BTC_USDT,ETH_USDT,SOL_USDT\n  $ bm trade BTC_USDT --alert-exec \'echo "$BM_ALERT_SYMBOL $BM_ALERT_PRICE" >> alerts.log\'\n')
    .action(async (symbol: string, opts: Opts, self: Command) => {
      const { runTrade } = await import('./run.js');
      await runTrade(contextOf(self), { symbol, ...opts });
    });
}
