/**
 * Runs `bm` in this process (src/main.ts `run`): fast enough to run a command hundreds of times. Each run
 * gets exactly what it is given (environment, stdin, clock, signals) and nothing of the process's, so two
 * runs in one process see nothing of each other but the files their environments share. One default of
 * its own: a request timeout of a minute where the environment sets none (see runCli).
 */
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { run } from '../../src/main.js';
import { IO, type InStream, type Stream } from '../../src/render/io.js';
import type { WaitClock } from '../../src/util/clock.js';
import type { Result } from './bm.js';

export interface CliOptions {
  /** The whole environment of the run (none of process.env); BM_TIMEOUT is 60000 when it names none. */
  readonly env: Record<string, string>;
  /** All of stdin (not a terminal); default empty. */
  readonly stdin?: string;
  /** The clock of requests, pauses and waits (test/helpers/skip-clock.ts, fake-clock.ts); default the system's. */
  readonly clock?: WaitClock;
  /** Where the run hears SIGINT and SIGTERM: emit on it to interrupt; default an emitter nobody emits on. */
  readonly signals?: EventEmitter;
  /** The run's stdout instead of one kept in the result (a pipe a test stops reading, or that fails). */
  readonly stdout?: Stream;
  /** Called with each piece of stdout as it is written (a test that acts on output before the run ends). */
  readonly onStdout?: (chunk: string, all: string) => void;
  /** The same for stderr (notes and, with --verbose, the request trace). */
  readonly onStderr?: (chunk: string, all: string) => void;
}

/** The request timeout (ms) of a run whose environment names none. */
export const UNCHOSEN_TIMEOUT_MS = 60_000;

/** One run of `bm` with these arguments: its exit code and all it wrote (stdout: '' when `opts.stdout` took it). */
export async function runCli(argv: readonly string[], opts: CliOptions): Promise<Result> {
  // A request timeout the test did not choose is a minute, not bm's 10 s: on a loaded machine an answer
  // from a venue in this process can be slow, and that is never what a test is about. A test of the
  // timeout gives its own (--timeout, BM_TIMEOUT) and moves the run's clock.
  const env = 'BM_TIMEOUT' in opts.env ? opts.env : { ...opts.env, BM_TIMEOUT: String(UNCHOSEN_TIMEOUT_MS) };
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  stdin.end(opts.stdin ?? '');
  const out = opts.stdout ?? { write: (s: string) => ((stdout += s), opts.onStdout?.(s, stdout), true) };
  const err = { write: (s: string) => ((stderr += s), opts.onStderr?.(s, stderr), true) };
  const io = new IO(out, err, stdin as unknown as InStream, env, 'never');
  const code = await run(argv, { env, io, signals: opts.signals ?? new EventEmitter(), ...(opts.clock ? { clock: opts.clock } : {}) });
  return { code, stdout, stderr };
}

/** One run of `bm` with these arguments and exactly this environment; `input` is all of its stdin. */
export function runBm(argv: readonly string[], env: Record<string, string>, input = ''): Promise<Result> {
  return runCli(argv, { env, stdin: input });
}
