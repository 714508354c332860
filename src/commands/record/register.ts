/** `bm record SYMBOL... --out FILE`: public streams to a file, for `bm sandbox serve --replay`. Declares only. */
import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';
import type { RecordOptions } from './record.js';

export function registerRecord(root: Command, contextOf: ContextOf): void {
  root
    .command('record')
    .description('Record public streams of the venue in use, every push as received, to a file (replay it with bm sandbox serve --replay)')
    .argument('<symbol...>', 'pairs, e.g. BTC_USDT ETH_USDT')
    .option('--channels <list>', 'comma-separated: ticker, trade, depth5, depth20, depth50, increase100, kline<width> (default trade,depth50)')
    .option('--duration <s>', 'stop after this many seconds (default: until Ctrl-C)')
    .option('--out <file>', 'file to create (never overwritten); a name ending in .gz is gzip-compressed')
    .addHelpText('after', '\nExamples:\n  $ bm record BTC_USDT --duration 2 --out btc.ndjson.gz\n  $ bm record BTC_USDT ETH_USDT --channels trade,depth20,kline1m --duration 2 --out day.ndjson\n')
    .action(async (symbols: string[], opts: RecordOptions, self: Command) => {
      const { record } = await import('./record.js');
      await record(contextOf(self), symbols, opts);
    });
}
