/**
 * The later account routes: fee rates (the engine's own), the funding wallet (the same ledger as the
 * spot wallet), and deposits and withdrawals simulated on the paper ledger (../exchange/withdrawals.ts).
 */
import { allows } from '../accounts.js';
import { add, cmp, fmt, mul } from '../../util/decimal.js';
import { currencyName, pairSpec } from '../engine/pairs.js';
import { MAKER_FEE, TAKER_FEE } from '../engine/settle.js';
import { fail } from '../errors.js';
import { depositAddress } from '../exchange/withdrawals.js';
import { accountOf, pairOf, type Call, type Handler } from './call.js';

const DAY = 86_400_000;
/** The history reaches back 90 days from its end, and a window may span no more (the venue's rule). */
export const HISTORY_SPAN_MS = 90 * DAY;

/** The value of `amount` of `cur` in USD: USDT at par, others through their USDT pair or their ETH pair. */
function usdValue(c: Call, cur: string, amount: string): string {
  const last = (sym: string) => c.ex.ticker(sym).last_price;
  if (cur === 'USDT') return fmt(amount, 2);
  if (pairSpec(`${cur}_USDT`)) return fmt(mul(amount, last(`${cur}_USDT`)), 2);
  if (pairSpec(`${cur}_ETH`)) return fmt(mul(mul(amount, last(`${cur}_ETH`)), last('ETH_USDT')), 2);
  return '0.00';
}

/** Fee rates of every level: the sandbox charges every account the same. */
function userFee() {
  const rates = Object.fromEntries(['A', 'B', 'C', 'D'].flatMap((k) => [[`taker_fee_rate_${k}`, TAKER_FEE], [`maker_fee_rate_${k}`, MAKER_FEE]]));
  return { user_rate_type: 0, level: 'LV1', ...rates };
}

function history(c: Call) {
  const end = c.q.endTime === undefined ? c.now : Number(c.q.endTime);
  const start = c.q.startTime === undefined ? end - HISTORY_SPAN_MS : Number(c.q.startTime);
  if (end < start || end - start > HISTORY_SPAN_MS) throw fail(50041);
  const cur = c.q.currency;
  const records = c.ex.fundingRecords(accountOf(c)).filter((r) => r.operation_type === c.q.operation_type
    && (cur === undefined || r.currency === cur || r.currency.split('-')[0] === cur)
    && r.apply_time >= start && r.apply_time <= end);
  return { records: records.slice(0, Number(c.q.N)) };
}

export const FUNDING_ROUTES: Record<string, Handler> = {
  // The documented four rates, and the two names ccxt reads (taker_fee_rate, maker_fee_rate).
  'later.trade_fee': (c) => ({
    symbol: pairOf(c).details.symbol, buy_taker_fee_rate: TAKER_FEE, sell_taker_fee_rate: TAKER_FEE, buy_maker_fee_rate: MAKER_FEE,
    sell_maker_fee_rate: MAKER_FEE, taker_fee_rate: TAKER_FEE, maker_fee_rate: MAKER_FEE,
  }),
  'later.user_fee': userFee,
  // Only the currencies held (the venue lists no empty balance); the valuation only when asked.
  'later.account.wallet': (c) => ({
    wallet: c.ex.balances(accountOf(c).id)
      .filter((b) => (c.q.currency === undefined || b.currency === c.q.currency) && cmp(add(b.available, b.frozen), '0') > 0)
      .map((b) => ({
        currency: b.currency, name: currencyName(b.currency), available: b.available, frozen: b.frozen, unAvailable: b.frozen,
        ...(c.q.needUsdValuation === 'true' ? { available_usd_valuation: usdValue(c, b.currency, b.available) } : {}),
      })),
  }),
  'later.deposit.address': (c) => depositAddress(accountOf(c).id, c.q.currency!),
  // A key needs the withdraw permission; to a venue account (type, value) the account stands as the address.
  'later.withdraw': (c) => {
    const a = accountOf(c);
    if (!allows(a.permissions, 'withdraw')) throw fail(30012);
    const address = c.q.address ?? c.q.value ?? '';
    const r = c.ex.withdraw(a.id, { currency: c.q.currency!, amount: c.q.amount!, address, ...(c.q.address_memo ? { address_memo: c.q.address_memo } : {}) });
    return { withdraw_id: r.withdraw_id };
  },
  'later.history.v2': history,
};
