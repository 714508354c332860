/**
 * Runs `bm` in this process (src/main.ts `run`): fast enough to run a command hundreds of times. Each run
 * gets exactly what it is given (environment, stdin, clock, signals) and nothing of the process's, so two
 * runs in one process see nothing of each other but the files their environments share.
 */
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { run } from '../../src/main.js';
import { IO, type InStream, type Stream } from '../../src/render/io.js';
import type { WaitClock } from '../../src/core/order/deadline.js';
import type { Result } from './bm.js';

export interface CliOptions {
  /** The whole environment of the run (none of process.env). */
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

/** One run of `bm` with these arguments: its exit code and all it wrote (stdout: '' when `opts.stdout` took it). */
export async function runCli(argv: readonly string[], opts: CliOptions): Promise<Result> {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  stdin.end(opts.stdin ?? '');
  const out = opts.stdout ?? { write: (s: string) => ((stdout += s), opts.onStdout?.(s, stdout), true) };
  const err = { write: (s: string) => ((stderr += s), opts.onStderr?.(s, stderr), true) };
  const io = new IO(out, err, stdin as unknown as InStream, opts.env, 'never');
  const code = await run(argv, { env: opts.env, io, signals: opts.signals ?? new EventEmitter(), ...(opts.clock ? { clock: opts.clock } : {}) });
  return { code, stdout, stderr };
}

/** One run of `bm` with these arguments and exactly this environment; `input` is all of its stdin. */
export function runBm(argv: readonly string[], env: Record<string, string>, input = ''): Promise<Result> {
  return runCli(argv, { env, stdin: input });
}
