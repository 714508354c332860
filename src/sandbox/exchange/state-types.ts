/** The shape of the saved exchange state: read by its file (./state.ts) and its consistency check (./state-check.ts). */
import type { AccountRec } from '../accounts.js';
import type { LedgerData } from '../engine/ledger.js';
import type { Withdrawal } from './withdrawals.js';
import type { FillRec, OrderRec } from '../engine/types.js';
import type { SimState } from '../market/sim.js';
import type { TapeState } from '../market/tape.js';
export type { TapeState } from '../market/tape.js';

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
  /** Withdrawals made on the paper ledger, oldest first (absent in a state saved before there were any). */
  readonly withdrawals?: Withdrawal[];
}
