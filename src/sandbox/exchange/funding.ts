/**
 * The parts of an account the sandbox does not trade: deposit and withdraw records (spec 2.9),
 * contract accounts (2.10), liquidation records (2.11) and broker rebates (2.12). They are made up
 * from the account number and creation time with the seeded PRNG, so they are the same on every
 * call and after a restart, and need no persistence.
 */
import { FUNDING_STATUSES } from '../../api/catalogue/vocab.js';
import { statusNumber } from '../../api/catalogue/statuses.js';
import { fmt, mul, sub } from '../../util/decimal.js';
import { fail } from '../errors.js';
import { Prng } from '../market/prng.js';
import type { AccountRec } from '../accounts.js';

export interface FundingRecord {
  readonly withdraw_id: string;
  readonly deposit_id: string;
  readonly operation_type: 'deposit' | 'withdraw';
  readonly currency: string;
  /** ms */
  readonly apply_time: number;
  readonly arrival_amount: string;
  readonly fee: string;
  readonly status: number;
  readonly address: string;
  readonly address_memo: string;
  readonly tx_id: string;
}

const COINS = ['USDT', 'BTC', 'ETH', 'SOL'] as const;
const AMOUNTS: Record<string, [string, string]> = { USDT: ['50', '5000'], BTC: ['0.001', '0.5'], ETH: ['0.01', '5'], SOL: ['1', '200'] };
const FEES: Record<string, string> = { USDT: '1.000000', BTC: '0.00050000', ETH: '0.00400000', SOL: '0.01000000' };
/** Records made per account: more deposits than the 100 reachable ones. */
const DEPOSITS = 130;
const WITHDRAWS = 40;

function hex(prng: Prng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += prng.int(0, 15).toString(16);
  return s;
}

const status = (w: (typeof FUNDING_STATUSES)[number]['word']): number => statusNumber(FUNDING_STATUSES, w);
const [SUBMITTED, PROCESSING, SUCCESS, CANCELLED, FAILED] = [status('submitted'), status('processing'), status('success'), status('cancelled'), status('failed')] as const;

/** Every record of an account, most recent first. */
export function fundingRecords(a: AccountRec): FundingRecord[] {
  const n = Number(a.id);
  const prng = new Prng(n * 7919);
  const out: FundingRecord[] = [];
  for (let i = 0; i < DEPOSITS + WITHDRAWS; i++) {
    const deposit = i < DEPOSITS;
    const cur = COINS[prng.int(0, COINS.length - 1)]!;
    const [lo, hi] = AMOUNTS[cur]!;
    const amount = prng.amount(lo, hi, cur === 'USDT' ? 6 : 8);
    const id = String(n * 10000 + (deposit ? i + 1 : 5000 + i));
    const status = deposit ? (i % 17 === 3 ? PROCESSING : SUCCESS) : [SUCCESS, SUCCESS, SUCCESS, CANCELLED, FAILED, SUBMITTED][i % 6]!;
    out.push({
      withdraw_id: deposit ? '' : id, deposit_id: deposit ? id : '', operation_type: deposit ? 'deposit' : 'withdraw', currency: cur,
      apply_time: a.created - (i + 1) * 3_600_000 - prng.int(0, 3_599_999), arrival_amount: amount, fee: deposit ? '0' : FEES[cur]!,
      status, address: `0x${hex(prng, 40)}`, address_memo: '', tx_id: status === SUCCESS ? `0x${hex(prng, 64)}` : '',
    });
  }
  return out.sort((x, y) => y.apply_time - x.apply_time);
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Contract accounts (2.10), one per margin coin; `coin` filters. */
export function contractAccounts(a: AccountRec, coin?: string): object[] {
  const prng = new Prng(Number(a.id) * 104729);
  const rows = ['USDT', 'BTC'].map((coin_code, i) => {
    const cash = coin_code === 'USDT' ? prng.amount('1000', '10000', 8) : prng.amount('0', '0.5', 8);
    const freeze = fmt(mul(cash, '0.1'), 8);
    return {
      account_id: Number(a.id) * 10 + i, coin_code, freeze_vol: freeze, available_vol: fmt(sub(cash, freeze), 8),
      cash_vol: cash, realised_vol: prng.amount('-20', '20', 8), unrealised_vol: prng.amount('-10', '10', 8),
      earnings_vol: prng.amount('-20', '20', 8), created_at: iso(a.created - 86_400_000 * 30), updated_at: iso(a.created),
    };
  });
  return coin ? rows.filter((r) => r.coin_code === coin) : rows;
}

/** Liquidation records (2.11); filtered by contract id and order id when given. */
export function liquidations(a: AccountRec, contractId?: string, orderId?: string): object[] {
  const prng = new Prng(Number(a.id) * 15485863);
  const rows = [1, 2, 1].map((contract_id, i) => {
    const trigger = contract_id === 1 ? prng.amount('60000', '68000', 1) : prng.amount('3000', '3400', 1);
    return {
      order_id: BigInt(a.id) * 1_000_000_000_000n + BigInt(i + 1), contract_id, position_id: Number(a.id) * 100 + i, account_id: Number(a.id) * 10,
      type: (i % 4) + 1, trigger_price: trigger, order_price: fmt(mul(trigger, '0.995'), 1), mmr: '0.005',
      subsidies: prng.amount('0', '20', 8), created_at: iso(a.created - (i + 1) * 86_400_000 * 3),
    };
  });
  return rows.filter((r) => (!contractId || String(r.contract_id) === contractId) && (!orderId || r.order_id.toString() === orderId));
}

/** ms of a timestamp given in seconds or milliseconds (told apart by magnitude). */
export function msOf(t: number): number {
  return t < 100_000_000_000 ? t * 1000 : t;
}

const DAY = 86_400_000;
/** Rebates may be asked for the last 180 days only (50041 beyond). */
export const REBATE_WINDOW_MS = 180 * DAY;

/** Rebates by day (2.12) between start and end (ms); 50041 outside the last 180 days. */
export function rebates(a: AccountRec, now: number, startMs?: number, endMs?: number): Record<string, object[]> {
  const end = endMs ?? now;
  const start = startMs ?? end - REBATE_WINDOW_MS;
  if (start < now - REBATE_WINDOW_MS - DAY || end < start || end - start > REBATE_WINDOW_MS + DAY) throw fail(50041);
  const out: Record<string, object[]> = {};
  for (let d = Math.floor(start / DAY) * DAY; d <= end; d += DAY) {
    const prng = new Prng(Number(a.id) ^ Math.floor(d / DAY));
    if (!prng.chance(0.6)) continue;
    out[new Date(d).toISOString().slice(0, 10)] = [
      { currency: 'USDT', rebate_amount: prng.amount('0', '3', 8) },
      ...(prng.chance(0.3) ? [{ currency: 'BTC', rebate_amount: prng.amount('0', '0.0001', 8) }] : []),
    ];
  }
  return out;
}
