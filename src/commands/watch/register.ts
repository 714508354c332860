/** `bm watch ...`: live views over the WebSocket. Declares the commands only; their code loads when they run. */
import { Command, Option } from 'commander';
import type { ContextOf } from '../../program.js';
import { DEPTH_LEVELS, KLINE_INTERVALS } from '../../api/catalogue/channels.js';
import type { WatchKind, WatchRequest } from './plan.js';

type Opts = { once?: boolean; duration?: string; levels?: string; interval?: string };

function common(cmd: Command): Command {
  return cmd
    .option('--once', 'print one snapshot and exit')
    .option('--duration <s>', 'stop after this many seconds');
}

export function registerWatch(root: Command, contextOf: ContextOf): void {
  const watch = root
    .command('watch')
    .description('Live views over the WebSocket: full screen on a terminal (q quits), one JSON object per line when piped');
  const run = (kind: WatchKind) => async (symbols: string | string[], opts: Opts, self: Command) => {
    const req: WatchRequest = { kind, symbols: Array.isArray(symbols) ? symbols : [symbols], ...opts };
    const { runWatch } = await import('./run.js');
    await runWatch(contextOf(self), req);
  };
  common(watch.command('ticker').description('Tickers of one or more pairs').argument('<symbols...>', 'pairs, e.g. BTC_USDT ETH_USDT'))
    .addHelpText('after', '\nExamples:\n  $ bm watch ticker BTC_USDT ETH_USDT\n  $ bm watch ticker BTC_USDT -o ndjson --duration 5\n')
    .action(run('ticker'));
  common(watch.command('depth').description('Order book: levels, cumulative sizes and the spread').argument('<symbol>', 'pair, e.g. BTC_USDT'))
    .addOption(new Option('--levels <n>', 'levels per side').choices(DEPTH_LEVELS.map(String)).default('5'))
    .addHelpText('after', '\nExamples:\n  $ bm watch depth BTC_USDT --levels 20\n  $ bm watch depth BTC_USDT --once\n')
    .action(run('depth'));
  common(watch.command('trades').description('Public trades as they happen').argument('<symbol>', 'pair'))
    .addHelpText('after', '\nExamples:\n  $ bm watch trades BTC_USDT\n  $ bm watch trades BTC_USDT -o ndjson --duration 5\n')
    .action(run('trades'));
  common(watch.command('kline').description('Candles of one interval').argument('<symbol>', 'pair'))
    .addOption(new Option('--interval <i>', 'candle interval').choices([...KLINE_INTERVALS]).default('1m'))
    .addHelpText('after', '\nExamples:\n  $ bm watch kline BTC_USDT --interval 5m\n  $ bm watch kline BTC_USDT --once -o json\n')
    .action(run('kline'));
  common(watch.command('orders').description('Progress of your orders on a pair (needs credentials)').argument('<symbol>', 'pair'))
    .addHelpText('after', '\nExamples:\n  $ bm watch orders BTC_USDT\n')
    .action(run('orders'));
}
