/**
 * The commander root: global options, and the registration of every command group. Registration
 * only declares commands; their code is imported when they run, so start-up stays cheap.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { matchWord } from './api/catalogue/vocab.js';
import type { Env } from './config/paths.js';
import { COLOR_MODES, Context, type Ambient, type ContextOf, type GlobalOptions } from './context.js';
import type { IO } from './render/io.js';
import { ENDPOINT_WORDS, registerEndpoints } from './commands/endpoints.js';
import { registerApi } from './commands/api.js';
import { registerSandbox } from './commands/sandbox/register.js';
import { registerRecord } from './commands/record/register.js';
import { registerProfile } from './commands/profile/register.js';
import { registerCompletion } from './commands/completion/register.js';
import { registerHelp } from './commands/help/register.js';
import { registerDoctor } from './commands/doctor/register.js';
import { registerLegacy } from './commands/legacy/register.js';
import { registerWatch } from './commands/watch/register.js';
import { registerPortfolio } from './commands/portfolio/register.js';
import { registerPnl } from './commands/pnl/register.js';
import { StrictCommand } from './commands/strict.js';
import { precheck } from './commands/precheck.js';
import type { WriteLog } from './core/usecases/session.js';
import { registerTrade } from './commands/trade/register.js';
import { registerAlgo } from './commands/order/algo-register.js';
import { registerAlgoGroup } from './commands/algo/register.js';

export type { ContextOf } from './context.js';

export const VERSION = '0.1.0';

type Register = (root: Command, contextOf: ContextOf, only?: string) => void;

/** Command groups: the top-level words each declares. */
const GROUPS: ReadonlyArray<readonly [readonly string[], Register]> = [
  [ENDPOINT_WORDS, registerEndpoints],
  // After the endpoints: the conditional orders join their `order` group.
  [['order'], registerAlgo],
  [['api'], registerApi],
  [['sandbox'], registerSandbox],
  [['record'], registerRecord],
  [['profile'], registerProfile],
  [['completion', '__complete'], registerCompletion],
  [['doctor'], registerDoctor],
  [['help'], registerHelp],
  [['legacy'], registerLegacy],
  [['watch'], registerWatch],
  [['portfolio'], registerPortfolio],
  [['pnl'], registerPnl],
  [['algo'], registerAlgoGroup],
  [['trade'], registerTrade],
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
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return argv[i + 1];
    if (!a.startsWith('-')) return a;
    if (VALUED.has(a)) i++;
  }
  return undefined;
}

/**
 * The program of one run; `writes` is what the run has sent (main.ts reads it when an error ends the run);
 * `ambient`, the clock and signals its commands use instead of the process's.
 */
export function buildProgram(io: IO, env: Env, argv: readonly string[] = [], writes?: WriteLog, ambient: Ambient = {}): Command {
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

  const contextOf: ContextOf = (cmd) => new Context(io, cmd.optsWithGlobals<GlobalOptions>(), env, writes, ambient);
  // Every option, variable, setting, --fields name and file a command reads is checked before its action: nothing is sent first.
  program.hook('preAction', (_self, action) => precheck(contextOf(action), action));
  // Only the group being run is declared (a one-shot need not build ~100 commands); help,
  // completion and unknown words see them all.
  const word = commandWord(argv);
  const only = word !== undefined && !WHOLE_TREE.has(word) && GROUPS.some(([names]) => names.includes(word)) ? word : undefined;
  for (const [names, register] of GROUPS) if (!only || names.includes(only)) register(program, contextOf, only);
  return program;
}
