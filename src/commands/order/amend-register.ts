/**
 * `bm order amend SYMBOL (--order-id | --client-order-id) [--price] [--size]`: declared beside the
 * catalogue's order commands (it is two of their writes, not an endpoint); its code loads when it runs.
 */
import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';
import { columnsHelp } from '../declare.js';
import { LOCAL_COLUMNS } from '../local-columns.js';

export function registerAmend(order: Command, contextOf: ContextOf): void {
  order
    .command('amend')
    .description('Change the price or size of an open order: cancel it (proven), then place what is left')
    .argument('<symbol>', 'trading pair, e.g. BTC_USDT')
    .option('--order-id <value>', 'order id of the order to change')
    .option('--client-order-id <value>', 'your id of the order to change')
    .option('--price <value>', 'the new price (default: the order\'s)')
    .option('--size <value>', 'the new total size, what has filled included (default: the order\'s)')
    .option('--new-client-order-id <value>', 'your id for the new order (default: a new one)')
    .option('--max-deviation <pct>', 'refuse a new price more than this percent through the last price (default 10; none: no check)')
    .addHelpText('after', columnsHelp(LOCAL_COLUMNS['order amend'], undefined, true))
    .addHelpText('after', [
      '',
      'The cancel is proven (its answer, or the order looked up) before the new order is sent; what the old order',
      'filled counts toward --size, so the new order is sent for what is left, and not at all when nothing is.',
      '',
      'Examples:',
      '  $ bm order amend BTC_USDT --client-order-id amend1 --price 29950 --new-client-order-id amend2 --yes',
      '  $ bm order amend BTC_USDT --client-order-id amend2 --size 0.002 --yes',
      '',
    ].join('\n'))
    .action(async (symbol: string, opts: Record<string, string | undefined>, self: Command) => (await import('./amend.js')).run(contextOf(self), symbol, opts));
}
