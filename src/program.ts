/**
 * The commander root: global options, and the registration of every command group. Registration
 * only declares commands; their code is imported when they run, so start-up stays cheap.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { matchWord } from './api/catalogue/vocab.js';
import type { Env } from './util/paths.js';
import { COLOR_MODES, Context, type ContextOf } from './context.js';
import type { Ambient, GlobalOptions } from './invocation.js';
import type { IO } from './render/io.js';
import { ENDPOINT_ORDER_WORDS, ENDPOINT_WORDS, registerEndpoints } from './commands/tree/endpoints.js';
import { StrictCommand } from './commands/strict.js';
import { precheck } from './commands/precheck.js';
import type { WriteLog } from './core/usecases/session.js';

export type { ContextOf } from './context.js';

export const VERSION = '0.1.0';

type Register = (root: Command, contextOf: ContextOf, only?: string) => void;
/** A group's register function, imported when the group is declared: a one-shot loads only its own group's modules. */
type Loader = () => Promise<Register>;

/**
 * Command groups: the top-level words each declares, and the subcommands it has no need to be declared for
 * (another group declares them: the conditional orders are not declared for `bm order place`).
 */
const GROUPS: ReadonlyArray<readonly [readonly string[], Loader, ReadonlySet<string>?]> = [
  // The endpoints' commands are most one-shots: declared without an import.
  [ENDPOINT_WORDS, async () => registerEndpoints],
  // After the endpoints: the conditional orders join their `order` group.
  [['order'], async () => (await import('./commands/order/algo-register.js')).registerAlgo, ENDPOINT_ORDER_WORDS],
  [['api'], async () => (await import('./commands/api.js')).registerApi],
  [['sandbox'], async () => (await import('./commands/sandbox/register.js')).registerSandbox],
  [['record'], async () => (await import('./commands/record/register.js')).registerRecord],
  [['profile'], async () => (await import('./commands/profile/register.js')).registerProfile],
  [['completion', '__complete'], async () => (await import('./commands/completion/register.js')).registerCompletion],
  [['doctor'], async () => (await import('./commands/doctor/register.js')).registerDoctor],
  // The trade-keys topic reads the terminal's key tables, through the command tree (loaded when shown).
  [['help'], async () => {
    const { registerHelp } = await import('./commands/help/register.js');
    return (root, contextOf) => registerHelp(root, contextOf, async () => (await import('./commands/tree/trade-keys.js')).tradeKeyRows());
  }],
  [['legacy'], async () => (await import('./commands/legacy/register.js')).registerLegacy],
  [['watch'], async () => (await import('./commands/watch/register.js')).registerWatch],
  [['portfolio'], async () => (await import('./commands/portfolio/register.js')).registerPortfolio],
  [['pnl'], async () => (await import('./commands/pnl/register.js')).registerPnl],
  [['algo'], async () => (await import('./commands/algo/register.js')).registerAlgoGroup],
  [['alert'], async () => (await import('./commands/alert/register.js')).registerAlert],
  [['trade'], async () => (await import('./commands/trade/register.js')).registerTrade],
  [['bot'], async () => (await import('./commands/bot/register.js')).registerBot],
  [['backtest'], async () => (await import('./commands/backtest/register.js')).registerBacktest],
];

/** Words that need the whole tree: help on any command, and the completion scripts. */
const WHOLE_TREE = new Set(['help', 'completion']);

/** `--color` in any case; anything else refused as commander refuses a choice (choices stay listed in help). */
function colorChoice(v: string): (typeof COLOR_MODES)[number] {
  const mode = matchWord(COLOR_MODES, v);
  if (!mode) throw new InvalidArgumentError(`Allowed choices are ${COLOR_MODES.join(', ')}.`);
  return mode;
}

/** Global options that take a value: their value is not the command word. */
export const VALUED = new Set(['-p', '--profile', '--base-url', '--ws-url', '--legacy-url', '--service', '-o', '--output', '--fields', '--color', '--timeout']);

/** The first word of argv that is not an option or an option's value. */
export function commandWord(argv: readonly string[]): string | undefined {
  return commandWords(argv, 1)[0];
}

/** The first `n` words of argv that are not options or global options' values. */
function commandWords(argv: readonly string[], n: number): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < n; i++) {
    const a = argv[i]!;
    if (a === '--') {
      words.push(...argv.slice(i + 1, i + 1 + n - words.length));
      break;
    }
    if (!a.startsWith('-')) words.push(a);
    else if (VALUED.has(a)) i++;
  }
  return words;
}

/**
 * The program of one run; `writes` is what the run has sent (main.ts reads it when an error ends the run);
 * `ambient`, the clock and signals its commands use instead of the process's.
 */
export async function buildProgram(io: IO, env: Env, argv: readonly string[] = [], writes?: WriteLog, ambient: Ambient = {}): Promise<Command> {
  const program = new StrictCommand('bm');
  program
    .description('Trade and watch markets of the X-BM exchange interface; rehearse against the built-in sandbox')
    .version(VERSION, '-V, --version')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({
      writeOut: (s) => io.out(s),
      writeErr: (s) => io.err(s),
      outputError: (s, write) => write(s.endsWith('\n') ? s : `${s}\n`),
    })
    .option('-p, --profile <name>', 'profile to use (env BM_PROFILE)')
    .option('--sandbox', 'use the built-in sandbox venue')
    .option('--base-url <url>', 'REST address, current generation (env BM_BASE_URL)')
    .option('--ws-url <url>', 'WebSocket address (env BM_WS_URL)')
    .option('--legacy-url <url>', 'first-generation REST address (env BM_LEGACY_URL)')
    .option('--service <name>', 'service name in the WebSocket login constant (env BM_SERVICE)')
    .addOption(new Option('-o, --output <format>', 'table, json, ndjson, csv, tsv (env BM_OUTPUT)'))
    .option('--json', 'same as -o json')
    .option('--fields <list>', 'columns to show, comma-separated: names as sent or as the headers show them, any case')
    .option('--header', 'tsv: print a header line first')
    .option('--raw-ids', 'json, ndjson: ids as the venue sent them (default: as strings, exact for any reader)')
    .addOption(new Option('--color <when>', 'auto, always or never (env BM_COLOR)').choices(COLOR_MODES).argParser(colorChoice))
    .option('--timeout <ms>', 'per-request timeout in ms (env BM_TIMEOUT, default 10000)')
    .option('-v, --verbose', 'trace requests on stderr, secrets redacted (env BM_DEBUG=1)')
    .option('-q, --quiet', 'no stderr chatter but errors')
    .option('-y, --yes', 'answer yes to confirmations')
    .option('--dry-run', 'validate and print the exact request; send nothing');

  // One context a command: its checks and its action read one session (the settings read once, a warning said once).
  const contexts = new WeakMap<Command, Context>();
  const contextOf: ContextOf = (cmd) => {
    let ctx = contexts.get(cmd);
    if (!ctx) contexts.set(cmd, (ctx = new Context(io, cmd.optsWithGlobals<GlobalOptions>(), env, writes, ambient)));
    return ctx;
  };
  // Every option, variable, setting, --fields name and file a command reads is checked before its action: nothing is sent first.
  program.hook('preAction', (_self, action) => precheck(contextOf(action), action));
  // Only the group being run is declared (a one-shot need not build ~100 commands); help,
  // completion and unknown words see them all.
  const [word, sub] = commandWords(argv, 2);
  const only = word !== undefined && !WHOLE_TREE.has(word) && GROUPS.some(([names]) => names.includes(word)) ? word : undefined;
  // `bm --version` prints the version as its option is read: no command is reached.
  const versionOnly = word === undefined && argv.some((a) => a === '-V' || a === '--version');
  const declared = versionOnly ? [] : GROUPS.filter(([names, , notFor]) => !only || (names.includes(only) && !(sub !== undefined && notFor?.has(sub))));
  // Imported side by side, declared in the table's order (the conditional orders join the endpoints' `order` group).
  const registers = await Promise.all(declared.map(([, load]) => load()));
  for (const register of registers) register(program, contextOf, only);
  return program;
}
