/** `bm bot run BOT`: declares the command; its code loads when it runs. */
import type { Command } from 'commander';
import type { ContextOf } from '../../context.js';
import type { BotRunFlags } from './run.js';

const collect = (v: string, all: string[] = []) => [...all, v];

export function registerBot(root: Command, contextOf: ContextOf): void {
  const bot = root.command('bot').description('Run a bot (an ES module on the library\'s client) against the venue in use');
  bot
    .command('run')
    .description('Run a bot against the profile\'s venue (the paper sandbox by default) until it returns or Ctrl-C')
    .argument('<bot>', 'the bot: an ES module (.mjs, .js, .mts, .ts) whose default export is an async function ({ client, clock, signal, params, log })')
    .option('--param <k=v>', 'a value for the bot, as text in params (repeatable)', collect, [] as string[])
    .option('--on-exit <what>', 'its orders still open when it stops: leave or cancel (default leave)')
    .option('--max-deviation <pct>', 'refuse a limit order priced more than this percent through the last price (default 10; none: no check); a bot\'s own maxDeviation wins')
    .option('--duration <s>', 'stop the bot after this many seconds (default: until it returns or Ctrl-C)')
    .addHelpText('after', [
      '',
      'The bot runs on the command line\'s own venue and credentials, with its careful writes and its rate limits',
      'shared with every bm process. Its log lines and progress go to stderr; at the end a summary of the',
      'orders it placed goes to stdout (--json for data). Ctrl-C (or SIGTERM) aborts its signal: it returns, and',
      'the orders it placed that are still open are left or cancelled as --on-exit says. Exit 130 after',
      'Ctrl-C, 0 when it returned or --duration ended it, 1 when it threw. docs/bots.md has three example bots.',
      '',
      'Examples:',
      '  $ bm bot run grid.mjs --param levels=2 --param size=0.001 --duration 2 --on-exit cancel',
      '',
    ].join('\n'))
    .action(async (file: string, opts: BotRunFlags, self: Command) => (await import('./run.js')).run(contextOf(self), file, opts));
}
