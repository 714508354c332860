/** `bm pnl [SYMBOL] [--from <time>] [--to <time>]`: declares the command; its code loads when it runs. */
import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';

export function registerPnl(root: Command, contextOf: ContextOf): void {
  root
    .command('pnl')
    .description('Profit and loss per pair from your fills: position, average cost, realized, unrealized, fees')
    .argument('[SYMBOL]', 'one pair (default: every pair the account can have traded)')
    .option('--from <time>', 'fills at or after this time: 2026-11-01, 2026-11-01T10:00Z, epoch s or ms, -7d (default: the first fill)')
    .option('--to <time>', 'fills at or before this time, same forms (default: now)')
    .addHelpText('after', [
      '',
      'Output columns: symbol, position, avg_cost, realized, unrealized, fees, quote',
      '  (also by --fields: unmatched, other_fees, last_price, fills; json: exact, with the totals per quote currency;',
      '   table: a total line per quote currency; other formats rounded to the quote currency\'s places)',
      '',
      'Weighted average cost over the window\'s fills, fees included; unrealized at the last price.',
      'Base sold beyond what the window bought is "unmatched": no P&L is counted on it.',
      '',
      'Examples:',
      '  $ bm pnl BTC_USDT',
      '  $ bm pnl --from -7d --json',
      '  $ bm pnl ETH_USDT --from 2026-11-01 --to 2026-11-08 -o csv',
      '',
    ].join('\n'))
    .action(async (symbol: string | undefined, opts: { from?: string; to?: string }, self: Command) => (await import('./run.js')).run(contextOf(self), symbol, opts));
}
