/**
 * The file a recording goes to: created new (an existing file is never overwritten: a day of data
 * is not lost to a repeated command), gzip-compressed when its name ends in `.gz`, and counted.
 * What waits in memory for the disk is bounded: a recording may not drop a push, so a disk slower
 * than the stream ends it with an error once {@link MAX_PENDING_BYTES} wait (the file is complete up
 * to its last line), rather than memory growing without end.
 */
import { createWriteStream, existsSync, openSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { createGzip, type Gzip } from 'node:zlib';
import { usage } from '../../errors.js';
import { gzipped } from '../../sandbox/replay/format.js';

function exists(path: string) {
  return usage(`--out: ${path} exists`, 'choose another name, or remove it first: a recording is never overwritten');
}

/** Bytes (before compression) that may wait in memory for the disk: about a minute of a busy stream. */
export const MAX_PENDING_BYTES = 64 * 1024 * 1024;

export interface SinkOptions {
  /** Bytes that may wait for the disk; {@link MAX_PENDING_BYTES} by default. */
  readonly maxPendingBytes?: number;
  /** The stream writing the opened file descriptor (a file stream by default). */
  readonly open?: (fd: number) => Writable;
}

export class RecordingSink {
  /** Lines written after the header. */
  events = 0;
  /** Bytes of the lines written, before compression. */
  bytes = 0;
  private readonly file: Writable;
  private readonly gzip: Gzip | undefined;
  private readonly maxPending: number;
  private failure: Error | undefined;

  /** Creates `path`; a usage error (nothing sent yet) when it exists or cannot be created. */
  constructor(readonly path: string, opts: SinkOptions = {}) {
    this.maxPending = opts.maxPendingBytes ?? MAX_PENDING_BYTES;
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o644);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw exists(path);
      throw usage(`--out: cannot create ${path} (${code ?? (err as Error).message})`);
    }
    this.file = opts.open ? opts.open(fd) : createWriteStream('', { fd });
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

  /** The first write error (or the wait for the disk over its bound), if any. */
  get error(): Error | undefined {
    return this.failure;
  }

  /** Writes the header line (not counted). */
  header(line: string): void {
    (this.gzip ?? this.file).write(line);
  }

  /** Writes one push's line; none once {@link error} is set (the recording is ending). */
  event(line: string): void {
    if (this.failure) return;
    this.events++;
    this.bytes += Buffer.byteLength(line);
    (this.gzip ?? this.file).write(line);
    if (this.pending() > this.maxPending) {
      this.failure = new Error(`the disk is slower than the stream: over ${this.maxPending} bytes wait to be written; the recording stops here, complete up to its last line`);
    }
  }

  /** Bytes written but not yet handed to the disk (in the gzip stream and the file stream). */
  pending(): number {
    const z = this.gzip;
    return this.file.writableLength + (z ? z.writableLength + z.readableLength : 0);
  }

  /** Ends the file (the gzip trailer included) and waits until it is on disk. */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.file.once('close', () => resolve());
      (this.gzip ?? this.file).end();
    });
  }
}
