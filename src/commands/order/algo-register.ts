/**
 * The conditional orders' commands under `bm order` (stop, take-profit, oco, trail, twap): declared
 * here from one table (cheap at start-up), their code imported when one runs (./algo.ts).
 */
import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';
import type { AlgoKind } from '../../core/algo/spec.js';
import { localColumnsHelp } from '../local-columns.js';

type Option = readonly [flags: string, description: string];

const SIDE: Option = ['--side <side>', 'buy or sell'];
const SIZE: Option = ['--size <qty>', 'quantity in the base currency (a sell, or a limit buy)'];
const NOTIONAL: Option = ['--notional <amount>', 'quote amount to spend: a market buy (no --price)'];
const DEVIATION: Option = ['--max-deviation <pct>', 'when it fires, refuse a limit price more than this percent through the last price (default 10; none: no check)'];
const DETACH: Option = ['--detach', 'run it in the background, out of the terminal\'s reach (bm algo list|show|logs|cancel)'];
const PRICE: Option = ['--price <price>', 'limit price of the order placed when it fires (default: a market order)'];

/** The commands: word, summary, options beyond the common ones, examples. */
export const ALGO_COMMANDS: ReadonlyArray<{ readonly kind: AlgoKind; readonly summary: string; readonly options: readonly Option[]; readonly examples: readonly string[] }> = [
  {
    kind: 'stop', summary: 'Stop-loss or stop-entry held by bm: places an order when a trade reaches the trigger',
    options: [['--trigger <price>', 'a sell fires at a trade at or below it, a buy at or above it'], PRICE],
    examples: ['bm order stop BTC_USDT --side sell --trigger 60000 --size 0.01 --dry-run', 'bm order stop BTC_USDT --side buy --trigger 70000 --notional 500 --dry-run', 'bm order stop BTC_USDT --side sell --trigger 1 --size 0.001 --detach --yes'],
  },
  {
    kind: 'take-profit', summary: 'Take-profit held by bm: places an order when a trade reaches the trigger',
    options: [['--trigger <price>', 'a sell fires at a trade at or above it, a buy at or below it'], PRICE],
    examples: ['bm order take-profit BTC_USDT --side sell --trigger 72000 --size 0.01 --price 71950 --dry-run'],
  },
  {
    kind: 'oco', summary: 'A take-profit and a stop held by bm: the first met fires, the other is cancelled unsent',
    options: [
      ['--tp-trigger <price>', 'the take-profit\'s trigger'], ['--tp-price <price>', 'the take-profit\'s limit price (default: market)'],
      ['--stop-trigger <price>', 'the stop\'s trigger'], ['--stop-price <price>', 'the stop\'s limit price (default: market)'],
    ],
    examples: ['bm order oco BTC_USDT --side sell --size 0.01 --tp-trigger 72000 --stop-trigger 60000 --dry-run'],
  },
  {
    kind: 'trail', summary: 'Trailing stop held by bm: follows the best price and fires a market order on the retrace',
    options: [['--distance <d>', 'how far behind the best price seen: 1.5% or an amount of the quote currency (500)']],
    examples: ['bm order trail BTC_USDT --side sell --size 0.01 --distance 1.5% --dry-run', 'bm order trail BTC_USDT --side buy --notional 500 --distance 300 --dry-run'],
  },
  {
    kind: 'twap', summary: 'Time-sliced placement: N orders spread evenly over a duration, within the pair\'s rules and the rate limits',
    options: [['--over <duration>', 'the whole duration: 90s, 15m, 1h, 1h30m'], ['--slices <n>', 'number of orders (the first at once)'], PRICE],
    examples: ['bm order twap BTC_USDT --side sell --size 1 --over 1h --slices 12 --dry-run'],
  },
];

/** Declares the commands under `bm order` (the group declared by the catalogue's order commands). */
export function registerAlgo(root: Command, contextOf: ContextOf): void {
  const order = root.commands.find((c) => c.name() === 'order') ?? root.command('order');
  for (const def of ALGO_COMMANDS) {
    const cmd = order.command(def.kind).description(def.summary).argument('<SYMBOL>', 'pair, e.g. BTC_USDT');
    for (const [flags, description] of [SIDE, SIZE, NOTIONAL, ...def.options, DEVIATION, DETACH]) cmd.option(flags, description);
    cmd.addHelpText('after', `${localColumnsHelp(`order ${def.kind}`, '(--fields takes these; checked before anything is sent)')}\n\nRuns in the foreground until it fires (Ctrl-C cancels what has not fired), or detached with --detach; see bm help algo.\n\nExamples:\n${def.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
    cmd.action(async (symbol: string, opts: Record<string, string | boolean | undefined>, self: Command) => (await import('./algo.js')).run(contextOf(self), def.kind, symbol, opts));
  }
}
