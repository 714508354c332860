/**
 * The words of the venue's later endpoints (beyond the spec): the v4 order states and what each of the
 * spec's numeric states is in them, the query states, order modes, and the balance push's event types.
 */
import { STATUS_NUMBER } from './statuses.js';

/** v4 order states, from the spec's numeric state and whether anything was filled. */
export const V4_STATES = ['new', 'partially_filled', 'filled', 'canceled', 'partially_canceled'] as const;
export type V4State = (typeof V4_STATES)[number];

/** The v4 state of an order in a spec state (4, 5, 6, 8): a cancel after a partial fill is `partially_canceled`. */
export function v4State(status: number, filledSomething: boolean): V4State {
  if (status === STATUS_NUMBER.pending) return 'new';
  if (status === STATUS_NUMBER.partially_filled) return 'partially_filled';
  if (status === STATUS_NUMBER.filled) return 'filled';
  return filledSomething ? 'partially_canceled' : 'canceled';
}

/** `queryState` of the v4 order queries: open (new, partially filled) or history (the rest); absent, both. */
export const QUERY_STATES = ['open', 'history'] as const;
/** `orderMode` of the v4 queries: the sandbox trades spot only, so iso_margin selects nothing. */
export const ORDER_MODES = ['spot', 'iso_margin'] as const;
/** `event_type` of a balance push (spot/user/balance:BALANCE_UPDATE). */
export const BALANCE_EVENTS = ['TRANSACTION_COMPLETED', 'ACCOUNT_RECHARGE', 'ACCOUNT_WITHDRAWAL', 'ACCOUNT_TRANSFER', 'BMX_DEDUCTION'] as const;
export type BalanceEvent = (typeof BALANCE_EVENTS)[number];
