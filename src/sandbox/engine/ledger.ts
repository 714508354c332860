/**
 * Balances of every account: available and frozen per currency, as BigInt amount units (10^-18)
 * inside and decimal strings outside. Every movement is a transfer between two places, so the sum of
 * a currency over all accounts (market makers and the fee account included) never changes after the
 * initial deposits.
 */
import { ExchangeError } from '../exchange-api.js';
import { amountText, toAmount } from './units.js';

export interface Slot {
  available: string;
  frozen: string;
}

export type LedgerData = Record<string, Record<string, Slot>>;

interface Units {
  a: bigint;
  f: bigint;
}

export class Ledger {
  private readonly rows = new Map<string, Map<string, Units>>();

  /** Saved balances; a figure with more than 18 decimals is refused (the state file is not this version's). */
  constructor(data: LedgerData = {}) {
    for (const [acct, curs] of Object.entries(data)) {
      for (const [cur, s] of Object.entries(curs)) {
        const a = toAmount(s.available);
        const f = toAmount(s.frozen);
        if (a === undefined || f === undefined) throw new Error(`balance of ${acct} in ${cur} has more than 18 decimals`);
        const u = this.units(acct, cur);
        u.a = a;
        u.f = f;
      }
    }
  }

  /** The live units of an account and currency (created empty). */
  units(acct: string, cur: string): Units {
    let acc = this.rows.get(acct);
    if (!acc) this.rows.set(acct, (acc = new Map()));
    let u = acc.get(cur);
    if (!u) acc.set(cur, (u = { a: 0n, f: 0n }));
    return u;
  }

  /** The balance of an account in a currency, as decimal strings. */
  slot(acct: string, cur: string): Slot {
    const u = this.units(acct, cur);
    return { available: amountText(u.a), frozen: amountText(u.f) };
  }

  /** Every account with a balance. */
  accounts(): string[] {
    return [...this.rows.keys()];
  }

  /** Releases everything an account holds frozen (its orders are gone). */
  thaw(acct: string): void {
    for (const u of this.rows.get(acct)?.values() ?? []) {
      u.a += u.f;
      u.f = 0n;
    }
  }

  currencies(acct: string): string[] {
    return [...(this.rows.get(acct)?.keys() ?? [])];
  }

  /** Creates value out of nothing: only for deposits of a new account. */
  deposit(acct: string, cur: string, amount: string | bigint): void {
    const v = typeof amount === 'bigint' ? amount : toAmount(amount);
    if (v === undefined) throw new RangeError(`deposit of ${cur} has more than 18 decimals`);
    this.units(acct, cur).a += v;
  }

  /** available -> frozen; 50020 when the available balance is short. */
  freeze(acct: string, cur: string, amount: bigint): void {
    const u = this.units(acct, cur);
    if (u.a < amount) throw new ExchangeError(50020, 'Balance not enough');
    u.a -= amount;
    u.f += amount;
  }

  /** frozen -> available. */
  release(acct: string, cur: string, amount: bigint): void {
    if (amount === 0n) return;
    const u = this.units(acct, cur);
    u.f -= amount;
    u.a += amount;
    check(u);
  }

  /** Moves `amount` out of `from`'s frozen funds into `to`'s available funds. */
  payFrozen(from: string, to: string, cur: string, amount: bigint): void {
    this.transfer(from, 'f', to, cur, amount);
  }

  /** Moves available funds between accounts (fees). */
  move(from: string, to: string, cur: string, amount: bigint): void {
    this.transfer(from, 'a', to, cur, amount);
  }

  /** `amount` out of `from`'s available (a) or frozen (f) funds into `to`'s available funds. */
  private transfer(from: string, part: keyof Units, to: string, cur: string, amount: bigint): void {
    if (amount === 0n) return;
    const x = this.units(from, cur);
    x[part] -= amount;
    check(x);
    this.units(to, cur).a += amount;
  }

  /** Sum of a currency over every account, available plus frozen. */
  total(cur: string): string {
    let t = 0n;
    for (const acc of this.rows.values()) {
      const u = acc.get(cur);
      if (u) t += u.a + u.f;
    }
    return amountText(t);
  }

  /** Every balance as decimal strings, for the saved state. */
  data(): LedgerData {
    const out: LedgerData = {};
    for (const [acct, acc] of this.rows) {
      const row: Record<string, Slot> = {};
      for (const [cur, u] of acc) row[cur] = { available: amountText(u.a), frozen: amountText(u.f) };
      out[acct] = row;
    }
    return out;
  }
}

function check(u: Units): void {
  if (u.a < 0n || u.f < 0n) throw new Error(`ledger went negative: available ${amountText(u.a)}, frozen ${amountText(u.f)}`);
}
