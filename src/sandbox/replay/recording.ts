/**
 * Reads a recording (format.ts) whole, checking every line (held in memory: about the file's
 * uncompressed size): a file that is not one, or is damaged,
 * is refused naming the file and the line, before the sandbox listens. Gzip is told by its magic
 * bytes, so a renamed file still reads. A file cut short by a killed recorder reads up to its last whole line.
 */
import { readFileSync } from 'node:fs';
import { constants, gunzipSync } from 'node:zlib';
import { FORMAT, FORMAT_VERSION, type RecordedEvent, type RecordingHeader } from './format.js';

export class RecordingFileError extends Error {
  constructor(readonly path: string, message: string) {
    super(`${path}: ${message}`);
    this.name = 'RecordingFileError';
  }
}

export interface Recording {
  readonly header: RecordingHeader;
  /** In file order; `t` never decreases (an earlier time than the line before is read as that line's). */
  readonly events: readonly RecordedEvent[];
}

function object(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function contents(path: string): Buffer {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    throw new RecordingFileError(path, `cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  try {
    // A recording cut short (the recorder killed) still reads up to where it stops.
    return gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH });
  } catch (err) {
    throw new RecordingFileError(path, `damaged gzip (${(err as Error).message})`);
  }
}

/**
 * The lines of `bytes`, each decoded alone (a day of data may exceed the longest string a JS engine
 * makes); a last line without its newline is left out unless it is whole JSON (a recorder cut short).
 */
function* lines(bytes: Buffer): Generator<string> {
  for (let at = 0; at < bytes.length; ) {
    const end = bytes.indexOf(0x0a, at);
    const text = bytes.toString('utf8', at, end < 0 ? bytes.length : end);
    if (end < 0 && !object(text)) return;
    yield text;
    at = end < 0 ? bytes.length : end + 1;
  }
}

/** The recording at `path`; throws {@link RecordingFileError} when it is not one. */
export function readRecording(path: string): Recording {
  const it = lines(contents(path));
  const first = it.next();
  const h = first.done ? undefined : object(first.value);
  if (!h || h.format !== FORMAT) throw new RecordingFileError(path, `not a recording of bm record (its first line is not a ${FORMAT} header)`);
  if (h.version !== FORMAT_VERSION) throw new RecordingFileError(path, `recording version ${String(h.version)}, this bm reads version ${FORMAT_VERSION}`);
  if (typeof h.venue !== 'string' || typeof h.started !== 'number' || !Array.isArray(h.topics)) {
    throw new RecordingFileError(path, 'damaged header (venue, started and topics are expected)');
  }
  const events: RecordedEvent[] = [];
  let last = -Infinity;
  let n = 1;
  for (const line of it) {
    n++;
    const e = object(line);
    if (!e || typeof e.t !== 'number' || !Number.isFinite(e.t) || typeof e.raw !== 'string') {
      throw new RecordingFileError(path, `line ${n} is not a recorded event ({"t":<ms>,"raw":"<text>"} expected)`);
    }
    last = Math.max(last, e.t);
    events.push({ t: last, raw: e.raw });
  }
  return { header: h as unknown as RecordingHeader, events };
}
