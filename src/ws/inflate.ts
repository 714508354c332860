/**
 * Raw DEFLATE (RFC 1951) frames inflated on one reused zlib handle. Every frame of the venue is a
 * stream of its own, and `inflateRawSync` builds a new zlib stream object (and its window) for each:
 * that churn was most of a live view's CPU. Here one handle inflates each frame whole and is reset.
 * The handle is node's own (`_handle`, `_writeState`), so anything unexpected (an error, a frame larger
 * than the buffer, another node) falls back to `inflateRawSync` for that frame and starts a fresh handle.
 */
import { constants, createInflateRaw, inflateRawSync, type InflateRaw } from 'node:zlib';

/** Room for one inflated frame; larger ones take the fallback. */
const ROOM = 256 * 1024;

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
      return inflateRawSync(bytes).toString('utf8');
    }
  };
}
