/**
 * Everything the trading terminal shows, as plain data: the slices of ./slices.ts (market, account,
 * feed) and the interface's own (./ui-state.ts). The screen is a function of this and the terminal
 * size; only ./update.ts changes it, message by message.
 */
import type { Side } from '../../api/catalogue/vocab.js';
import type { PairRules } from '../../core/usecases/orders-read.js';
import type { TickerBoard } from '../../core/usecases/live.js';
import { emptyAccount, emptyHistory, emptyMarket, type Account, type Feed, type History, type Market, type OpenOrder, type Quote, type Versions, type Watch } from './slices.js';
import type { CandleStep } from './step.js';
import type { LogEntry, Ui } from './ui-state.js';

export type { Side };
export type { AlgoExit, AttachedAlgo, BracketForm, PendingAttach } from './algo-types.js';
export { emptyAccount, emptyHistory, emptyMarket, SLICES } from './slices.js';
export type { Account, Balance, Candle, ConnState, Feed, History, Level, Market, OpenOrder, PastFill, PastOrder, Quote, Slice, Ticker, Trade, Versions, Watch } from './slices.js';
export type { Form, LogEntry, Mode, PendingCancel, Ui } from './ui-state.js';

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
  /** Mouse reporting is on. */
  readonly mouse: boolean;
  /** The command an alert armed with A runs when it fires (`--alert-exec`); none: it notifies only. */
  readonly alertExec: string | undefined;
  market: Market;
  account: Account;
  feed: Feed;
  watch: Watch;
  history: History;
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
  /** The watchlist's pairs and the board that keeps their tickers (none: an empty watchlist). */
  readonly watch?: { readonly pairs: readonly string[]; readonly board?: TickerBoard };
  /** Mouse reporting is on (clicks and the wheel reach the update). */
  readonly mouse?: boolean;
  readonly alertExec?: string | undefined;
}

export function initialState(init: StateInit): TradeState {
  const { watch, ...rest } = init;
  return {
    ...rest,
    bell: init.bell ?? false,
    mouse: init.mouse ?? false,
    alertExec: init.alertExec,
    watch: { pairs: [...(watch?.pairs ?? [])], board: watch?.board, at: 0, orders: new Map(), algos: new Map(), index: 0 },
    history: emptyHistory(),
    market: emptyMarket(),
    account: emptyAccount(),
    feed: { state: 'idle', privateState: init.readOnly ? undefined : 'idle', lastMessageAt: 0, reconnects: 0 },
    ui: { mode: 'main', focus: init.readOnly ? 'book' : 'orders', selected: undefined, level: { book: 'ask', index: 0 }, group: 1, form: undefined, confirm: undefined, cancel: undefined, pair: undefined, log: [], busy: undefined, depth: false, swap: undefined, logBack: 0 },
    versions: { pair: 0, book: 0, trades: 0, candles: 0, ticker: 0, last: 0, account: 0, feed: 0, ui: 0, log: 0, watch: 0, history: 0 },
    derived: {},
  };
}

/** Adds a line to the last-action log. */
export function logAction(s: TradeState, kind: LogEntry['kind'], text: string, at: number): void {
  s.ui.log.push({ at, text, kind });
  if (s.ui.log.length > LOG_KEPT) s.ui.log.shift();
  s.versions.log++;
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
  return { asks: s.market.asks, bids: s.market.bids, last: lastPrice(s) };
}

/** The last price: the ticker's, else the newest trade's. */
export function lastPrice(s: Pick<TradeState, 'market'>): string | undefined {
  return s.market.ticker?.last || s.market.trades[0]?.price;
}
