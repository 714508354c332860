/**
 * An append-only file of JSON lines, each sealed with a digest chained from the line before (`h`, its
 * last key), so a line changed after it was written is found when the file is read back. The batch
 * journal (../order/batch-journal.ts) and the conditional orders' journal (../algo/journal.ts) both
 * write and read through it.
 */
import { closeSync, fstatSync, fsyncSync, mkdirSync, openSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { createHash } from 'node:crypto';
import { stringifyJson } from '../../util/json.js';

/** The chained digest of a line: sha256 (hex) of the previous line's digest ('' before the first) and this line's JSON. */
export function chained(prev: string, body: string): string {
  return createHash('sha256').update(`${prev}\n${body}`).digest('hex');
}

/** A line as written: its JSON with the chained digest as its last key. */
function seal(prev: string, value: unknown): { text: string; h: string } {
  const body = stringifyJson(value);
  const h = chained(prev, body);
  return { text: `${body.slice(0, -1)},"h":"${h}"}\n`, h };
}

/** An open chained file: `prev` is the digest of the last line on disk ('' for an empty file). */
export class ChainedFile {
  constructor(private readonly fd: number, readonly path: string, private prev: string) {}

  /**
   * A new, empty chained file at `path` (its folder made, 0700; the file 0600), never one that exists;
   * a failure to create it is `refused(the error's code or message, the error)`, which throws.
   */
  static createNew(path: string, refused: (why: string, err: NodeJS.ErrnoException) => never): ChainedFile {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    try {
      return new ChainedFile(openSync(path, 'wx', 0o600), path, '');
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      return refused(e.code ?? e.message, e);
    }
  }

  /**
   * Appends lines in one write: it reaches the kernel at once (it survives the process being killed);
   * `sync` also forces it to the disk. A write cut short (a full disk) throws: nothing goes unjournaled.
   */
  append(values: readonly unknown[], sync: boolean): void {
    let text = '';
    let h = this.prev;
    for (const v of values) {
      const s = seal(h, v);
      text += s.text;
      h = s.h;
    }
    const bytes = Buffer.from(text, 'utf8');
    if (writeSync(this.fd, bytes) !== bytes.length) throw new Error(`cannot write the journal ${this.path} (disk full?): nothing more is sent`);
    this.prev = h;
    if (sync) fsyncSync(this.fd);
  }

  /** True while the file written is still the one at its path (not removed, not replaced). */
  intact(): boolean {
    try {
      const mine = fstatSync(this.fd);
      return mine.nlink > 0 && statSync(this.path).ino === mine.ino;
    } catch {
      return false;
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** One line read back: its JSON without the digest, and the digest. */
export interface SealedLine {
  readonly body: string;
  readonly h: string;
}

/** A chained file read back: its intact lines, where they end (bytes) and whether a last line was torn (cut short by a crash). */
export interface ChainedRead {
  readonly lines: readonly SealedLine[];
  readonly bytes: number;
  readonly torn: boolean;
  /** The last intact line's digest ('' when none). */
  readonly h: string;
}

const SEALED = /^(\{.*),"h":"([0-9a-f]{64})"\}$/;

/**
 * Reads sealed lines; `bad(n, line)` is called (and must throw) for the first line, counted from 0,
 * that is not sealed or whose digest does not chain from the line before.
 */
export function readChained(buf: Buffer, bad: (n: number, line: string) => never): ChainedRead {
  const bytes = buf.lastIndexOf(0x0a) + 1;
  const torn = bytes < buf.length;
  const lines: SealedLine[] = [];
  let h = '';
  if (bytes > 0) {
    for (const [n, line] of buf.subarray(0, bytes - 1).toString('utf8').split('\n').entries()) {
      const m = SEALED.exec(line);
      const body = m ? `${m[1]}}` : '';
      if (!m || chained(h, body) !== m[2]) bad(n, line);
      h = m![2]!;
      lines.push({ body, h });
    }
  }
  return { lines, bytes, torn, h };
}
