/**
 * The terminal's data as slices: the market of one pair, the account's side of it and the feeds'
 * health, each slice with a version that ./update.ts bumps when it changes it. A pane names the slices
 * it reads (./layout.ts); its lines are kept while their versions hold. Prices and sizes stay the venue's strings.
 */
import type { Side } from '../../api/catalogue/vocab.js';
import type { LiveLevel as Level } from '../../core/usecases/order-preview.js';
import type { TickerBoard } from '../../core/usecases/live.js';
import type { AttachedAlgo } from './algo-types.js';
import { emptyPnl, type TradePnl } from './pnl.js';

/** A book level ([price, size]) and what the market looks like to a confirmation (the live book's two sides and the last price): the preview use case's shapes. */
export type { LiveLevel as Level, LiveQuote as Quote } from '../../core/usecases/order-preview.js';

export interface Trade {
  /** HH:MM:SS (UTC), worked out once when the trade arrives. */
  readonly time: string;
  readonly side: string;
  readonly price: string;
  readonly size: string;
}

/** Epoch seconds, open, high, low, close, volume. */
export type Candle = readonly [ts: number, open: string, high: string, low: string, close: string, volume: string];

export interface OpenOrder {
  /** Order id as text (exact beyond 2^53). */
  readonly id: string;
  readonly clientOrderId: string;
  readonly side: Side;
  readonly type: string;
  readonly price: string;
  readonly size: string;
  readonly filled: string;
  /** ms of creation or last update: the newest sorts first. */
  readonly time: number;
}

export interface Balance {
  readonly available: string;
  readonly frozen: string;
}

export interface Ticker {
  readonly last: string;
  readonly open24h: string;
  readonly high24h: string;
  readonly low24h: string;
  readonly volume24h: string;
}

export interface Market {
  asks: readonly Level[];
  bids: readonly Level[];
  /** Newest first, at most {@link TRADES_KEPT}. */
  trades: Trade[];
  /** By candle start (epoch seconds). */
  candles: Map<number, Candle>;
  ticker: Ticker | undefined;
}

export interface Account {
  /** By currency; undefined until read. */
  balances: Map<string, Balance> | undefined;
  /** By order id. */
  orders: Map<string, OpenOrder>;
  /** The pair's P&L from its fills (./pnl.ts). */
  pnl: TradePnl;
  /**
   * The pair's conditional orders not yet ended, and those that failed while the terminal was open, read
   * from their journals (./algo-read.ts).
   */
  algos: AttachedAlgo[];
  /** Failed ones the user dismissed: not shown again. */
  dismissed: Set<string>;
}

/** The watchlist: the pairs followed, each live from the ticker stream (./watch.ts). */
export interface Watch {
  /** The pairs followed, in the order shown. */
  pairs: string[];
  /** Their tickers and sparks; undefined until the live layer is loaded (a printed screen has none). */
  board: TickerBoard | undefined;
  /** ms of the newest ticker taken: the sparks are drawn up to it. */
  at: number;
  /** Open order ids of each followed pair but the current one (whose open orders are the account's). */
  orders: Map<string, Set<string>>;
  /** Conditional orders not ended, by pair. */
  algos: ReadonlyMap<string, number>;
  /** The selected row. */
  index: number;
}

/** One of the pair's ended orders (filled, cancelled) as the history pane lists it; decimals as the venue sent them. */
export interface PastOrder {
  readonly id: string;
  readonly side: string;
  readonly type: string;
  /** `filled`, `cancelled`, or `part filled` (cancelled after a part filled). */
  readonly status: string;
  readonly price: string;
  /** Base asked ('' for a market buy, which asked `notional`). */
  readonly size: string;
  readonly notional: string;
  readonly filled: string;
  /** Quote amount the fills came to. */
  readonly filledNotional: string;
  /** Average fill price ('' with nothing filled). */
  readonly average: string;
  /** ms of its last change: the newest sorts first. */
  readonly time: number;
}

/** One fill of an order: price, size, fee and its currency; ms. */
export interface PastFill {
  readonly id: string;
  readonly orderId: string;
  readonly price: string;
  readonly size: string;
  readonly fee: string;
  readonly feeCoin: string;
  readonly time: number;
}

/** The history pane: the pair's recent ended orders from the venue, kept current by the order stream (./history.ts). */
export interface History {
  status: 'idle' | 'reading' | 'read' | 'failed';
  /** Newest first. */
  orders: PastOrder[];
  /** Fills by order id, as read (the newest page of the pair's, or one order's on Enter) and as pushed. */
  fills: Map<string, PastFill[]>;
  /** Orders whose own fills are being read (Enter). */
  reading: Set<string>;
  /** The selected row. */
  index: number;
  /** The order whose fills are shown, if any. */
  open: string | undefined;
}

/** A connection's state as shown; `subscribing`: the order stream logged in, its subscription not yet acknowledged. */
export type ConnState = 'snapshot' | 'idle' | 'connecting' | 'login' | 'subscribing' | 'ready' | 'waiting' | 'closed';

export interface Feed {
  state: ConnState;
  /** State of the private (order progress) connection; undefined without credentials. */
  privateState: ConnState | undefined;
  /** ms of the last frame received on either connection; 0 before any. */
  lastMessageAt: number;
  reconnects: number;
}

/**
 * The versions of the state's slices, bumped by the update on every change of a slice: `pair` (the
 * symbol, its rules), `book`, `trades`, `candles`, `ticker` (the market), `account` (balances, open
 * orders, P&L, conditional orders), `feed` (the connections), `ui` (modes, forms, selections, what is
 * being sent), `log` (the last actions), `watch` (the watchlist's pairs, tickers and counts), `history`
 * (the pair's ended orders and their fills), and `last`: the last price (the ticker's, else the newest
 * trade's), which moves far less often than the trades that carry it.
 */
export interface Versions {
  pair: number;
  book: number;
  trades: number;
  candles: number;
  ticker: number;
  last: number;
  account: number;
  feed: number;
  ui: number;
  log: number;
  watch: number;
  history: number;
}

/** A slice of the state, by the name of its version. */
export type Slice = keyof Versions;

export const SLICES: readonly Slice[] = ['pair', 'book', 'trades', 'candles', 'ticker', 'last', 'account', 'feed', 'ui', 'log', 'watch', 'history'];

export function emptyMarket(): Market {
  return { asks: [], bids: [], trades: [], candles: new Map(), ticker: undefined };
}

export function emptyAccount(): Account {
  return { balances: undefined, orders: new Map(), pnl: emptyPnl(), algos: [], dismissed: new Set() };
}

export function emptyHistory(): History {
  return { status: 'idle', orders: [], fills: new Map(), reading: new Set(), index: 0, open: undefined };
}
