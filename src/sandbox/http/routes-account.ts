/**
 * Funding (spec 4.4), contract (4.5), broker (4.6) and signing-test (4.7) routes. Their records
 * are made up per account by funding.ts, with the account's own withdrawals (withdrawals.ts) in the
 * funding history; contract orders are acknowledged, not traded.
 */
import { fail } from '../errors.js';
import { contractAccounts, liquidations, msOf, rebates } from '../exchange/funding.js';
import { accountOf, wireId, type Handler } from './call.js';

/** Only the most recent records are reachable through the history (spec 4.4). */
export const HISTORY_REACH = 100;

export const ACCOUNT_ROUTES: Record<string, Handler> = {
  'account.history': (c) => {
    const page = Number(c.q.offset);
    const limit = Number(c.q.limit);
    if (page * limit > HISTORY_REACH) return { records: [] };
    const all = c.ex.fundingRecords(accountOf(c))
      .filter((r) => r.operation_type === c.q.operation_type && (c.q.currency === undefined || r.currency === c.q.currency))
      .slice(0, HISTORY_REACH);
    return { records: all.slice((page - 1) * limit, page * limit) };
  },
  'account.detail': (c) => {
    const id = c.q.id!;
    const record = c.ex.fundingRecords(accountOf(c)).find((r) => r.deposit_id === id || r.withdraw_id === id);
    if (!record) throw fail(60010);
    return { record };
  },
  'contract.accounts': (c) => ({ accounts: contractAccounts(accountOf(c), c.q.coinCode) }),
  'contract.liquidations': (c) => ({ records: liquidations(accountOf(c), c.q.contractID, c.q.orderID) }),
  // Acknowledged with a fresh id; the sandbox has no contract market.
  'contract.order': (c) => ({ order_id: wireId(c.ex.newId()) }),
  'broker.rebate': (c) => {
    const start = c.q.start_time === undefined ? undefined : msOf(Number(c.q.start_time));
    const end = c.q.end_time === undefined ? undefined : msOf(Number(c.q.end_time));
    return { rebates: rebates(accountOf(c), c.now, start, end) };
  },
  'test.get': () => ({}),
  'test.post': () => ({}),
};
