/**
 * Everything the trading terminal shows, as plain data: the market of one pair, the account's side
 * of it, the feed's health and the interface's own state. The screen is a function of this and the
 * terminal size; keys and pushes change it. Prices and sizes stay the venue's strings.
 */
import type { OrderType, Side } from '../../api/catalogue/vocab.js';
import type { CheckedOrder } from '../../core/order/check.js';
import type { PairRules } from '../../core/order/pairs.js';
import type { AttachedAlgo, BracketForm, PendingAttach } from './algo-types.js';
import { emptyPnl, type TradePnl } from './pnl.js';
import type { CandleStep } from './step.js';

export type { Side };
export type { AlgoExit, AttachedAlgo, BracketForm, PendingAttach } from './algo-types.js';
export type Level = readonly [price: string, size: string];

/** What the market looks like to a confirmation: the live book's two sides and the last price. */
export interface Quote {
  readonly asks: readonly Level[];
  readonly bids: readonly Level[];
  readonly last: string | undefined;
}

/** The order form as typed (edited by ./form.ts). */
export interface Form {
  readonly side: Side;
  /** The screen places the two plain types of the vocabulary. */
  readonly type: Extract<OrderType, 'limit' | 'market'>;
  /** Base quantity; for a market buy, the quote amount to spend. */
  readonly size: string;
  readonly price: string;
  readonly focus: 'size' | 'price';
  /** Why the last Enter did not go on to the confirmation. */
  readonly error: string | undefined;
  /** Percent of the available balance last applied by a preset. */
  readonly preset: number | undefined;
  /** The open order this form amends (cancel, then replace); undefined for a new order. */
  readonly amends?: OpenOrder;
  /**
   * A stop or take-profit attached to an order (`order`: it arms on that order's fills) or to the
   * position: the price field is its trigger.
   */
  readonly attach?: { readonly kind: 'stop' | 'take-profit'; readonly of: string; readonly order?: OpenOrder };
}

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

/** Counters bumped on every change of a part, so panes redraw only when their data changed. */
export interface Versions {
  book: number;
  trades: number;
  candles: number;
  ticker: number;
  account: number;
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

export type Mode = 'main' | 'form' | 'bracket' | 'confirm' | 'attach' | 'cancel' | 'pair' | 'help' | 'log';

export interface LogEntry {
  /** ms */
  readonly at: number;
  readonly text: string;
  readonly kind: 'ok' | 'error' | 'unknown' | 'info';
}

/** A cancel waiting for `y`: one order, or every order of the pair. */
export type PendingCancel =
  | { readonly all: false; readonly order: OpenOrder }
  | { readonly all: true; readonly count: number }
  | { readonly all: false; readonly algo: AttachedAlgo };

export interface Ui {
  mode: Mode;
  /** Which pane Up/Down move in. */
  focus: 'orders' | 'book';
  /** Selected open order (id); undefined: the newest. */
  selected: string | undefined;
  /** Selected book level: its side of the book and distance from the spread (0 = best). */
  level: { book: 'ask' | 'bid'; index: number };
  /** Price grouping, in ticks of the pair's precision (1, 10, 100, 1000). */
  group: number;
  form: Form | undefined;
  /** The checked order waiting for `y` (its market context is worked out as the market moves). */
  confirm: { readonly order: CheckedOrder; readonly amends?: OpenOrder } | undefined;
  /** A stop, take-profit, oco or bracket planned from a form, waiting for `y` (./attach-plan.ts). */
  attach?: PendingAttach | undefined;
  /** The bracket order form (./bracket.ts). */
  bracket?: BracketForm | undefined;
  cancel: PendingCancel | undefined;
  /** The pair prompt's text and the selected match. */
  pair: { text: string; index: number } | undefined;
  /** Newest last. */
  log: LogEntry[];
  /** A write is in flight: what it is. */
  busy: string | undefined;
}

export interface Venue {
  /** `sandbox`, `bitmart` or `custom`. */
  readonly name: string;
  readonly url: string;
  readonly profile: string;
  /** Fake money: the built-in sandbox, or a sandbox at the given address. */
  readonly paper: boolean;
}

export interface TradeState {
  symbol: string;
  rules: PairRules;
  /** Every pair of the venue (the `/` prompt completes them). */
  pairs: readonly string[];
  readonly venue: Venue;
  /** Why orders are off (no credentials), or undefined when they are on. */
  readonly readOnly: string | undefined;
  readonly step: CandleStep;
  /** Percent, as typed (`--max-deviation`); undefined: `none`, the guard is off. */
  readonly maxDeviation: string | undefined;
  readonly bell: boolean;
  market: Market;
  account: Account;
  feed: Feed;
  ui: Ui;
  versions: Versions;
  /**
   * Views worked out from the rest and kept while what they came from holds (the book as shown: see
   * book-view.ts); on the state, so a session's views are its own. Opaque here.
   */
  readonly derived: { book?: unknown };
}

export const TRADES_KEPT = 100;
export const CANDLES_KEPT = 300;
export const LOG_KEPT = 50;

export interface StateInit {
  readonly symbol: string;
  readonly rules: PairRules;
  readonly pairs: readonly string[];
  readonly venue: Venue;
  readonly readOnly: string | undefined;
  readonly step: CandleStep;
  readonly maxDeviation: string | undefined;
  readonly bell?: boolean;
}

export function emptyMarket(): Market {
  return { asks: [], bids: [], trades: [], candles: new Map(), ticker: undefined };
}

export function emptyAccount(): Account {
  return { balances: undefined, orders: new Map(), pnl: emptyPnl(), algos: [], dismissed: new Set() };
}

export function initialState(init: StateInit): TradeState {
  return {
    ...init,
    bell: init.bell ?? false,
    market: emptyMarket(),
    account: emptyAccount(),
    feed: { state: 'idle', privateState: init.readOnly ? undefined : 'idle', lastMessageAt: 0, reconnects: 0 },
    ui: { mode: 'main', focus: init.readOnly ? 'book' : 'orders', selected: undefined, level: { book: 'ask', index: 0 }, group: 1, form: undefined, confirm: undefined, cancel: undefined, pair: undefined, log: [], busy: undefined },
    versions: { book: 0, trades: 0, candles: 0, ticker: 0, account: 0 },
    derived: {},
  };
}

/** Adds a line to the last-action log. */
export function logAction(s: TradeState, kind: LogEntry['kind'], text: string, at: number): void {
  s.ui.log.push({ at, text, kind });
  if (s.ui.log.length > LOG_KEPT) s.ui.log.shift();
}

/** Open orders, newest first. */
export function openOrders(s: TradeState): OpenOrder[] {
  return [...s.account.orders.values()].sort((a, b) => b.time - a.time || (a.id < b.id ? 1 : -1));
}

/** The selected open order: the chosen one while it is open, else the newest. */
export function selectedOrder(s: TradeState): OpenOrder | undefined {
  const sel = s.ui.selected !== undefined ? s.account.orders.get(s.ui.selected) : undefined;
  // A conditional order selected: no open order is.
  if (!sel && s.account.algos.some((a) => a.id === s.ui.selected)) return undefined;
  return sel ?? openOrders(s)[0];
}

/** The market as a confirmation sees it: the book and the last price (the last trade's before any ticker). */
export function quoteOf(s: TradeState): Quote {
  return { asks: s.market.asks, bids: s.market.bids, last: s.market.ticker?.last || s.market.trades[0]?.price };
}
