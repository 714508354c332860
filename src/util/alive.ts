/**
 * Whether a lock's holder or a recorded process still runs: shared by every lock file and the sandbox's record,
 * and free of node:crypto (loaded by every one-shot).
 */
import { readFileSync } from 'node:fs';

/** A lock with no readable holder after this long was left by a writer that died filling it, ms. */
export const UNWRITTEN_MS = 2000;

/** The fields of process `pid`'s /proc stat after its parenthesised command name (Linux); undefined where unreadable. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** True when a process with that pid exists (EPERM: it does, under another user). */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when a process with that pid exists and is not a zombie (killed, and not yet reaped by its parent). */
export function alive(pid: number): boolean {
  return pid === process.pid || stillRuns(pid, undefined);
}

/** This boot's id (Linux), read once. */
let bootId: string | undefined;

/** The start of the process whose stat fields these are: this boot's id and field 22, its start in clock ticks since boot. */
function startOf(fields: readonly string[] | undefined): string | undefined {
  const start = fields?.[19];
  if (start === undefined) return undefined;
  try {
    bootId ??= readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
  return `${bootId} ${start}`;
}

/**
 * When process `pid` started: this boot's id and the process's start time in clock ticks since boot (Linux:
 * /proc), so that another process given the same pid later has another start. Undefined where the system
 * does not tell.
 */
export function processStart(pid: number): string | undefined {
  return startOf(statFields(pid));
}

/**
 * True when the process recorded as `pid` still runs: alive and, where what `read` told of it when it was
 * recorded (`recorded`) and what it tells now can both be had, the same process, not another given its pid.
 * By default `read` is {@link processStart}, told from the same read of /proc as the liveness.
 */
export function stillRuns(pid: number, recorded: string | undefined, read?: (pid: number) => string | undefined): boolean {
  if (pid !== process.pid && !exists(pid)) return false;
  // The state letter is the first field (Z: a zombie); unreadable, the process is taken as it is.
  const fields = statFields(pid);
  if (fields?.[0] === 'Z') return false;
  if (recorded === undefined) return true;
  const now = read ? read(pid) : startOf(fields);
  return now === undefined || now === recorded;
}
