/** The shape of the saved exchange state: read by its file (./state.ts) and its consistency check (./state-check.ts). */
import type { AccountRec } from './accounts.js';
import type { LedgerData } from './engine/ledger.js';
import type { FillRec, OrderRec, TradeRec } from './engine/types.js';
import type { SimState } from './market/sim.js';
import type { Candle } from './market/tape.js';

export interface TapeState {
  readonly last: string;
  readonly trades: TradeRec[];
  /** Candles since the start (history before it is regenerated from the seed). */
  readonly candles: Candle[];
}

export interface ExchangeState {
  readonly version: number;
  readonly seed: number;
  /** ms of the minute the exchange was first started: history ends there. */
  readonly genesis: number;
  readonly nextId: string;
  readonly nextAccount: number;
  readonly accounts: AccountRec[];
  readonly ledger: LedgerData;
  readonly orders: OrderRec[];
  readonly fills: FillRec[];
  readonly sim: SimState;
  readonly tapes: Record<string, TapeState>;
}
