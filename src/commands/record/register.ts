/** `bm record SYMBOL... --out FILE`: public streams to a file, for `bm sandbox serve --replay`. Declares only. */
import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';
import type { RecordOptions } from './record.js';
import type { ImportOptions } from './import.js';

export function registerRecord(root: Command, contextOf: ContextOf): void {
  const record = root.command('record');
  record
    .command('import')
    .description('Make a recording from a CSV of trades (time, price, size, side), with a synthetic book around each trade')
    .argument('<csv>', 'the CSV: time (epoch s or ms, or ISO), price, size, side (the taker\'s: buy or sell); a header row is skipped')
    .requiredOption('--symbol <pair>', 'the pair the trades are of, e.g. BTC_USDT')
    .option('--out <file>', 'the recording to create (never overwritten); a name ending in .gz is gzip-compressed')
    .option('--depth <size>', 'base on each level of the synthetic book (default: the size of each trade)')
    .option('--spread-bps <n>', 'the gap between best bid and ask, and between levels, in basis points of the price (default 2)')
    .option('--levels <n>', 'levels on each side, 1 to 50 (default 5)')
    .addHelpText('after', [
      '',
      'Before each trade the recording holds the book the trade implies: a sell met a bid at its price, so the best',
      'bid is the trade\'s price and the best ask one spread above; a buy the other way round. The book\'s',
      'shape is written in the recording\'s header and stated in every backtest report over it.',
      '',
      'Examples:',
      '  $ bm record import trades.csv --symbol BTC_USDT --out btc-1bps.ndjson.gz --depth 0.5 --spread-bps 1',
      '',
    ].join('\n'))
    // `record` itself takes --out too, and reads it wherever it stands: the file is the one it read.
    .action(async (csv: string, opts: ImportOptions, self: Command) => (await import('./import.js')).importCsv(contextOf(self), csv, { ...opts, out: opts.out ?? (self.parent?.opts() as { out?: string }).out }));
  record
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
