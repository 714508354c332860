/**
 * The conditional orders' commands under `bm order` (stop, take-profit, oco, trail, twap, bracket): one per
 * kind of the core's registry (src/core/algo/kinds/), each option made from the kind's inputs; their code
 * imported when one runs (./algo.ts).
 */
import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';
import { commonInputs, flagName, type KindInput, KINDS, placesOrders } from '../../core/usecases/algo-kinds.js';
import { columnsLine, LEG_COLUMNS, LEG_PRINTERS } from '../local-columns.js';

type Option = readonly [flags: string, description: string];

const SIDE: Option = ['--side <side>', 'buy or sell'];
const SIZE: Option = ['--size <qty>', 'quantity in the base currency (a sell, or a limit buy)'];
const NOTIONAL: Option = ['--notional <amount>', 'quote amount to spend: a market buy (no --price)'];
const DEVIATION: Option = ['--max-deviation <pct>', 'when it fires, refuse a limit price more than this percent through the last price (default 10; none: no check)'];
const DETACH: Option = ['--detach', 'run it in the background, out of the terminal\'s reach (bm algo list|show|logs|cancel)'];
const IMMEDIATE: Option = ['--immediate', 'a trigger the last price already meets fires at the next trade (else it is refused as a likely typo)'];

/** The option of a kind's input: `--tp-trigger <price>`. */
const optionOf = (i: KindInput): Option => [`${flagName(i.key)} <${i.value}>`, i.help];

/** Declares the commands under `bm order` (the group declared by the catalogue's order commands). */
export function registerAlgo(root: Command, contextOf: ContextOf): void {
  const order = root.commands.find((c) => c.name() === 'order') ?? root.command('order');
  for (const def of KINDS.filter(placesOrders)) {
    const cmd = order.command(def.kind).description(def.summary).argument('<SYMBOL>', 'pair, e.g. BTC_USDT');
    const sized = commonInputs(def);
    const options = [SIDE, SIZE, ...(sized.includes('notional') ? [NOTIONAL] : []), ...def.inputs.map(optionOf), DEVIATION, ...(def.judgedNow ? [IMMEDIATE] : []), DETACH];
    for (const [flags, description] of options) cmd.option(flags, description);
    LEG_PRINTERS.add(cmd);
    cmd.addHelpText('after', `${columnsLine(LEG_COLUMNS, '(--fields takes these; checked before anything is sent)')}\n\nHeld by bm on this machine, not by the venue: it runs in the foreground until it fires (Ctrl-C cancels what has not fired), or detached with --detach; see bm help algo.\n\nExamples:\n${def.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
    cmd.action(async (symbol: string, opts: Record<string, string | boolean | undefined>, self: Command) => (await import('./algo.js')).run(contextOf(self), def.kind, symbol, opts));
  }
}
