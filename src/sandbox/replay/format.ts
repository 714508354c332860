/**
 * The recording file of `bm record`, read back by `bm sandbox serve --replay`: JSON lines, gzip when
 * the name ends in `.gz`. The first line is a header naming the format; every other line is one
 * push as received: `{"t":<receive time, ms since the epoch>,"raw":"<the push's text after inflation>"}`.
 * The text is kept as a string, so it stays byte for byte what the venue sent (numbers, spacing, key
 * order) and a reader parses it as it likes.
 */

/** The header's `format` value, and the version a reader understands. */
export const FORMAT = 'bm-recording';
export const FORMAT_VERSION = 1;

export interface RecordingHeader {
  readonly format: typeof FORMAT;
  readonly version: number;
  /** WebSocket address recorded from. */
  readonly venue: string;
  readonly topics: readonly string[];
  /** ms since the epoch when the recording began. */
  readonly started: number;
}

/** One recorded push. */
export interface RecordedEvent {
  /** ms since the epoch, when it was received. */
  readonly t: number;
  readonly raw: string;
}

export function headerLine(venue: string, topics: readonly string[], started: number): string {
  const h: RecordingHeader = { format: FORMAT, version: FORMAT_VERSION, venue, topics, started };
  return `${JSON.stringify(h)}\n`;
}

export function eventLine(t: number, raw: string): string {
  return `{"t":${t},"raw":${JSON.stringify(raw)}}\n`;
}

/** True when the file name asks for gzip. */
export function gzipped(path: string): boolean {
  return path.toLowerCase().endsWith('.gz');
}
