/** `bm watch ...`: live views over the WebSocket. Declares the commands only; their code loads when they run. */
import { Command, Option } from 'commander';
import type { ContextOf } from '../../context.js';
import { localColumnsHelp } from '../local-columns.js';
import { DEPTH_LEVELS, WS_KLINE_WIDTHS, wsInterval } from '../../api/catalogue/channels.js';
import { widthWord } from '../../api/catalogue/widths.js';
import { usage } from '../../errors.js';
import { refuseFormat } from '../formats.js';
import { checkWidth } from '../../core/usecases/params.js';
import type { WatchKind, WatchRequest } from './plan.js';

/** What the live columns are, and what a pipe gets instead. */
const WATCH_MORE = '(the live table; piped: one JSON object per push with every field as sent, --fields narrows it)';

type Opts = { once?: boolean; duration?: string; levels?: string; step?: string; interval?: string };

function common(cmd: Command): Command {
  return cmd
    .option('--once', 'print one snapshot and exit')
    .option('--duration <s>', 'stop after this many seconds');
}

/** The WebSocket interval of `--step` (or its alias `--interval`), checked against the widths the venue streams. */
function intervalOf(opts: Opts): string | undefined {
  if (opts.step !== undefined && opts.interval !== undefined) throw usage('--step and --interval are the same option: give one');
  const typed = opts.step ?? opts.interval;
  if (typed === undefined) return undefined;
  return wsInterval(checkWidth(typed, opts.step !== undefined ? '--step' : '--interval', WS_KLINE_WIDTHS));
}

export function registerWatch(root: Command, contextOf: ContextOf): void {
  const watch = root
    .command('watch')
    .description('Live views over the WebSocket: full screen on a terminal (q quits), one JSON object per line when piped');
  const run = (kind: WatchKind) => async (symbols: string | string[], opts: Opts, self: Command) => {
    const ctx = contextOf(self);
    // A stream prints a live table or JSON lines; one snapshot (--once) may also be one JSON array.
    refuseFormat(ctx, `watch ${kind}`, opts.once ? ['table', 'json', 'ndjson'] : ['table', 'ndjson'], opts.once ? undefined : '-o json needs --once');
    const { step: _s, interval: _i, ...rest } = opts;
    const interval = kind === 'kline' ? intervalOf(opts) : undefined;
    const req: WatchRequest = { kind, symbols: Array.isArray(symbols) ? symbols : [symbols], ...rest, ...(interval ? { interval } : {}) };
    const { runWatch } = await import('./run.js');
    await runWatch(ctx, req);
  };
  common(watch.command('ticker').description('Tickers of one or more pairs').argument('<symbols...>', 'pairs, e.g. BTC_USDT ETH_USDT'))
    .addHelpText('after', `${localColumnsHelp('watch ticker', WATCH_MORE)}\n\nExamples:\n  $ bm watch ticker BTC_USDT ETH_USDT\n  $ bm watch ticker BTC_USDT -o ndjson --duration 5\n`)
    .action(run('ticker'));
  common(watch.command('depth').description('Order book: levels, cumulative sizes and the spread').argument('<symbol>', 'pair, e.g. BTC_USDT'))
    .addOption(new Option('--levels <n>', 'levels per side').choices(DEPTH_LEVELS.map(String)).default('5'))
    .addHelpText('after', `${localColumnsHelp('watch depth', WATCH_MORE)}\n\nExamples:\n  $ bm watch depth BTC_USDT --levels 20\n  $ bm watch depth BTC_USDT --once\n`)
    .action(run('depth'));
  common(watch.command('trades').description('Public trades as they happen').argument('<symbol>', 'pair'))
    .addHelpText('after', `${localColumnsHelp('watch trades', WATCH_MORE)}\n\nExamples:\n  $ bm watch trades BTC_USDT\n  $ bm watch trades BTC_USDT -o ndjson --duration 5\n`)
    .action(run('trades'));
  common(watch.command('kline').description('Candles of one width').argument('<symbol>', 'pair'))
    .option('--step <width>', `candle width: ${WS_KLINE_WIDTHS.map(widthWord).join(', ')}, or minutes (default 1m)`)
    .option('--interval <width>', 'the same as --step')
    .addHelpText('after', `${localColumnsHelp('watch kline', WATCH_MORE)}\n\nExamples:\n  $ bm watch kline BTC_USDT --step 5m\n  $ bm watch kline BTC_USDT --step 1h --once -o json\n`)
    .action(run('kline'));
  common(watch.command('orders').description('Progress of your orders on a pair (needs credentials)').argument('<symbol>', 'pair'))
    .addHelpText('after', `${localColumnsHelp('watch orders', WATCH_MORE)}\n\nExamples:\n  $ bm watch orders BTC_USDT\n`)
    .action(run('orders'));
}
