/**
 * Detached runs: a conditional order run by `bm algo run ID` in a process of its own (its own session,
 * out of the terminal's reach, its lines in `<id>.log`), resumed from the journal whenever it starts, and
 * kept going by its runner: a failure of the venue or the network is waited out and the engine resumed
 * from the journal again, until the algo ends or the runner is stopped (SIGTERM: the algo stays armed).
 */
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import type { Env } from '../../config/paths.js';
import { BmError, config } from '../../errors.js';
import { systemClock } from '../order/deadline.js';
import type { AlgoEngine } from './engine.js';
import type { AlgoState } from './machine.js';
import { resumeEngine, watchLive, type AlgoFace } from './run.js';
import { algoFile, holdAlgo, keptAlgo, lockAlgo, runnerOf } from './store.js';
import { ownBin } from '../../util/own-bin.js';

/** A journal armed this recently (ms) and never run is a fresh start, not a gap. */
const FRESH_MS = 10_000;

/** Longest wait between two tries of a runner whose engine failed, ms. */
const MAX_BACKOFF_MS = 30_000;

/** How long a start waits for its runner to take the algo up (ms): the runner is a fresh Node process. */
const TAKE_UP_MS = 30_000;

/** Between two looks at whether the runner has taken the algo up, ms. */
const TAKE_UP_LOOK_MS = 20;

/**
 * Starts `bm algo run ID` detached with the venue options `args` (kept for `bm algo resume`); its pid once
 * it has taken the algo up (`bm algo list` shows it running from then on), or once it has run the algo to
 * its end. A runner that exits with an error first is a config error naming its log; one still starting
 * after TAKE_UP_MS is left to start (its pid is returned).
 */
export async function spawnRunner(env: Env, id: string, args?: readonly string[]): Promise<number> {
  const bin = ownBin();
  const runFile = algoFile(env, id, 'run.json');
  if (args) writeFileSync(runFile, `${JSON.stringify(args)}\n`, { mode: 0o600 });
  const kept = args ?? (JSON.parse(readFileSync(runFile, 'utf8')) as string[]);
  const [{ spawn }, { setTimeout: pause }] = await Promise.all([import('node:child_process'), import('node:timers/promises')]);
  const logPath = algoFile(env, id, 'log');
  const log = openSync(logPath, 'a', 0o600);
  const child = spawn(process.execPath, [bin, ...kept, 'algo', 'run', id], { detached: true, stdio: ['ignore', log, log], env: { ...process.env, ...env } as NodeJS.ProcessEnv });
  closeSync(log);
  child.unref();
  const pid = child.pid!;
  for (const end = Date.now() + TAKE_UP_MS; runnerOf(env, id) !== pid && Date.now() < end; await pause(TAKE_UP_LOOK_MS)) {
    if (child.exitCode === null && child.signalCode === null) continue;
    if (child.exitCode === 0) break;
    throw config(`algo ${id}: its runner (pid ${pid}) ended (${child.exitCode ?? child.signalCode}) before it took the algo up; its log: ${logPath}`, `the algo stays armed: start a runner again with: bm algo resume ${id}`);
  }
  return pid;
}

/** The runner's loop (`bm algo run ID`): resolves with the algo's state when it ends or `signal` stops it. */
export async function runKept(face: AlgoFace, env: Env, id: string, signal: AbortSignal): Promise<AlgoState> {
  const { path, record } = keptAlgo(env, id);
  const release = holdAlgo(env, id);
  const clock = face.clock ?? systemClock;
  // Only armed, a moment ago: its first runner starts watching now. Anything else was blind since its journal's last line.
  let resumed = record.lines.length > 1 || clock.now() - (record.lines[0]?.at ?? 0) > FRESH_MS;
  let wait = 1000;
  try {
    for (;;) {
      let engine: AlgoEngine | undefined;
      try {
        // The signal stops a firing at its next wait too: the lock is let go only after (engine.close waits).
        engine = await resumeEngine({ ...face, signal }, path);
        if (engine.state.end || signal.aborted) return engine.state;
        await watchLive({ ...face, signal }, engine, resumed);
        // The state once a firing the signal stopped has ended (close waits for it).
        await engine.close();
        if (engine.state.end || signal.aborted) return engine.state;
      } catch (err) {
        resumed = true;
        // A damaged journal or a bug is not waited out; the venue or the network is.
        if (!(err instanceof BmError) || err.category === 'usage' || err.category === 'internal') throw err;
        face.host.note(`bm: algo ${id}: ${err.message}; resuming from the journal in ${wait / 1000} s`);
      } finally {
        await engine?.close();
      }
      await new Promise<void>((ok) => {
        const cancel = clock.timer(wait, ok);
        signal.addEventListener('abort', () => (cancel(), ok()), { once: true });
      });
      wait = Math.min(wait * 2, MAX_BACKOFF_MS);
    }
  } finally {
    release();
  }
}

/**
 * Cancels a kept algo that no runner holds, sending nothing: legs being sent are settled by a lookup
 * (found: placed; else cancelled when no attempt can have reached the venue, else unknown), the armed ones cancelled.
 */
export async function cancelKept(face: AlgoFace, env: Env, id: string, why: string): Promise<AlgoState> {
  const { path } = keptAlgo(env, id);
  const release = lockAlgo(env, id);
  try {
    const engine = await resumeEngine(face, path, 'cancel');
    try {
      await engine.cancel(why);
      return engine.state;
    } finally {
      await engine.close();
    }
  } finally {
    release();
  }
}
