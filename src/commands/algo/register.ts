/** `bm algo list|show|logs|cancel|resume` (and the detached runner, `bm algo run`): declared here, code loaded when one runs. */
import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';
import { localColumnsHelp } from '../local-columns.js';

const ID = 'the algo id (bm algo list), or last: the one made last';

const examples = (...lines: string[]) => `\n\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

export function registerAlgoGroup(root: Command, contextOf: ContextOf): void {
  const algo = root.command('algo').description('Conditional orders run detached (bm order stop ... --detach): list, show, logs, cancel, resume');
  const act = (name: 'list' | 'show' | 'logs' | 'cancel' | 'resume' | 'run') => async (...args: unknown[]) => {
    const self = args[args.length - 1] as Command;
    const m = await import('./run.js');
    await m[name](contextOf(self), args[0] as string, self.opts());
  };
  algo.command('list').description('Every conditional order kept on this machine, and whether its runner is alive')
    .addHelpText('after', `${localColumnsHelp('algo list')}${examples('bm algo list', 'bm algo list --json')}`).action(act('list'));
  algo.command('show').description('One conditional order: each leg, its status and order').argument('<ID>', ID)
    .addHelpText('after', `${localColumnsHelp('algo show')}${examples('bm algo show last')}`).action(act('show'));
  algo.command('logs').description('What a conditional order did, line by line, from its journal').argument('<ID>', ID)
    .addHelpText('after', `${localColumnsHelp('algo logs')}${examples('bm algo logs last')}`).action(act('logs'));
  algo.command('resume').description('Start the runner again of a conditional order that has not ended (after a restart), on the venue and account it was armed on; nothing when it runs')
    .argument('[ID]', ID).option('--all', 'every armed conditional order that no runner holds')
    .addHelpText('after', `${localColumnsHelp('algo list')}${examples('bm algo resume last', 'bm algo resume --all')}`).action(act('resume'));
  algo.command('cancel').description('Stop a conditional order: its runner stopped, legs not yet fired cancelled unsent').argument('<ID>', ID)
    .addHelpText('after', `${localColumnsHelp('algo cancel', '(--fields takes these; checked before anything is sent)')}${examples('bm algo cancel last --yes')}`).action(act('cancel'));
  algo.command('run', { hidden: true }).description('Run a conditional order from its journal (what --detach starts)').argument('<ID>', 'the algo id').action(act('run'));
}
