/** Options and states of a {@link WsConnection}. */
import type { BmError } from '../errors.js';
import type { Entry, Inflater } from './codec.js';

export type ConnState = 'idle' | 'connecting' | 'login' | 'ready' | 'waiting' | 'closed';

export interface ConnectionOptions {
  /** Full address: the venue's, a stream path and the protocol query (src/core/live/address.ts). */
  readonly url: string;
  /** Login arguments `[key, timestamp ms, sign]`, made fresh for every (re)connect. */
  readonly login?: () => readonly [string, string, string];
  readonly inflate?: Inflater;
  /** Keep-alive timings, ms (see {@link Heartbeat}). */
  readonly pingAfterMs?: number;
  readonly pongTimeoutMs?: number;
  readonly backoffBaseMs?: number;
  readonly backoffMaxMs?: number;
  /** Failed attempts before the first successful login that make the connection give up. */
  readonly giveUpAfter?: number;
  /** Messages we send per 10 s (venue: 100; a margin for clock skew). */
  readonly sendsPer10s?: number;
  /** Connection attempts per minute (venue: 30). */
  readonly connectsPerMinute?: number;
  readonly random?: () => number;
  /** A push entry, routed to its topic by `entry.symbol`. */
  readonly onPush?: (topic: string, table: string, entry: Entry) => void;
  /** A push frame's whole text as received (after inflation), before its entries go to {@link onPush}. */
  readonly onPushText?: (text: string) => void;
  /** A subscription was acknowledged. */
  readonly onAck?: (topic: string) => void;
  readonly onState?: (state: ConnState) => void;
  /** Something the user should know that does not end the stream (a frame refused or unreadable). */
  readonly onNotice?: (line: string) => void;
  /**
   * The venue does not know the key (91002): true when a fresh key was made (a reset sandbox's
   * paper account re-created), and the login is tried once more with it.
   */
  readonly onKeyUnknown?: () => Promise<boolean>;
  /** A fatal error: the connection is closed and will not come back. */
  readonly onError?: (err: BmError) => void;
  readonly trace?: (line: string) => void;
}
