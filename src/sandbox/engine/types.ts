/** The engine's own records: plain data (decimal strings, id strings) so they persist as JSON. */
import type { OrderStatus, OrderType } from '../exchange-api.js';

export interface OrderRec {
  readonly id: string;
  readonly cid: string;
  readonly acct: string;
  readonly symbol: string;
  readonly side: 'buy' | 'sell';
  readonly type: OrderType;
  /** '' for market orders. */
  readonly price: string;
  /** Base size; '0' for a market buy. */
  readonly size: string;
  /** Quote amount of a market buy, else price*size ('' for a market sell). */
  readonly notional: string;
  filledSize: string;
  filledNotional: string;
  status: OrderStatus;
  /** ms */
  readonly ct: number;
  ut: number;
  /** What is still frozen for this order: quote for a buy, base for a sell. */
  frozen: string;
}

export interface FillRec {
  readonly id: string;
  readonly orderId: string;
  readonly cid: string;
  readonly acct: string;
  readonly symbol: string;
  readonly side: 'buy' | 'sell';
  readonly price: string;
  readonly size: string;
  readonly notional: string;
  readonly fee: string;
  readonly feeCoin: string;
  readonly exec: 'M' | 'T';
  /** ms */
  readonly time: number;
}

/** One trade between a taker and a resting maker order. */
export interface TradeRec {
  readonly id: string;
  readonly symbol: string;
  readonly price: string;
  readonly size: string;
  readonly side: 'buy' | 'sell';
  /** ms */
  readonly time: number;
}
