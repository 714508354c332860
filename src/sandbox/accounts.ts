/** Sandbox accounts and their API keys: key 32 hex, secret 64 hex, memo chosen for the user. */
import { randomBytes } from 'node:crypto';
import type { Permission, SandboxAccount } from './exchange-api.js';

export interface AccountRec extends SandboxAccount {
  /** ms */
  readonly created: number;
}

/** Deposit of an account created without one. */
export const DEFAULT_DEPOSIT: Readonly<Record<string, string>> = { USDT: '10000', BTC: '1', ETH: '10' };

export const PERMISSIONS: readonly Permission[] = ['read-only', 'trade', 'withdraw'];

/** True when a key of permission `has` may do what needs `needs` (read-only < trade < withdraw). */
export function allows(has: Permission, needs: Permission): boolean {
  return PERMISSIONS.indexOf(has) >= PERMISSIONS.indexOf(needs);
}

export class Accounts {
  private readonly byKey = new Map<string, AccountRec>();
  private readonly byId = new Map<string, AccountRec>();

  constructor(list: readonly AccountRec[] = [], private nextNumber = 100001) {
    for (const a of list) this.add(a);
  }

  create(permissions: Permission, now: number): AccountRec {
    const id = String(this.nextNumber++);
    const a: AccountRec = {
      id, key: randomBytes(16).toString('hex'), secret: randomBytes(32).toString('hex'), memo: `sandbox${id}`, permissions, created: now,
    };
    this.add(a);
    return a;
  }

  byApiKey(key: string): AccountRec | undefined {
    return this.byKey.get(key);
  }

  get(id: string): AccountRec | undefined {
    return this.byId.get(id);
  }

  list(): AccountRec[] {
    return [...this.byId.values()];
  }

  get next(): number {
    return this.nextNumber;
  }

  private add(a: AccountRec): void {
    this.byKey.set(a.key, a);
    this.byId.set(a.id, a);
  }
}
