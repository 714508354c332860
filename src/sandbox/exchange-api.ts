/**
 * The sandbox exchange as the rest of the sandbox sees it: the REST routes, the WebSocket server and
 * the legacy routes all drive one exchange through this interface. Money is decimal strings; ids are
 * decimal strings of integers (they exceed 2^53 and are written to the wire as JSON numbers).
 */
import type { OrderType as VocabOrderType, Side, StpMode as VocabStpMode } from '../api/catalogue/vocab.js';
import type { STATUS_NUMBER } from '../api/catalogue/statuses.js';

export type Permission = 'read-only' | 'trade' | 'withdraw';

export interface SandboxAccount {
  readonly id: string;
  readonly key: string;
  readonly secret: string;
  readonly memo: string;
  readonly permissions: Permission;
}

/** Spec 2.2. */
export interface PairDetails {
  readonly symbol: string;
  readonly symbol_id: number;
  readonly base_currency: string;
  readonly quote_currency: string;
  readonly quote_increment: string;
  readonly base_min_size: string;
  readonly base_max_size: string;
  readonly price_min_precision: number;
  readonly price_max_precision: number;
  readonly expiration: string;
  readonly min_buy_amount: string;
  readonly min_sell_amount: string;
  readonly trade_status: string;
}

/** Spec 2.3 plus the later WebSocket fields. */
export interface TickerView {
  readonly symbol: string;
  readonly last_price: string;
  readonly base_volume_24h: string;
  readonly quote_volume_24h: string;
  readonly high_24h: string;
  readonly low_24h: string;
  readonly open_24h: string;
  readonly close_24h: string;
  readonly fluctuation: string;
  readonly best_ask: string;
  readonly best_ask_size: string;
  readonly best_bid: string;
  readonly best_bid_size: string;
  readonly url: string;
  /** ms */
  readonly ms_t: number;
}

/** A public trade. `side` is the taker's side. */
export interface TradeView {
  readonly trade_id: string;
  readonly symbol: string;
  readonly price: string;
  readonly size: string;
  readonly side: Side;
  /** ms */
  readonly time: number;
}

/** A candle; `timestamp` in seconds, start of the step. */
export interface KlineView {
  readonly timestamp: number;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  readonly last_price: string;
  readonly volume: string;
  readonly quote_volume: string;
}

export interface DepthView {
  /** [price, size], best first. */
  readonly bids: ReadonlyArray<readonly [string, string]>;
  readonly asks: ReadonlyArray<readonly [string, string]>;
  /** ms of the last change */
  readonly ms_t: number;
}

/** The order types of the interface (the catalogue's vocabulary). */
export type OrderType = VocabOrderType;
/** The states a sandbox order takes (spec 3: 4 pending, 5 partially filled, 6 filled, 8 cancelled). */
export type OrderStatus = (typeof STATUS_NUMBER)['pending' | 'partially_filled' | 'filled' | 'cancelled'];

export interface OrderView {
  readonly order_id: string;
  readonly client_order_id: string;
  readonly account_id: string;
  readonly symbol: string;
  readonly side: Side;
  readonly type: OrderType;
  readonly price: string;
  readonly size: string;
  readonly notional: string;
  readonly filled_size: string;
  readonly filled_notional: string;
  readonly price_avg: string;
  readonly status: OrderStatus;
  /** ms */
  readonly create_time: number;
  readonly update_time: number;
}

/** One side of a trade as the account that took part sees it (spec 2.8). */
export interface FillView {
  readonly detail_id: string;
  readonly order_id: string;
  readonly client_order_id: string;
  readonly account_id: string;
  readonly symbol: string;
  readonly side: Side;
  readonly price: string;
  readonly size: string;
  readonly notional: string;
  readonly fees: string;
  readonly fee_coin_name: string;
  readonly exec_type: 'M' | 'T';
  /** ms */
  readonly create_time: number;
}

/** Self-trade prevention (facts.md 5): what happens when an order meets a resting order of the same account. */
/** Self-trade prevention modes (the catalogue's vocabulary). */
export type StpMode = VocabStpMode;

export interface PlaceRequest {
  readonly symbol: string;
  readonly side: Side;
  readonly type: OrderType;
  readonly size?: string;
  readonly price?: string;
  readonly notional?: string;
  readonly client_order_id?: string;
  /** Default none: an account may trade with itself. */
  readonly stpMode?: StpMode;
}

export interface Balance {
  readonly currency: string;
  readonly name: string;
  readonly available: string;
  readonly frozen: string;
}

/** Raised by exchange operations: a code of spec section 7 and its message. */
export class ExchangeError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ExchangeError';
  }
}

export interface ExchangeEvents {
  /** Every public trade. */
  trade: (t: TradeView) => void;
  /** The book of `symbol` changed. */
  book: (symbol: string) => void;
  /** An order was placed, (partially) filled or cancelled; `fill` is the fill that moved it, if any. */
  order: (o: OrderView, fill?: FillView) => void;
  /** Balances of an account moved outside trading (a withdrawal): the currencies that moved. */
  funding: (accountId: string, currencies: readonly string[]) => void;
}

export interface ExchangeApi {
  on<E extends keyof ExchangeEvents>(event: E, fn: ExchangeEvents[E]): void;
  off<E extends keyof ExchangeEvents>(event: E, fn: ExchangeEvents[E]): void;
  symbols(): string[];
  details(symbol: string): PairDetails | undefined;
  ticker(symbol: string): TickerView;
  depth(symbol: string, levels: number): DepthView;
  /** Most recent first. */
  trades(symbol: string, n: number): TradeView[];
  /** Candles with fromSec <= timestamp <= toSec, oldest first. */
  klines(symbol: string, stepMinutes: number, fromSec: number, toSec: number): KlineView[];
  accountByKey(key: string): SandboxAccount | undefined;
  createAccount(deposit: Readonly<Record<string, string>>, permissions?: Permission): SandboxAccount;
  balances(accountId: string): Balance[];
  /** Throws {@link ExchangeError} (50006..., 50020...) when refused. */
  placeOrder(accountId: string, req: PlaceRequest): OrderView;
  /** Throws 50030 (already cancelled), 50031 (completed), 50032 (no such order). */
  cancelOrder(accountId: string, symbol: string, ref: { order_id?: string; client_order_id?: string }): OrderView;
  cancelAll(accountId: string, symbol: string, side?: Side): OrderView[];
  order(accountId: string, symbol: string, ref: { order_id?: string; client_order_id?: string }): OrderView | undefined;
  /** Most recent first. */
  orders(accountId: string, symbol: string, statuses: readonly OrderStatus[], n: number): OrderView[];
  /** Most recent first. */
  fills(accountId: string, symbol: string, orderId?: string): FillView[];
}
