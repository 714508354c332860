/**
 * argv -> exit code. The only place where an error becomes an exit code and a message on stderr.
 */
import { CommanderError } from 'commander';
import { matchWord } from './api/catalogue/vocab.js';
import { BmError, EXIT } from './errors.js';
import { IO, type ColorMode } from './render/io.js';
import { stringifyJson } from './util/json.js';
import { buildProgram, commandWord } from './program.js';
import { existsSync } from 'node:fs';
import { WriteLog } from './core/usecases/session.js';
import { algosDir, type Env } from './util/paths.js';
import type { Signals } from './invocation.js';
import type { WaitClock } from './util/clock.js';

/** The command word of an argv (bin/load.js keys its code caches by it). */
export { commandWord };

/** What a run reads instead of its process: a test gives all of it, so two runs in one process share nothing. */
export interface RunOptions {
  readonly env?: Env;
  readonly io?: IO;
  /** The clock of requests, pauses, retries and `--wait` (default: the system's); a test moves its own. */
  readonly clock?: WaitClock;
  /** Where Ctrl-C and SIGTERM are heard (default: the process). */
  readonly signals?: Signals;
}

function colorModeOf(argv: readonly string[], env: Env): ColorMode {
  const i = argv.findIndex((a) => a === '--color' || a.startsWith('--color='));
  const v = i < 0 ? undefined : argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
  const typed = (w: string | undefined) => (w === undefined ? undefined : matchWord(['always', 'never'] as const, w));
  return typed(v) ?? typed(env.BM_COLOR) ?? 'auto';
}

function wantsJsonErrors(argv: readonly string[], env: Env): boolean {
  if (argv.includes('--json')) return true;
  const i = argv.findIndex((a) => a === '-o' || a === '--output' || a.startsWith('--output=') || a.startsWith('-o'));
  const v = i < 0 ? env.BM_OUTPUT : argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i]!.length > 2 && argv[i]!.startsWith('-o') ? argv[i]!.slice(2) : argv[i + 1];
  return v !== undefined && matchWord(['json', 'ndjson'], v) !== undefined;
}

/** Runs `bm` with these arguments; resolves with the exit code (never calls process.exit). */
export async function run(argv: readonly string[], opts: RunOptions = {}): Promise<number> {
  const env = opts.env ?? process.env;
  // A reader that went away (`bm ... | head`) is not an error.
  if (!opts.io) process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
  const io = opts.io ?? new IO(process.stdout, () => process.stderr, () => process.stdin, env, colorModeOf(argv, env));
  const writes = new WriteLog();
  await unattendedNotice(argv, env, io);
  const program = await buildProgram(io, env, argv, writes, { ...(opts.clock ? { clock: opts.clock } : {}), ...(opts.signals ? { signals: opts.signals } : {}) });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (err) {
    // Exit 2 says nothing was sent: after a write has left, an error that would say so is reported otherwise.
    return report(writes.judge(err), io, wantsJsonErrors(argv, env), env);
  }
}

/** Commands that say nothing of the machine's conditional orders: those that manage them, and the shells' completion. */
const QUIET_ABOUT_ALGOS = new Set(['algo', 'completion', 'help', undefined]);

/**
 * Conditional orders are held by `bm`, not the venue: one armed with no runner watches nothing. Any command
 * that finds one says so once on stderr, with the command that takes them up again.
 */
async function unattendedNotice(argv: readonly string[], env: Env, io: IO): Promise<void> {
  // A machine that never armed one does not load the store.
  if (QUIET_ABOUT_ALGOS.has(commandWord(argv)) || !existsSync(algosDir(env))) return;
  let ids: string[];
  try {
    const { unattendedAlgos } = await import('./core/usecases/algo-kept.js');
    ids = unattendedAlgos(env);
  } catch {
    return;
  }
  if (!ids.length) return;
  const which = ids.length === 1 ? `conditional order ${ids[0]} is` : `${ids.length} conditional orders (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', ...' : ''}) are`;
  io.err(`bm: warning: ${which} armed but no runner is running: nothing watches ${ids.length === 1 ? 'it' : 'them'}; resume with: bm algo resume --all\n`);
}

/** Prints an error as cli.md says and returns its exit code; `env` is the run's (BM_DEBUG=1 adds the stack). */
export function report(err: unknown, io: IO, json: boolean, env: Env = process.env): number {
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return EXIT.ok;
    // commander already printed its one-line message through configureOutput.
    return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  const e = err instanceof BmError ? err : internal(err, env);
  const d = e.details;
  let text = `error: ${e.message}\n`;
  if (d.code !== undefined || d.venueMessage) {
    text += `  ${d.code !== undefined ? `code ${d.code}` : ''}${d.venueMessage ? `${d.code !== undefined ? ': ' : ''}${d.venueMessage}` : ''}${d.trace ? ` (trace ${d.trace})` : ''}\n`;
  }
  if (d.hint) text += `hint: ${d.hint}\n`;
  // BM_DEBUG=1: where it was thrown (the bundle's source map points the frames at src/).
  if (env.BM_DEBUG === '1' && e.stack) text += `${e.stack.split('\n').slice(1).join('\n')}\n`;
  io.err(text);
  if (json) {
    const obj = {
      error: {
        category: e.category, code: d.code ?? null, http_status: d.httpStatus ?? null,
        message: d.venueMessage ? `${e.message}: ${d.venueMessage}` : e.message,
        trace: d.trace ?? null, hint: d.hint ?? null, retryable: d.retryable ?? false, exit_code: e.exitCode,
      },
    };
    io.err(`${stringifyJson(obj)}\n`);
  }
  return e.exitCode;
}

function internal(err: unknown, env: Env): BmError {
  const e = err as Error;
  const msg = e?.message ?? String(err);
  const out = new BmError('internal', msg, { hint: 'this is a bug in bm: run again with --verbose and report it' });
  if (env.BM_DEBUG === '1' && e?.stack) out.stack = e.stack;
  return out;
}
