/**
 * Where the matching engine (./engine.ts) meets its owner, the exchange: the hooks through which the
 * engine takes ids and tells of trades, orders and books, and how a caller names one order.
 */
import type { FeeRates } from './settle.js';
import type { FillRec, Order, TradeRec } from './types.js';

export interface EngineHooks {
  nextId(): string;
  trade(t: TradeRec): void;
  order(o: Order, fill?: FillRec): void;
  book(symbol: string): void;
  /** Simulated accounts: their finished orders and their fills are not kept, nor their open orders saved. */
  internal(acct: string): boolean;
  /** The exchange's fee rates; absent: the sandbox's (settle.ts). */
  readonly fees?: FeeRates;
}

export interface OrderRef {
  order_id?: string;
  client_order_id?: string;
}
