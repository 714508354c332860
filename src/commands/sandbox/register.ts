/** `bm sandbox serve|start|stop|status|reset`: the built-in exchange and its background instance. */
import { Option, type Command } from 'commander';
import type { ContextOf } from '../../context.js';
import { localColumnsHelp } from '../local-columns.js';

export function registerSandbox(root: Command, contextOf: ContextOf): void {
  const sandbox = root.command('sandbox').description('The built-in sandbox exchange: a local venue speaking the whole interface');
  sandbox
    .command('serve')
    .description('Run the sandbox in the foreground; prints `listening http://127.0.0.1:<port>` when ready')
    .option('--port <n>', 'port to listen on (0 picks a free one)', '0')
    .option('--host <addr>', 'address to listen on', '127.0.0.1')
    .option('--state <file>', 'persist the exchange state in this file (default: in memory)')
    .option('--seed <n>', 'seed of the simulated market (same seed, same market)')
    .option('--limits <mode>', 'rate limits: spec (published), off (a load target) or a factor such as 2 or 0.5', 'spec')
    .option('--strict', "hold every client to the spec's letter where the venue was looser (docs/sandbox.md)")
    .option('--replay <file>', 'drive the public market from a recording of bm record (trades and book), in memory')
    .option('--speed <x>', 'replay speed: 1 as recorded (default), 10 ten times as fast, 0.5 half')
    // For tests that need no trading history: 0 answers at once with a quoted book (docs/sandbox.md).
    .addOption(new Option('--warm-up <ms>', 'ms of simulated trading before the first answer (default 20000)').hideHelp())
    .addHelpText('after', '\nExamples:\n  $ bm sandbox serve --port 0 --seed 7\n  $ bm sandbox serve --limits off\n  $ bm sandbox serve --strict --service bitmart\n  $ bm sandbox serve --replay day.ndjson --speed 10\n')
    .action(async (opts: Record<string, string | boolean | undefined>, self: Command) => {
      const { serve } = await import('./serve.js');
      // --service is the global option (the login constant's service): here, the one this venue expects.
      const service = self.optsWithGlobals<{ service?: string }>().service;
      await serve(contextOf(self), { ...opts, ...(service !== undefined ? { service } : {}) });
    });
  sandbox
    .command('account')
    .description('Accounts of the sandbox venue')
    .command('create')
    .description('Create a paper account with API key, secret and memo on the sandbox in use')
    .option('--deposit <list>', 'starting balances, e.g. USDT=10000,BTC=1 (default USDT=10000,BTC=1,ETH=10)')
    .option('--permissions <p>', 'key permission: read-only, trade or withdraw', 'trade')
    .addHelpText('after', `${localColumnsHelp('sandbox account create')}\n\nExamples:\n  $ bm sandbox account create --deposit USDT=5000 --json\n`)
    .action(async (opts: { deposit?: string; permissions?: string }, self: Command) =>
      (await import('./account.js')).createAccount(contextOf(self), opts));
  sandbox
    .command('start')
    .description('Start the background sandbox of the default venue (if none runs)')
    .addHelpText('after', `${localColumnsHelp('sandbox start')}\n\nExamples:\n  $ bm sandbox start\n`)
    .action(async (_o: unknown, self: Command) => (await import('./manage.js')).start(contextOf(self)));
  sandbox
    .command('stop')
    .description('Stop the background sandbox')
    .addHelpText('after', '\nExamples:\n  $ bm sandbox stop\n')
    .action(async (_o: unknown, self: Command) => (await import('./manage.js')).stop(contextOf(self)));
  sandbox
    .command('status')
    .description('Whether the background sandbox runs, where, and since when')
    .addHelpText('after', `${localColumnsHelp('sandbox status')}\n\nExamples:\n  $ bm sandbox status\n  $ bm sandbox status --json\n`)
    .action(async (_o: unknown, self: Command) => (await import('./manage.js')).status(contextOf(self)));
  sandbox
    .command('reset')
    .description('Stop the background sandbox and delete its state (accounts, orders, market); asks first')
    .addHelpText('after', '\nExamples:\n  $ bm sandbox reset --yes\n')
    .action(async (_o: unknown, self: Command) => (await import('./manage.js')).reset(contextOf(self)));
}
