/**
 * Whether a lock's holder or a recorded process still runs: shared by every lock file and the sandbox's record,
 * and free of node:crypto (loaded by every one-shot).
 */
import { readFileSync } from 'node:fs';

/** A lock with no readable holder after this long was left by a writer that died filling it, ms. */
export const UNWRITTEN_MS = 2000;

/** True when a process with that pid exists and is not a zombie (killed, and not yet reaped by its parent). */
export function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // Linux: the state letter follows the parenthesised command name.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/**
 * When process `pid` started: this boot's id and the process's start time in clock ticks since boot (Linux:
 * /proc), so that another process given the same pid later has another start. Undefined where the system
 * does not tell.
 */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, the start time, counted after the parenthesised command name.
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return `${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()} ${start}`;
  } catch {
    return undefined;
  }
}

/**
 * True when the process recorded as `pid` still runs: alive and, where what `read` told of it when it was
 * recorded (`recorded`) and what it tells now can both be had, the same process, not another given its pid.
 */
export function stillRuns(pid: number, recorded: string | undefined, read: (pid: number) => string | undefined = processStart): boolean {
  if (!alive(pid)) return false;
  if (recorded === undefined) return true;
  const now = read(pid);
  return now === undefined || now === recorded;
}
