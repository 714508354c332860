/**
 * `client.watch`: a stream's options, states and their changes, and the pushes of each channel.
 * Declarations only (shipped as dist/lib/types-streams.d.ts), re-exported by ./types.ts.
 */
import type { Data, Row } from './types-values.js';
import type { DepthLevels, KlineInterval } from './vocab.js';

export interface StreamOptions {
  /** Ends the stream (the loop finishes normally). */
  readonly signal?: AbortSignal;
  /** Told every change of the stream's state (connected, reconnecting, stale); the client's onNote gets a line too. */
  readonly onState?: (change: StreamStateChange) => void;
  /** No push for this long (ms) makes the stream `stale` (a state, the loop goes on); 0 never. Default 60000, none for `orders`. */
  readonly staleAfterMs?: number;
  /** Reconnects in a row after which the stream ends with a {@link StreamError}-like error (`code` `reconnects_exhausted`). Default 10. */
  readonly maxReconnects?: number;
}

/** A push entry, numbers as exact text. */
export type Push = Data;

/** One channel of one pair: iterate it; `ready()` resolves once the venue acknowledged the subscription. */
export interface Stream<T = Push> extends AsyncIterableIterator<T> {
  /** connecting, connected, reconnecting, stale, or closed. */
  readonly state: StreamState;
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** A ticker push (spec 6.3). */
export type TickerPush = Row<'symbol' | 'last_price' | 'open_24h' | 'high_24h' | 'low_24h' | 'base_volume_24h' | 'quote_volume_24h' | 'fluctuation' | 'bid_px' | 'bid_sz' | 'ask_px' | 'ask_sz' | 's_t'>;
/** A book push: `[price, size]` levels, best first (spec 6.3). */
export type DepthPush = { readonly symbol: string; readonly asks: ReadonlyArray<readonly [string, string]>; readonly bids: ReadonlyArray<readonly [string, string]> } & Data;
/** A public trade (spec 6.3). */
export type TradePush = Row<'symbol' | 'price' | 'side' | 'size' | 's_t'>;
/** A candle: `[time (s), open, high, low, close, volume]` (spec 6.3). */
export type KlinePush = { readonly symbol: string; readonly candle: readonly string[] } & Data;
/** Progress of one of your orders, every field text (spec 6.3); `state` is the order status. */
export type OrderPush = Row<'symbol' | 'order_id' | 'client_order_id' | 'price' | 'size' | 'notional' | 'side' | 'type' | 'state' | 'filled_size' | 'filled_notional' | 'last_fill_price' | 'last_fill_count' | 'last_fill_time' | 'exec_type' | 'detail_id' | 'ms_t'>;

/** `client.watch`: the WebSocket channels, with reconnect, resubscribe and login handled. */
export interface WatchApi {
  ticker(symbol: string, opts?: StreamOptions): Stream<TickerPush>;
  /** Book snapshots: `levels` per side (default 20). */
  depth(symbol: string, opts?: StreamOptions & { readonly levels?: DepthLevels }): Stream<DepthPush>;
  trades(symbol: string, opts?: StreamOptions): Stream<TradePush>;
  /** Candles (default interval 1m). */
  kline(symbol: string, opts?: StreamOptions & { readonly interval?: KlineInterval }): Stream<KlinePush>;
  /**
   * Your orders' progress on a pair (logged in with the client's credentials). After a reconnect your
   * orders are read again, and each that changed meanwhile comes as a push of where it stands (no fill details).
   */
  orders(symbol: string, opts?: StreamOptions): Stream<OrderPush>;
  /** Closes every stream still open. */
  closeAll(): Promise<void>;
}

/** A stream's state: `connected` (subscribed, or back after a drop), `reconnecting` (the connection dropped; trying again), `stale` (no push for `staleAfterMs`). */
export type StreamState = 'connecting' | 'connected' | 'reconnecting' | 'stale' | 'closed';

/** A change of a stream's state, as given to `onState`. */
export interface StreamStateChange {
  readonly state: StreamState;
  /** When (epoch ms). */
  readonly at: number;
  /** Reconnect attempts since the stream was last connected (`reconnecting`). */
  readonly attempt?: number;
  /** ms since the last push (`stale`). */
  readonly silentMs?: number;
}
