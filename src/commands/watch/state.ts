/**
 * What `bm watch` shows, as plain data in slices: the market as the live layer keeps it (`MarketState`,
 * from the pushes and the REST candles before them), your orders as last pushed or read back after a gap,
 * and the connection's counters for the status line. Each slice has a version that ./update.ts alone
 * bumps; a view draws from the slices and works again only what a moved version changed.
 */
import type { MarketState } from '../../core/usecases/live.js';
import type { Entry } from '../../ws/codec.js';
import type { ConnState } from '../../ws/connection.js';

/** Orders kept at most (the one longest unchanged goes first). */
export const ORDERS_SHOWN = 1000;

/** The connection as the status line shows it: copied from it before each frame. */
export interface WatchFeed {
  state: ConnState;
  /** ms of the last frame received; 0 before any. */
  lastMessageAt: number;
  reconnects: number;
  messages: number;
  /** The last notice of the connection ('' when none). */
  notice: string;
}

export interface WatchVersions {
  market: number;
  orders: number;
  feed: number;
}

export type WatchSlice = keyof WatchVersions;

export interface WatchState {
  readonly market: MarketState;
  /** Your orders by id, the one changed last at the end. */
  readonly orders: Map<string, Entry>;
  feed: WatchFeed;
  readonly versions: WatchVersions;
}

/** An empty state around the live layer's market (made by the caller: the live layer loads lazily). */
export function watchState(market: MarketState): WatchState {
  return {
    market,
    orders: new Map(),
    feed: { state: 'idle', lastMessageAt: 0, reconnects: 0, messages: 0, notice: '' },
    versions: { market: 0, orders: 0, feed: 0 },
  };
}
