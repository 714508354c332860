/** `bm doctor`: is everything in place? One line per check: ok, or what to do. */
import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';
import { localColumnsHelp } from '../local-columns.js';

export function registerDoctor(root: Command, contextOf: ContextOf): void {
  root
    .command('doctor')
    .description('Check keychain, config permissions, clock, proxy, REST and WebSocket reachability, and credentials')
    .addHelpText('after', `${localColumnsHelp('doctor')}\n\nExamples:\n  $ bm doctor\n  $ bm doctor --json\n`)
    .action(async (_o: unknown, self: Command) => (await import('./run.js')).run(contextOf(self)));
}
