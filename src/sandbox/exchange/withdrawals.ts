/**
 * Deposits and withdrawals of the paper ledger (the later funding endpoints): a deposit address per
 * account, currency and network, made up and stable; a withdrawal checked like the venue's, its amount
 * moved out of the account's available balance into the ledger's own withdrawn account (so every
 * currency's total over the ledger is kept), and recorded as a funding record of the history.
 * Nothing ever leaves the sandbox.
 */
import { createHash } from 'node:crypto';
import { FUNDING_STATUSES } from '../../api/catalogue/vocab.js';
import { statusNumber } from '../../api/catalogue/statuses.js';
import { cmp, isDecimal, norm, places, sub } from '../../util/decimal.js';
import { fail } from '../errors.js';
import type { FundingRecord } from './funding.js';
import { CURRENCIES } from '../engine/pairs.js';
import type { Ledger } from '../engine/ledger.js';
import { toAmount } from '../engine/units.js';

/** The ledger account that withdrawn funds are moved to. */
export const WITHDRAWN_ACCOUNT = 'withdrawn';

/** Fee of a withdrawal, taken from the amount; decimals a withdrawal may have. */
export const WITHDRAW_RULES: Readonly<Record<string, { readonly fee: string; readonly places: number }>> = {
  USDT: { fee: '1', places: 6 }, BTC: { fee: '0.0005', places: 8 }, ETH: { fee: '0.004', places: 8 }, SOL: { fee: '0.01', places: 8 },
};

/** A currency as the funding endpoints name it, `USDT` or `USDT-TRC20`: the coin and its network. */
export function coinOf(currency: string): { coin: string; network: string } {
  const [coin = '', ...rest] = currency.split('-');
  if (!CURRENCIES.some((c) => c.id === coin) || rest.some((r) => !/^[A-Za-z0-9]{1,16}$/.test(r)) || rest.length > 1) throw fail(60002);
  return { coin, network: rest[0] ?? coin };
}

function digest(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

/** The deposit address of an account for a currency (and network): the same on every call. */
export function depositAddress(accountId: string, currency: string): { currency: string; chain: string; address: string; address_memo: string } {
  const { coin, network } = coinOf(currency);
  if (!CURRENCIES.find((c) => c.id === coin)!.deposit_enabled) throw fail(60003);
  return { currency, chain: network, address: `0x${digest('deposit', accountId, currency).slice(0, 40)}`, address_memo: '' };
}

/** A withdrawal as the saved state keeps it: whose, and its record. */
export interface Withdrawal {
  readonly account: string;
  readonly record: FundingRecord;
}

export interface WithdrawRequest {
  readonly currency: string;
  readonly amount: string;
  readonly address: string;
  readonly address_memo?: string;
}

/**
 * Withdraws: 60002 unknown currency, 60004 channel closed, 60011 no address, 60006 too many decimals,
 * 60005 not above the fee, 60008 (as 50020) balance short. Returns the record it made.
 */
export function withdraw(ledger: Ledger, accountId: string, req: WithdrawRequest, id: string, now: number): FundingRecord {
  const { coin } = coinOf(req.currency);
  const rules = WITHDRAW_RULES[coin];
  if (!rules || !CURRENCIES.find((c) => c.id === coin)!.withdraw_enabled) throw fail(60004);
  if (!req.address.trim()) throw fail(60011);
  if (!isDecimal(req.amount) || req.amount.startsWith('-') || req.amount.startsWith('+')) throw fail(60000);
  if (places(req.amount) > rules.places) throw fail(60006, rules.places);
  if (cmp(req.amount, rules.fee) <= 0) throw fail(60005, rules.fee);
  ledger.freeze(accountId, coin, toAmount(req.amount)!);
  ledger.payFrozen(accountId, WITHDRAWN_ACCOUNT, coin, toAmount(req.amount)!);
  return {
    withdraw_id: id, deposit_id: '', operation_type: 'withdraw', currency: req.currency, apply_time: now,
    arrival_amount: norm(sub(req.amount, rules.fee)), fee: rules.fee, status: statusNumber(FUNDING_STATUSES, 'success'),
    address: req.address, address_memo: req.address_memo ?? '', tx_id: `0x${digest('tx', id).slice(0, 64)}`,
  };
}
