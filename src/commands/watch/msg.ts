/**
 * Everything that happens to `bm watch`, as one message type: a push of the market, an order's progress
 * (pushed, or read back after a gap), the candles read before the stream's, the connection's counters.
 * Only ./update.ts turns a message into a change of the state (./state.ts).
 */
import type { ConnState } from '../../ws/connection.js';
import type { Entry } from '../../ws/codec.js';

export type WatchMsg =
  /** A push of a public channel (`table` names it). */
  | { readonly kind: 'push'; readonly table: string; readonly entry: Entry }
  /** An order's progress, shaped as the order channel pushes it (a recovery's entries are too). */
  | { readonly kind: 'order'; readonly entry: Entry }
  /** The REST candles of `symbol` (`[start s, open, high, low, close, volume]`, oldest first). */
  | { readonly kind: 'candles'; readonly symbol: string; readonly candles: readonly (readonly unknown[])[] }
  /** The connection's counters, copied before a frame. */
  | {
    readonly kind: 'counters';
    readonly state: ConnState;
    readonly lastMessageAt: number;
    readonly reconnects: number;
    readonly messages: number;
    readonly notice: string;
  };
