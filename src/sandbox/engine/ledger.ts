/**
 * Balances of every account: available and frozen per currency, exact decimal strings. Every
 * movement is a transfer between two places, so the sum of a currency over all accounts (market
 * makers and the fee account included) never changes after the initial deposits.
 */
import { ExchangeError } from '../exchange-api.js';
import { add, cmp, dec, isZero, norm, sub, type Dec } from '../../util/decimal.js';

export interface Slot {
  available: string;
  frozen: string;
}

export type LedgerData = Record<string, Record<string, Slot>>;

export class Ledger {
  constructor(private readonly rows: LedgerData = {}) {}

  /** The slot of an account and currency (created empty). */
  slot(acct: string, cur: string): Slot {
    const acc = (this.rows[acct] ??= {});
    return (acc[cur] ??= { available: '0', frozen: '0' });
  }

  currencies(acct: string): string[] {
    return Object.keys(this.rows[acct] ?? {});
  }

  /** Creates value out of nothing: only for deposits of a new account. */
  deposit(acct: string, cur: string, amount: string | Dec): void {
    const s = this.slot(acct, cur);
    s.available = norm(add(s.available, amount));
  }

  /** available -> frozen; 50020 when the available balance is short. */
  freeze(acct: string, cur: string, amount: string | Dec): void {
    const s = this.slot(acct, cur);
    if (cmp(s.available, amount) < 0) throw new ExchangeError(50020, 'Balance not enough');
    s.available = norm(sub(s.available, amount));
    s.frozen = norm(add(s.frozen, amount));
  }

  /** frozen -> available. */
  release(acct: string, cur: string, amount: string | Dec): void {
    if (isZero(amount)) return;
    const s = this.slot(acct, cur);
    s.frozen = norm(sub(s.frozen, amount));
    s.available = norm(add(s.available, amount));
    this.check(s);
  }

  /** Moves `amount` out of `from`'s frozen funds into `to`'s available funds. */
  payFrozen(from: string, to: string, cur: string, amount: string | Dec): void {
    if (isZero(amount)) return;
    const a = this.slot(from, cur);
    a.frozen = norm(sub(a.frozen, amount));
    this.check(a);
    const b = this.slot(to, cur);
    b.available = norm(add(b.available, amount));
  }

  /** Moves available funds between accounts (fees). */
  move(from: string, to: string, cur: string, amount: string | Dec): void {
    if (isZero(amount)) return;
    const a = this.slot(from, cur);
    a.available = norm(sub(a.available, amount));
    this.check(a);
    const b = this.slot(to, cur);
    b.available = norm(add(b.available, amount));
  }

  /** Sum of a currency over every account, available plus frozen. */
  total(cur: string): string {
    let t: Dec = dec('0');
    for (const acc of Object.values(this.rows)) {
      const s = acc[cur];
      if (s) t = add(add(t, s.available), s.frozen);
    }
    return norm(t);
  }

  data(): LedgerData {
    return this.rows;
  }

  private check(s: Slot): void {
    if (cmp(s.available, '0') < 0 || cmp(s.frozen, '0') < 0) throw new Error(`ledger went negative: ${JSON.stringify(s)}`);
  }
}
