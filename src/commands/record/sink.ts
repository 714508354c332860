/**
 * The file a recording goes to: created new (an existing file is never overwritten: a day of data
 * is not lost to a repeated command), gzip-compressed when its name ends in `.gz`, and counted.
 */
import { createWriteStream, existsSync, openSync, type WriteStream } from 'node:fs';
import { createGzip, type Gzip } from 'node:zlib';
import { usage } from '../../errors.js';
import { gzipped } from '../../sandbox/replay/format.js';

function exists(path: string) {
  return usage(`--out: ${path} exists`, 'choose another name, or remove it first: a recording is never overwritten');
}

export class RecordingSink {
  /** Lines written after the header. */
  events = 0;
  /** Bytes of the lines written, before compression. */
  bytes = 0;
  private readonly file: WriteStream;
  private readonly gzip: Gzip | undefined;
  private failure: Error | undefined;

  /** Creates `path`; a usage error (nothing sent yet) when it exists or cannot be created. */
  constructor(readonly path: string) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o644);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw exists(path);
      throw usage(`--out: cannot create ${path} (${code ?? (err as Error).message})`);
    }
    this.file = createWriteStream('', { fd });
    this.file.on('error', (e) => (this.failure ??= e));
    if (gzipped(path)) {
      this.gzip = createGzip();
      this.gzip.on('error', (e) => (this.failure ??= e));
      this.gzip.pipe(this.file);
    }
  }

  /** A usage error when `path` exists (checked again, atomically, when it is created). */
  static refuseExisting(path: string): void {
    if (existsSync(path)) throw exists(path);
  }

  /** The first write error, if any. */
  get error(): Error | undefined {
    return this.failure;
  }

  /** Writes the header line (not counted). */
  header(line: string): void {
    (this.gzip ?? this.file).write(line);
  }

  event(line: string): void {
    this.events++;
    this.bytes += Buffer.byteLength(line);
    (this.gzip ?? this.file).write(line);
  }

  /** Ends the file (the gzip trailer included) and waits until it is on disk. */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.file.once('close', () => resolve());
      (this.gzip ?? this.file).end();
    });
  }
}
