/**
 * Everything that happens to the terminal, as one message type: a key, a push of a stream, an answer
 * to a read or a write, a connection's state, a timer's tick. Only ./update.ts turns a message into a
 * change of the state; what a message asks of the world comes back from it as an {@link Effect}, run by
 * the session (./session.ts) or the feed (./feed.ts), whose results come back as messages again.
 * Times are ms since the epoch, carried by the message so the update never reads a clock.
 */
import type { PairRules } from '../../core/usecases/orders-read.js';
import type { Row } from '../../util/row.js';
import type { Entry } from '../../ws/codec.js';
import type { Command } from './binding.js';
import type { AttachedAlgo, ConnState, LogEntry } from './state.js';

/** A market push, by the channel's kind. */
export type MarketChannel = 'depth' | 'trade' | 'kline' | 'ticker';

/** A REST snapshot of one part of the market, as the venue answered it. */
export type SnapshotPart = 'ticker' | 'book' | 'trades' | 'candles';

export type Msg =
  /** A key as the key tables name it (./session.ts keyName). */
  | { readonly kind: 'key'; readonly key: string; readonly at: number }
  /** A push of the market stream. */
  | { readonly kind: 'push'; readonly channel: MarketChannel; readonly entry: Entry }
  /** A push of the order stream (order progress, fills). */
  | { readonly kind: 'orderPush'; readonly entry: Entry; readonly at: number }
  /** A REST read of the market of `symbol` (dropped when the terminal has left that pair since). */
  | { readonly kind: 'snapshot'; readonly part: SnapshotPart; readonly symbol: string; readonly data: unknown }
  /** Balances (`GET /spot/v1/wallet`) and the pair's open orders (`GET /spot/v2/orders`). */
  | { readonly kind: 'account'; readonly symbol: string; readonly wallet: unknown; readonly orders: unknown }
  /** The pair's conditional orders as their journals say now (./algo-read.ts readAttached); `perPair`: how many are not ended, by pair. */
  | { readonly kind: 'algos'; readonly symbol: string; readonly algos: readonly AttachedAlgo[]; readonly at: number; readonly perPair?: ReadonlyMap<string, number> }
  /** A ticker of a followed pair (push or REST), taken at `at` (ms). */
  | { readonly kind: 'watchTicker'; readonly entry: Entry; readonly at: number }
  /** One-minute candles of a followed pair (`GET /spot/v1/symbols/kline`): its spark before the pushes. */
  | { readonly kind: 'watchCandles'; readonly symbol: string; readonly data: unknown }
  /** The open orders of a followed pair (`GET /spot/v2/orders`), for its count. */
  | { readonly kind: 'watchOrders'; readonly symbol: string; readonly orders: unknown }
  /** The pair's ended orders (`GET /spot/v2/orders`, filled and cancelled) and the newest page of its fills. */
  | { readonly kind: 'history'; readonly symbol: string; readonly orders: unknown; readonly fills: readonly Row[] }
  /** The read of the history failed. */
  | { readonly kind: 'historyFailed'; readonly symbol: string; readonly text: string; readonly at: number }
  /** One order's fills as read (Enter on it in the history); `failed`: the read's error. */
  | { readonly kind: 'orderFills'; readonly symbol: string; readonly orderId: string; readonly rows: readonly Row[]; readonly failed?: string; readonly at: number }
  /**
   * A mouse event (SGR reporting): a press of the left button or a wheel notch, at a cell counted from
   * 0, on a screen of `columns` x `rows` (the layout the click fell on).
   */
  | { readonly kind: 'mouse'; readonly button: 'left' | 'wheelUp' | 'wheelDown'; readonly x: number; readonly y: number; readonly columns: number; readonly rows: number; readonly at: number }
  /** Rows of the pair's fills; `complete`: every fill is in (the P&L is ready). */
  | { readonly kind: 'fills'; readonly symbol: string; readonly rows: readonly Row[]; readonly complete: boolean }
  /** The read of every fill failed: the P&L says so. */
  | { readonly kind: 'fillsFailed'; readonly symbol: string }
  /** A connection's state; `private`: the order stream's. */
  | { readonly kind: 'conn'; readonly which: 'public' | 'private'; readonly state: ConnState }
  /** The order stream's subscription acknowledged. */
  | { readonly kind: 'subscribed' }
  /** The connections' counters, copied before a frame. */
  | { readonly kind: 'counters'; readonly lastMessageAt: number; readonly reconnects: number }
  /** A line for the last-action log (a notice, a read that failed, a note of the order path). */
  | { readonly kind: 'log'; readonly level: LogEntry['kind']; readonly text: string; readonly at: number }
  /** The answer of a write an effect sent (the key that asked for it marked it as being sent). */
  | { readonly kind: 'sent'; readonly outcome: { readonly kind: 'ok' | 'rejected' | 'unknown'; readonly text: string }; readonly at: number }
  /** The pair's rules are read: the terminal is on `symbol` from now on, its market and account empty. */
  | { readonly kind: 'switched'; readonly symbol: string; readonly rules: PairRules; readonly at: number }
  /** The timer of the conditional orders' journals. */
  | { readonly kind: 'tick'; readonly at: number };

/**
 * What an update asks of the world: a write or a switch for the venue (a key's {@link Command}), or
 * work of the feed, or the bell. Nothing here changes the state; its results come back as messages.
 */
export type Effect =
  | Command
  /** Balances, open orders and conditional orders read again soon (bursts coalesced). */
  | { readonly kind: 'refreshAccount' }
  /** The conditional orders' journals read again now. */
  | { readonly kind: 'readAlgos' }
  /** The fee of a pushed fill: the order's fills read with the next account read. */
  | { readonly kind: 'readFee'; readonly orderId: string }
  /** `fill`: one of your orders traded; `alarm`: a conditional order failed. */
  | { readonly kind: 'bell'; readonly why: 'fill' | 'alarm' | 'alert' };
