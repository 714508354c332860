/**
 * The lines of a recording file, read as a stream (never whole: a day of data, or a gzip bomb, would not
 * fit), gunzipped when it opens with gzip's magic bytes, with a cap on one line and on the whole file,
 * both counted after decompression. Anything wrong is a {@link RecordingFileError} naming the file and
 * the line; reading stops there.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';

const MiB = 1024 * 1024;

/** Bytes (decompressed) one line and a whole recording may hold. */
export interface ReplayCaps {
  readonly lineBytes: number;
  readonly fileBytes: number;
}

/**
 * 16 MiB a line: a push is at most 4 MiB inflated (the WebSocket cap), escaped into JSON at most about
 * twice that. 512 MiB a file: hours of a busy pair's trades and books; a longer session is recorded in parts.
 */
export const REPLAY_CAPS: ReplayCaps = { lineBytes: 16 * MiB, fileBytes: 512 * MiB };

export class RecordingFileError extends Error {
  constructor(readonly path: string, message: string, readonly hint?: string) {
    super(`${path}: ${message}`);
    this.name = 'RecordingFileError';
  }
}

/** One line of the file: its number (from 1) and its text, without the newline. */
export interface Line {
  readonly n: number;
  readonly text: string;
}

/** A size in MiB for messages. */
export const mib = (bytes: number) => `${+(bytes / MiB).toFixed(2)} MiB`;

async function isGzip(path: string): Promise<boolean> {
  let fh;
  try {
    fh = await open(path, 'r');
    const head = Buffer.alloc(2);
    const { bytesRead } = await fh.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } catch (err) {
    throw new RecordingFileError(path, `cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  } finally {
    await fh?.close();
  }
}

/**
 * The file's lines in order. A last line without its newline is yielded only when it is whole JSON (a
 * file written by hand); otherwise the file was cut short and is refused, as is a gzip stream that ends early.
 */
export async function* recordingLines(path: string, caps: ReplayCaps = REPLAY_CAPS): AsyncGenerator<Line> {
  const gz = await isGzip(path);
  const file = createReadStream(path, { highWaterMark: 64 * 1024 });
  const gunzip = gz ? createGunzip() : undefined;
  const source = gunzip ? file.pipe(gunzip) : file;
  file.on('error', (e) => gunzip?.destroy(e));
  const fail = (message: string, hint?: string) => new RecordingFileError(path, message, hint);
  let n = 0;
  let total = 0;
  let parts: Buffer[] = [];
  let pending = 0;
  const tooLong = () => fail(`line ${n + 1} is longer than ${mib(caps.lineBytes)} decompressed (the cap on one line): not a recording of bm record`);
  try {
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > caps.fileBytes) {
          throw fail(`it holds more than ${mib(caps.fileBytes)} decompressed (the cap on a recording; reached in line ${n + 1})`, 'replay it in parts: record shorter spans (bm record --duration), or split the file at line boundaries, each part with the header line first');
        }
        let at = 0;
        for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a, at)) {
          if (pending + nl - at > caps.lineBytes) throw tooLong();
          parts.push(chunk.subarray(at, nl));
          const text = Buffer.concat(parts).toString('utf8');
          parts = [];
          pending = 0;
          at = nl + 1;
          yield { n: ++n, text };
        }
        if (at < chunk.length) {
          pending += chunk.length - at;
          if (pending > caps.lineBytes) throw tooLong();
          parts.push(chunk.subarray(at));
        }
      }
    } catch (err) {
      if (err instanceof RecordingFileError) throw err;
      const e = err as NodeJS.ErrnoException;
      if (gz && e.code === 'Z_BUF_ERROR') {
        const hint = n ? `keep its whole lines with: gzip -dc ${path} | head -n ${n} > part.ndjson (gzip will complain of the cut end)` : undefined;
        throw fail(`the gzip stream ends early after line ${n} (unexpected end of file): the file was cut short`, hint);
      }
      if (e.code?.startsWith('Z_')) throw fail(`damaged gzip after line ${n} (${e.message})`);
      throw fail(`cannot read it after line ${n} (${e.code ?? e.message})`);
    }
    if (pending) {
      const text = Buffer.concat(parts).toString('utf8');
      if (!wholeJson(text)) throw fail(`line ${n + 1} is cut short (the file ends inside it)`, `keep its whole lines with: head -n ${n} ${path} > part.ndjson`);
      yield { n: ++n, text };
    }
  } finally {
    file.destroy();
    gunzip?.destroy();
  }
}

function wholeJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
