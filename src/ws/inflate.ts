/**
 * Binary frames inflated, with a cap on what one frame may inflate to. The spec says "zlib/DEFLATE":
 * raw DEFLATE (RFC 1951) and zlib-wrapped DEFLATE (RFC 1950) are both read, the wrapping told by its
 * two-byte header and the other tried when the first reading fails.
 *
 * Raw DEFLATE frames are inflated on one reused zlib handle. Every frame of the venue is a
 * stream of its own, and `inflateRawSync` builds a new zlib stream object (and its window) for each:
 * that churn was most of a live view's CPU. Here one handle inflates each frame whole and is reset.
 * The handle is node's own (`_handle`, `_writeState`), so anything unexpected (an error, a frame larger
 * than the buffer, another node) falls back to `inflateRawSync` for that frame and starts a fresh handle.
 */
import { constants, createInflateRaw, inflateRawSync, inflateSync, type InflateRaw } from 'node:zlib';

/** Room for one inflated frame; larger ones take the fallback. */
const ROOM = 256 * 1024;

/**
 * Bytes one frame may inflate to (and one frame may carry): far above the largest push (a 200-level
 * book is tens of KB), far below what would hurt. Beyond it zlib stops at once with ERR_BUFFER_TOO_LARGE.
 */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;

/** True when the bytes open with a zlib header (RFC 1950: CM 8, window <= 32K, check bits). */
export function zlibWrapped(b: Uint8Array): boolean {
  return b.length >= 2 && (b[0]! & 0x0f) === 8 && b[0]! >> 4 <= 7 && ((b[0]! << 8) | b[1]!) % 31 === 0;
}

function tooLarge(err: unknown): boolean {
  return (err as NodeJS.ErrnoException)?.code === 'ERR_BUFFER_TOO_LARGE';
}

/** Inflates a frame of either wrapping within {@link MAX_FRAME_BYTES}; throws when neither reading works. */
export function inflateEither(bytes: Uint8Array, first: 'raw' | 'zlib' = zlibWrapped(bytes) ? 'zlib' : 'raw'): string {
  const opts = { maxOutputLength: MAX_FRAME_BYTES };
  const read = (how: 'raw' | 'zlib') => (how === 'raw' ? inflateRawSync(bytes, opts) : inflateSync(bytes, opts)).toString('utf8');
  try {
    return read(first);
  } catch (err) {
    if (tooLarge(err)) throw err;
    try {
      return read(first === 'raw' ? 'zlib' : 'raw');
    } catch (again) {
      throw tooLarge(again) ? again : err;
    }
  }
}

interface Handle {
  writeSync(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): void;
  reset(): void;
}

/** An inflater that keeps one zlib handle across frames. */
export function reusedInflater(): (bytes: Uint8Array) => string {
  const out = Buffer.allocUnsafe(ROOM);
  let stream: InflateRaw | undefined;
  const fresh = (): InflateRaw => {
    const s = createInflateRaw();
    // zlib reports a bad or truncated frame later, as an event: the state check below catches it at
    // once, and the event is only kept from being unhandled.
    s.on('error', () => {});
    return s;
  };
  return (bytes) => {
    if (zlibWrapped(bytes)) return inflateEither(bytes, 'zlib');
    try {
      stream ??= fresh();
      const internals = stream as unknown as { _handle?: Handle; _writeState?: Uint32Array };
      const handle = internals._handle;
      const state = internals._writeState;
      if (!handle || !state || typeof handle.writeSync !== 'function') throw new Error('no zlib handle');
      // A failed write leaves the state untouched: input left over then says it failed.
      state[0] = 0;
      state[1] = bytes.length || 1;
      handle.writeSync(constants.Z_FINISH, bytes, 0, bytes.length, out, 0, ROOM);
      const availOut = state[0]!;
      const availIn = state[1]!;
      if (availIn !== 0 || availOut === 0) throw new Error('frame not inflated whole');
      handle.reset();
      return out.toString('utf8', 0, ROOM - availOut);
    } catch {
      stream?.destroy();
      stream = undefined;
      return inflateEither(bytes, 'raw');
    }
  };
}
