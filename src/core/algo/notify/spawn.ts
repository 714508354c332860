/**
 * Running a program for an alert and waiting for it within a time limit: its exit (code or signal) and
 * what it printed (stdout and stderr together, the first {@link OUTPUT_KEPT} bytes). A program that is
 * not there (ENOENT) is said so, never thrown.
 */
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import type { WaitClock } from '../../../util/clock.js';

/** How a program is started: node's spawn, or a test's. */
export type Spawner = (file: string, args: readonly string[], opts: SpawnOptions) => ChildProcess;

/** The bytes of a program's output kept for the log. */
export const OUTPUT_KEPT = 4096;

/** How a program ended: its exit code or signal, `missing` when it is not on this machine, `error` when it could not start, `late` when killed at the time limit. */
export interface Ran {
  readonly code?: number;
  readonly signal?: string;
  readonly missing?: boolean;
  readonly error?: string;
  readonly late?: boolean;
  /** What it printed, at most {@link OUTPUT_KEPT} bytes. */
  readonly output: string;
  /** Bytes it printed beyond those. */
  readonly dropped: number;
}

/** Node's own spawn, loaded when a program is first run. */
export const nodeSpawn: () => Promise<Spawner> = async () => {
  const { spawn } = await import('node:child_process');
  return (file, args, opts) => spawn(file, [...args], opts);
};

/**
 * Runs `file` with `args` (`opts`: its env, cwd, shell) and waits for it, at most `limitMs` on `clock`: then
 * its process group is sent SIGTERM (it runs in one of its own, so what it started goes too).
 */
export function runProgram(spawner: Spawner, file: string, args: readonly string[], opts: SpawnOptions, clock: WaitClock, limitMs: number): Promise<Ran> {
  return new Promise((ok) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let dropped = 0;
    let late = false;
    let child: ChildProcess;
    const output = () => Buffer.concat(chunks).toString('utf8');
    const take = (b: Buffer) => {
      const room = Math.max(0, OUTPUT_KEPT - kept);
      if (room > 0) chunks.push(b.subarray(0, room));
      kept += Math.min(room, b.length);
      dropped += Math.max(0, b.length - room);
    };
    let cancel = () => undefined as void;
    let over = false;
    const end = (r: Omit<Ran, 'output' | 'dropped'>) => {
      if (over) return;
      over = true;
      cancel();
      ok({ ...r, output: output(), dropped });
    };
    try {
      child = spawner(file, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    } catch (err) {
      return end({ error: (err as Error).message });
    }
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    child.once('error', (err: NodeJS.ErrnoException) => end(err.code === 'ENOENT' ? { missing: true } : { error: err.message }));
    // `close` comes once its output is read to the end; one whose output a process it started still holds is done at its exit.
    child.once('close', (code, signal) => end({ ...(code !== null ? { code } : {}), ...(signal ? { signal } : {}), ...(late ? { late } : {}) }));
    child.once('exit', (code, signal) => {
      const t = setTimeout(() => end({ ...(code !== null ? { code } : {}), ...(signal ? { signal } : {}), ...(late ? { late } : {}) }), 200);
      t.unref();
    });
    cancel = clock.timer(limitMs, () => {
      late = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    });
  });
}

/** How a run ended, in words: `exited 0`, `was killed by SIGTERM`, `is not on this machine`. */
export function endedText(r: Ran, limitMs: number): string {
  if (r.missing) return 'is not on this machine';
  if (r.error !== undefined) return `could not start (${r.error})`;
  const how = r.code !== undefined ? `exited ${r.code}` : `was killed by ${r.signal ?? 'a signal'}`;
  return r.late ? `${how}: stopped after ${limitMs / 1000} s, its time limit` : how;
}
