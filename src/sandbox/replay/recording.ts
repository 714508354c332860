/**
 * Reads a recording (format.ts) whole, checking every line: a file that is not one, or is damaged,
 * is refused naming the file and the line, before the sandbox listens. Gzip is told by its magic
 * bytes, so a renamed file still reads.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
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

function contents(path: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    throw new RecordingFileError(path, `cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes.toString('utf8');
  try {
    return gunzipSync(bytes).toString('utf8');
  } catch (err) {
    throw new RecordingFileError(path, `damaged gzip (${(err as Error).message})`);
  }
}

/** The recording at `path`; throws {@link RecordingFileError} when it is not one. */
export function readRecording(path: string): Recording {
  const lines = contents(path).split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const h = lines.length ? object(lines[0]!) : undefined;
  if (!h || h.format !== FORMAT) throw new RecordingFileError(path, `not a recording of bm record (its first line is not a ${FORMAT} header)`);
  if (h.version !== FORMAT_VERSION) throw new RecordingFileError(path, `recording version ${String(h.version)}, this bm reads version ${FORMAT_VERSION}`);
  if (typeof h.venue !== 'string' || typeof h.started !== 'number' || !Array.isArray(h.topics)) {
    throw new RecordingFileError(path, 'damaged header (venue, started and topics are expected)');
  }
  const events: RecordedEvent[] = [];
  let last = -Infinity;
  for (let i = 1; i < lines.length; i++) {
    const e = object(lines[i]!);
    if (!e || typeof e.t !== 'number' || !Number.isFinite(e.t) || typeof e.raw !== 'string') {
      throw new RecordingFileError(path, `line ${i + 1} is not a recorded event ({"t":<ms>,"raw":"<text>"} expected)`);
    }
    last = Math.max(last, e.t);
    events.push({ t: last, raw: e.raw });
  }
  return { header: h as unknown as RecordingHeader, events };
}
