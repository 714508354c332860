/**
 * Frames of the venue's WebSocket, classified. Text frames are `pong` or JSON; binary frames are
 * DEFLATE (raw or zlib-wrapped) holding JSON. A text frame is never inflated. A binary frame that
 * cannot be inflated, or would inflate beyond {@link MAX_FRAME_BYTES}, is its own kind: never a blank.
 */
import { inflateRawSync } from 'node:zlib';
import { parseJson } from '../util/json.js';
import { reusedInflater } from './inflate.js';

export { MAX_FRAME_BYTES } from './inflate.js';

/** One push entry as sent: decimals are strings, ids may be {@link RawNumber}. */
export type Entry = Record<string, unknown>;

export type Frame =
  | { readonly kind: 'pong' }
  /** An acknowledgement: `subscribe`/`unsubscribe` with its topic, or `login`. */
  | { readonly kind: 'event'; readonly event: string; readonly topic?: string }
  | { readonly kind: 'error'; readonly event: string; readonly code: string; readonly message: string }
  /** Data of one channel; `data` is empty for an empty push (`"data":""`); `text` as received (inflated). */
  | { readonly kind: 'push'; readonly table: string; readonly data: readonly Entry[]; readonly text: string }
  | { readonly kind: 'unknown'; readonly text: string }
  /** A binary frame that would inflate beyond the cap: `bytes` as received. */
  | { readonly kind: 'oversize'; readonly bytes: number }
  /** A binary frame that does not inflate. */
  | { readonly kind: 'garbled'; readonly bytes: number; readonly why: string };

// A value that JSON.parse could round (16+ digits, a fraction, an exponent) sits after `:`, `[` or `,`.
// Frames without one (most pushes: prices are strings) skip the lossless parser's scan.
const MAYBE_INEXACT = /[:[,]\s*-?(?:[0-9]{16}|[0-9]+[.eE])/;

/** DEFLATE bytes -> UTF-8 text; throws when they do not inflate (ERR_BUFFER_TOO_LARGE beyond the cap). */
export type Inflater = (bytes: Uint8Array) => string;

/** Node's zlib, one handle reused across frames: measured faster than pako (docs/performance.md). */
export const zlibInflate: Inflater = reusedInflater();

/** Node's zlib, a new stream per frame (the plain API; kept for the bench). */
export const zlibInflateEach: Inflater = (bytes) => inflateRawSync(bytes).toString('utf8');

/** pako's inflateRaw, loaded only when asked for (kept for the bench and as a fallback). */
export async function pakoInflater(): Promise<Inflater> {
  const pako = await import('pako');
  return (bytes) => pako.inflateRaw(bytes, { toText: true });
}

/** The payload `ws` hands to a 'message' listener, as one buffer. */
export function toBuffer(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** Classifies one frame; `binary` says which kind of frame carried it. */
export function decodeFrame(data: Buffer | ArrayBuffer | Buffer[], binary: boolean, inflate: Inflater = zlibInflate): Frame {
  const buf = toBuffer(data);
  if (!binary) return classify(buf.toString('utf8'));
  let text: string;
  try {
    text = inflate(buf);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return { kind: 'oversize', bytes: buf.length };
    return { kind: 'garbled', bytes: buf.length, why: (err as Error).message };
  }
  return classify(text);
}

/** Classifies the text of a frame (already inflated when it was binary). */
export function classify(text: string): Frame {
  const t = text.trim();
  if (t === 'pong') return { kind: 'pong' };
  if (t.charCodeAt(0) !== 123 /* { */) return { kind: 'unknown', text };
  let msg: Record<string, unknown>;
  try {
    msg = (MAYBE_INEXACT.test(t) ? parseJson(t) : JSON.parse(t)) as Record<string, unknown>;
  } catch {
    return { kind: 'unknown', text };
  }
  if (msg === null || typeof msg !== 'object') return { kind: 'unknown', text };
  if (typeof msg.table === 'string') {
    const data = Array.isArray(msg.data) ? (msg.data.filter((e) => e !== null && typeof e === 'object') as Entry[]) : [];
    return { kind: 'push', table: msg.table, data, text };
  }
  const event = typeof msg.event === 'string' ? msg.event : '';
  if (msg.errorCode !== undefined && msg.errorCode !== null && msg.errorCode !== '') {
    return { kind: 'error', event, code: String(msg.errorCode), message: String(msg.errorMessage ?? '') };
  }
  if (event) return { kind: 'event', event, ...(typeof msg.topic === 'string' ? { topic: msg.topic } : {}) };
  return { kind: 'unknown', text };
}
