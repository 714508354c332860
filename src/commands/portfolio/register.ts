/** `bm portfolio [--in <currency>]`: declares the command; its code loads when it runs. */
import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';

export function registerPortfolio(root: Command, contextOf: ContextOf): void {
  root
    .command('portfolio')
    .description('Balances valued in one quote currency, open orders of every pair, recent fills, totals')
    .option('--in <currency>', 'quote currency to value balances in, any case (default USDT)')
    .option('--fills <n>', 'recent fills to show, 0 to 100 (default 10)')
    .addHelpText('after', [
      '',
      'Output columns: currency, available, frozen, total, price, value',
      '  (table: then the open orders, the recent fills and the total; json: one object with all of them;',
      '   tsv, csv, ndjson: the balance rows)',
      '',
      'Examples:',
      '  $ bm portfolio',
      '  $ bm portfolio --in BTC --fills 0',
      '  $ bm portfolio --json',
      '',
    ].join('\n'))
    .action(async (opts: { in?: string; fills?: string }, self: Command) => (await import('./run.js')).run(contextOf(self), opts));
}
