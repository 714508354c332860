/**
 * A recording (format.ts) read line by line and checked: a file that is not one, or is damaged (a
 * line that is not an event, a time earlier than the line before, a line or file over its cap, a gzip
 * cut short) is refused naming the file and the line. The replay reads the file twice as a stream:
 * once whole to check it before the sandbox listens ({@link checkRecording}), then as its pushes fall
 * due ({@link recordedEvents}); memory stays about one line's size whatever the file's.
 */
import { FORMAT, FORMAT_VERSION, type RecordedEvent, type RecordingHeader } from './format.js';
import { RecordingFileError, recordingLines, REPLAY_CAPS, type ReplayCaps } from './lines.js';

export { RecordingFileError, REPLAY_CAPS, type ReplayCaps } from './lines.js';

/** What checking a recording found: its header, how many pushes, and the time of the first. */
export interface RecordingSummary {
  readonly header: RecordingHeader;
  readonly events: number;
  /** ms since the epoch of the first push; undefined without any. */
  readonly first?: number;
}

/** A whole recording in memory (small files: tests, tools). */
export interface Recording {
  readonly header: RecordingHeader;
  /** In file order; `t` never decreases. */
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

function headerOf(path: string, text: string | undefined): RecordingHeader {
  const h = text === undefined ? undefined : object(text);
  if (!h || h.format !== FORMAT) throw new RecordingFileError(path, `not a recording of bm record (its first line is not a ${FORMAT} header)`);
  if (h.version !== FORMAT_VERSION) throw new RecordingFileError(path, `recording version ${String(h.version)}, this bm reads version ${FORMAT_VERSION}`);
  if (typeof h.venue !== 'string' || typeof h.started !== 'number' || !Array.isArray(h.topics)) {
    throw new RecordingFileError(path, 'damaged header (venue, started and topics are expected)');
  }
  return h as unknown as RecordingHeader;
}

/**
 * The header first, then every push in file order, each checked; throws {@link RecordingFileError}
 * at the first line that is wrong (after yielding the lines before it).
 */
export async function* recordedEvents(path: string, caps: ReplayCaps = REPLAY_CAPS): AsyncGenerator<RecordingHeader | RecordedEvent> {
  let header: RecordingHeader | undefined;
  let last = -Infinity;
  for await (const { n, text } of recordingLines(path, caps)) {
    if (!header) {
      yield (header = headerOf(path, text));
      continue;
    }
    const e = object(text);
    if (!e || typeof e.t !== 'number' || !Number.isFinite(e.t) || typeof e.raw !== 'string') {
      throw new RecordingFileError(path, `line ${n} is not a recorded event ({"t":<ms>,"raw":"<text>"} expected)`);
    }
    if (e.t < last) throw new RecordingFileError(path, `line ${n} goes back in time: its t ${e.t} is earlier than ${last}, the line before's (times never decrease)`);
    last = e.t;
    yield { t: e.t, raw: e.raw };
  }
  if (!header) headerOf(path, undefined);
}

const isHeader = (x: RecordingHeader | RecordedEvent): x is RecordingHeader => 'format' in x;

/** Reads the whole file to check it, keeping only counts; throws {@link RecordingFileError} when it is not a recording. */
export async function checkRecording(path: string, caps: ReplayCaps = REPLAY_CAPS): Promise<RecordingSummary> {
  let header: RecordingHeader | undefined;
  let events = 0;
  let first: number | undefined;
  for await (const x of recordedEvents(path, caps)) {
    if (isHeader(x)) header = x;
    else {
      first ??= x.t;
      events++;
    }
  }
  return { header: header!, events, ...(first === undefined ? {} : { first }) };
}

/** The whole recording in memory; for small files only (the replay itself streams). */
export async function readRecording(path: string, caps: ReplayCaps = REPLAY_CAPS): Promise<Recording> {
  let header: RecordingHeader | undefined;
  const events: RecordedEvent[] = [];
  for await (const x of recordedEvents(path, caps)) {
    if (isHeader(x)) header = x;
    else events.push(x);
  }
  return { header: header!, events };
}
