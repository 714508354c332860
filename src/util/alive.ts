/** Whether a lock's holder still runs: shared by every lock file, and free of node:crypto (loaded by every one-shot). */
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
