/**
 * `bm legacy ...`: one command per first-generation endpoint (spec 4.9), declared from the legacy
 * catalogue. Only declarations here; the code runs from ./run.js, imported when a command runs.
 */
import type { Command } from 'commander';
import { flagOf, LEGACY, type LegacyEndpoint } from '../../legacy/catalogue.js';
import type { ContextOf } from '../../context.js';

/** Options some commands have beyond their wire parameters: [flags, description]. */
const EXTRA: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>> = {
  'legacy.token': [['--fresh', 'fetch a new token even when the cached one is still good'], ['--show-token', 'print the token itself (it is a credential)']],
};

const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  'legacy.token': ['bm legacy token', 'bm legacy token --fresh'],
  'legacy.ping': ['bm legacy ping'],
  'legacy.time': ['bm legacy time'],
  'legacy.currencies': ['bm legacy currencies --fields id,name'],
  'legacy.symbols': ['bm legacy symbols'],
  'legacy.symbols.details': ['bm legacy symbol-details --fields id,base_min_size,quote_increment'],
  'legacy.ticker': ['bm legacy ticker BTC_USDT', 'bm legacy ticker -o json'],
  'legacy.steps': ['bm legacy steps'],
  'legacy.kline': ['bm legacy kline BTC_USDT --from -2h --step 5m'],
  'legacy.book': ['bm legacy book BTC_USDT'],
  'legacy.trades': ['bm legacy trades BTC_USDT'],
  'legacy.wallet': ['bm legacy wallet'],
  'legacy.order.place': ['bm legacy order place BTC_USDT --side buy --amount 0.01 --price 30000 --yes'],
  'legacy.order.cancel': ['bm legacy order cancel "$(bm legacy order list BTC_USDT --status 5 --fields entrust_id | head -n 1)" --yes'],
  'legacy.order.cancel_all': ['bm legacy order cancel-all BTC_USDT --side buy --yes'],
  'legacy.order.get': ['bm legacy order get "$(bm legacy order list BTC_USDT --status 6 --fields entrust_id | head -n 1)"'],
  'legacy.order.list': ['bm legacy order list BTC_USDT --status 6', 'bm legacy order list BTC_USDT --status 4 --page 0 --limit 50'],
  'legacy.fills': ['bm legacy fills BTC_USDT --limit 20'],
};

function optionKey(flag: string): string {
  return flag.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

function groupOf(root: Command, path: readonly string[]): Command {
  let parent = root;
  for (const name of path.slice(0, -1)) {
    parent = parent.commands.find((c) => c.name() === name) ?? parent.command(name).description(`${name} commands (legacy generation)`);
  }
  return parent;
}

function declare(root: Command, ep: LegacyEndpoint, contextOf: ContextOf): void {
  const cmd = groupOf(root, ep.command).command(ep.command[ep.command.length - 1]!).description(`${ep.summary}  [${ep.method} ${ep.path}]`);
  const positional = ep.params.filter((p) => p.positional);
  for (const p of positional) cmd.argument(p.required ? `<${p.name}>` : `[${p.name}]`, p.description);
  for (const p of ep.params) if (!p.positional) cmd.option(`--${flagOf(p)} <value>`, `${p.description}${p.required ? ' (required)' : ''}`);
  for (const [flags, description] of EXTRA[ep.id] ?? []) cmd.option(flags, description);
  const examples = EXAMPLES[ep.id];
  if (examples) cmd.addHelpText('after', `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n`);
  cmd.action(async (...args: unknown[]) => {
    const self = args[args.length - 1] as Command;
    const opts = self.opts<Record<string, unknown>>();
    const typed: Record<string, string | undefined> = {};
    positional.forEach((p, i) => {
      if (typeof args[i] === 'string') typed[p.name] = args[i] as string;
    });
    for (const p of ep.params) {
      const v = opts[optionKey(flagOf(p))];
      if (!p.positional && typeof v === 'string') typed[p.name] = v;
    }
    const { runLegacy } = await import('./run.js');
    await runLegacy(contextOf(self), ep, typed, opts);
  });
}

/** Declares `bm legacy` and its commands. */
export function registerLegacy(root: Command, contextOf: ContextOf): void {
  const legacy = root
    .command('legacy')
    .description('First-generation REST interface (spec 4.9): token authentication handled for you');
  for (const ep of LEGACY) declare(legacy, ep, contextOf);
}
