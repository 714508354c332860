/** `bm portfolio [--in <currency>] [--fills <n>] [--pnl]`: declares the command; its code loads when it runs. */
import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';

export function registerPortfolio(root: Command, contextOf: ContextOf): void {
  root
    .command('portfolio')
    .description('Balances valued in one quote currency, open orders of every pair, recent fills, totals')
    .option('--in <currency>', 'quote currency to value balances in, any case (default USDT)')
    .option('--fills <n>', 'recent fills to show, 0 to 100 (default 10)')
    .option('--pnl', 'add the P&L of each pair from all of its fills (position, average cost, realized, unrealized, fees): reads every fill, page by page')
    .addHelpText('after', [
      '',
      'Output columns: currency, available, frozen, total, price, value',
      '  (table: then the open orders, the recent fills and the total; json: one object with all of them;',
      '   tsv, csv, ndjson: the balance rows)',
      'With --pnl: a table adds the P&L per pair; json adds "pnl": { method, pairs, totals }, exact; tsv, csv and',
      '  ndjson add pair, position, avg_cost, realized, unrealized, fees to each balance, from its pair in --in.',
      '  Weighted average cost over all fills, fees included; unrealized at the last price (see bm pnl).',
      '',
      'Examples:',
      '  $ bm portfolio',
      '  $ bm portfolio --in BTC --fills 0',
      '  $ bm portfolio --json',
      '  $ bm portfolio --pnl',
      '',
    ].join('\n'))
    .action(async (opts: { in?: string; fills?: string; pnl?: boolean }, self: Command) => (await import('./run.js')).run(contextOf(self), opts));
}
