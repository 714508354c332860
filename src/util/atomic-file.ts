/**
 * Replacing a file whole: a temporary file beside it (same directory, so the rename stays on one file
 * system), written with its final mode, fsync'd, renamed over the target, then the directory fsync'd so
 * the rename itself survives a crash. A reader, or a process killed at any point, sees either the old
 * or the new content, never a torn one, and never a moment with a looser mode.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Writes `text` to `path` atomically and durably with permission bits `mode` (whatever the umask). */
export function writeFileAtomic(path: string, text: string, mode: number): void {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = openSync(tmp, 'wx', mode);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    chmodSync(tmp, mode);
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
  syncDir(dirname(path));
}

/** Makes the entries of `dir` (a rename, a removal) durable; a no-op where folders cannot be fsync'd. */
export function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some platforms cannot fsync a folder; the rename is still atomic.
  }
}
