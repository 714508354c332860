/** `bm algo list|show|logs|cancel|resume` (and the detached runner, `bm algo run`): declared here, code loaded when one runs. */
import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';
import { localColumnsHelp } from '../local-columns.js';

export function registerAlgoGroup(root: Command, contextOf: ContextOf): void {
  const algo = root.command('algo').description('Conditional orders run detached (bm order stop ... --detach): list, show, logs, cancel, resume');
  const act = (name: 'list' | 'show' | 'logs' | 'cancel' | 'resume' | 'run') => async (...args: unknown[]) => {
    const self = args[args.length - 1] as Command;
    const m = await import('./run.js');
    await m[name](contextOf(self), args[0] as string);
  };
  algo.command('list').description('Every conditional order kept on this machine, and whether its runner is alive')
    .addHelpText('after', localColumnsHelp('algo list')).action(act('list'));
  algo.command('show').description('One conditional order: each leg, its status and order').argument('<ID>', 'the algo id')
    .addHelpText('after', localColumnsHelp('algo show')).action(act('show'));
  algo.command('logs').description('What a conditional order did, line by line, from its journal').argument('<ID>', 'the algo id')
    .addHelpText('after', localColumnsHelp('algo logs')).action(act('logs'));
  algo.command('cancel').description('Stop a conditional order: its runner stopped, legs not yet fired cancelled unsent').argument('<ID>', 'the algo id')
    .addHelpText('after', localColumnsHelp('algo cancel', '(--fields takes these; checked before anything is sent)')).action(act('cancel'));
  algo.command('resume').description('Start the runner again of a conditional order that has not ended (after a restart)').argument('<ID>', 'the algo id')
    .addHelpText('after', localColumnsHelp('algo list')).action(act('resume'));
  algo.command('run', { hidden: true }).description('Run a conditional order from its journal (what --detach starts)').argument('<ID>', 'the algo id').action(act('run'));
}
