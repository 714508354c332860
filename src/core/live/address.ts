/**
 * Stream addresses: the venue's WebSocket address, the path of the public or the private channels,
 * and the protocol version, all from the catalogue's stream entry (spec 6.1).
 */
import { STREAM } from '../../api/catalogue/protocol.js';

/** Which channels a connection carries: the public ones, or the private ones after a login. */
export type StreamSide = 'public' | 'private';

/** The address of `side`'s stream at `base` (`ws://host` or `wss://host/path`, trailing slashes ignored). */
export function streamAddress(base: string, side: StreamSide): string {
  return `${base.replace(/\/+$/, '')}${side === 'private' ? STREAM.privatePath : STREAM.publicPath}${STREAM.query}`;
}
