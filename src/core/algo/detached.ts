/**
 * Detached runs: a conditional order run by `bm algo run ID` in a process of its own (its own session,
 * out of the terminal's reach, its lines in `<id>.log`), on the venue and account its journal names
 * (./binding.ts) whatever the environment it was started from, resumed from the journal whenever it
 * starts, and kept going by its runner: a failure of the venue, the network or the disk is waited out and
 * the engine resumed from the journal again, until the algo ends, its journal is removed, or the runner
 * is stopped (SIGTERM: the algo stays armed).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { Env } from '../../util/paths.js';
import { BmError, config } from '../../errors.js';
import { systemClock } from '../../util/clock.js';
import { boundSession, type AlgoBinding } from './binding.js';
import { JournalWriteError, type AlgoEngine } from './engine.js';
import type { AlgoState } from './machine.js';
import { boundFace, checkBound, type AlgoPort } from './port.js';
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

/** The error of an algo armed by an earlier bm, which did not record its venue and account (exit 5). */
export function unbound(id: string): BmError {
  return config(`algo ${id} was armed by an earlier bm, which did not record its venue and account: it is not run again`, `cancel it with: bm algo cancel ${id}, then arm it again`);
}

/** The binding of a kept algo; one armed by an earlier bm (none recorded) is not run anywhere. */
export function bindingOfKept(id: string, where: AlgoBinding | undefined): AlgoBinding {
  if (!where) throw unbound(id);
  return where;
}

/**
 * Starts `bm algo run ID` detached, in an environment that reaches only the algo's venue and account; its
 * pid once it has taken the algo up (`bm algo list` shows it running from then on), or once it has run
 * the algo to its end. A runner that exits with an error first is a config error naming its log; one still
 * starting after TAKE_UP_MS is left to start (its pid is returned).
 */
export async function spawnRunner(port: AlgoPort, id: string, where: AlgoBinding): Promise<number> {
  const bin = ownBin();
  const { env } = boundSession(where, { ...process.env, ...port.env });
  const [{ spawn }, { setTimeout: pause }] = await Promise.all([import('node:child_process'), import('node:timers/promises')]);
  const logPath = algoFile(port.env, id, 'log');
  const log = openSync(logPath, 'a', 0o600);
  // Where this runner's lines begin in the log (earlier runners' are above them).
  const from = fstatSync(log).size;
  const child = spawn(process.execPath, [bin, 'algo', 'run', id], { detached: true, stdio: ['ignore', log, log], env: env as NodeJS.ProcessEnv });
  closeSync(log);
  child.unref();
  const pid = child.pid!;
  for (const end = Date.now() + TAKE_UP_MS; runnerOf(port.env, id) !== pid && Date.now() < end; await pause(TAKE_UP_LOOK_MS)) {
    if (child.exitCode === null && child.signalCode === null) continue;
    if (child.exitCode === 0) break;
    const said = saidFirst(logPath, from);
    throw config(`algo ${id}: its runner (pid ${pid}) ended (${child.exitCode ?? child.signalCode}) before it took the algo up${said ? ` (${said})` : ''}; its log: ${logPath}`, `the algo stays armed: start a runner again with: bm algo resume ${id}`);
  }
  return pid;
}

/**
 * What a runner that ended at once said first of why, from its lines in the log (those after `from`, bytes):
 * its `error:` line without the word, else its last line; at most 300 characters. Undefined when it said nothing.
 */
function saidFirst(logPath: string, from: number): string | undefined {
  let lines: string[];
  try {
    // Only this runner's lines: the log keeps every earlier runner's above them.
    const fd = openSync(logPath, 'r');
    try {
      const buf = Buffer.alloc(Math.max(0, Math.min(fstatSync(fd).size - from, 64 * 1024)));
      readSync(fd, buf, 0, buf.length, from);
      lines = buf.toString('utf8').split('\n').map((l) => l.trim()).filter(Boolean);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  const line = lines.find((l) => l.startsWith('error: '))?.slice('error: '.length) ?? lines.at(-1);
  return line === undefined ? undefined : line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/** True for a failure a runner waits out (the venue, the network, a full disk); anything else ends it. */
function waitedOut(err: unknown): boolean {
  if (err instanceof JournalWriteError) return true;
  return err instanceof BmError && err.category !== 'usage' && err.category !== 'internal' && err.category !== 'config';
}

/**
 * The runner's loop (`bm algo run ID`): on the journal's venue and account (a shell's own are never used),
 * resolves with the algo's state when it ends or `signal` stops it.
 */
export async function runKept(port: AlgoPort, id: string, signal: AbortSignal): Promise<AlgoState> {
  const { path, record } = keptAlgo(port.env, id);
  const face = boundFace(port, id, bindingOfKept(id, record.where), `algo ${id}`);
  // Not the account it was armed on: refused before the journal is taken or anything is sent (exit 5).
  await checkBound(face);
  const release = holdAlgo(port.env, id);
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
        // A damaged journal, one removed, another account or a bug is not waited out; the venue, the network or the disk is.
        if (!waitedOut(err)) throw err;
        port.warn(`bm: algo ${id}: ${(err as Error).message}; resuming from the journal in ${wait / 1000} s`);
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
