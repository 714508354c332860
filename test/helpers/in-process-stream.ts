/**
 * A `bm` that streams (`bm watch`), run in this process: the test reads its stdout as it comes and ends it
 * as a reader that goes away does (`| head`: the next write fails with EPIPE), with no signal, so runs
 * beside it in this process are not touched.
 */
import { EventEmitter } from 'node:events';
import type { Result } from './bm.js';
import { runCli } from './in-process.js';

/** A streaming run of `bm` in this process. */
export interface Streaming {
  /** Output so far. */
  readonly out: () => string;
  /** Resolves once stdout matches `re`; rejects naming it after `limitMs`, or when bm ended first. */
  waitFor(re: RegExp, limitMs?: number): Promise<void>;
  /** The reader goes away: stdout fails as a closed pipe does (now, or at the next write if bm does not listen yet). */
  stop(): void;
  readonly done: Promise<Result>;
}

/** Starts `bm` with these arguments and exactly this environment (stdin empty, not a terminal). */
export function startBm(argv: readonly string[], env: Record<string, string>): Streaming {
  let stdout = '';
  let ended = false;
  let gone = false;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  const epipe = () => sink.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
  const sink = Object.assign(new EventEmitter(), {
    write: (s: string) => {
      // Stopped before bm listened for its stdout's errors: this write is the one that fails.
      if (gone && sink.listenerCount('error')) return (epipe(), false);
      stdout += s;
      wake();
      return true;
    },
  });
  let stderr = '';
  const done = runCli(argv, { env, stdout: sink, onStderr: (_, all) => void (stderr = all) }).then((r) => ((ended = true), wake(), { ...r, stdout }));
  return {
    out: () => stdout,
    done,
    stop: () => {
      gone = true;
      if (!ended && sink.listenerCount('error')) epipe();
    },
    waitFor: (re, limitMs = 30_000) => new Promise<void>((ok, fail) => {
      const timer = setTimeout(() => (waiters.delete(check), fail(new Error(`bm ${argv.join(' ')}: no ${re} on stdout within ${limitMs} ms: ${stdout}${stderr}`))), limitMs);
      function check(): void {
        if (re.test(stdout)) return void (clearTimeout(timer), waiters.delete(check), ok());
        if (ended) (clearTimeout(timer), waiters.delete(check), fail(new Error(`bm ${argv.join(' ')} ended before ${re}: ${stdout}${stderr}`)));
      }
      waiters.add(check);
      check();
    }),
  };
}
