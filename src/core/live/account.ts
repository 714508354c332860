/**
 * Your account on one pair as the live layer keeps it: balances (REST only: no channel pushes them),
 * open orders and fills from the order channel, all read again over REST after a gap. A face applies
 * pushes through {@link AccountState.apply} and redraws on the event it names.
 */
import { scalarText } from '../../util/json.js';
import { isZero } from '../../util/decimal.js';
import type { Entry } from '../../ws/codec.js';
import { LiveOrders, type OrderReads } from './orders.js';

/** What an order push changed: an order only, or a fill of one. */
export type AccountEvent = 'order' | 'fill';

/** A currency's amounts, exact text. */
export interface Balance {
  readonly available: string;
  readonly frozen: string;
}

/** Fills kept at most (newest first). */
export const FILLS_KEPT = 500;

export interface AccountReads extends OrderReads {
  /** The wallet's rows now (`GET /spot/v1/wallet`: `id`, `available`, `frozen`). */
  wallet(): Promise<readonly Entry[]>;
}

const text = (v: unknown) => scalarText(v);

export class AccountState {
  readonly orders: LiveOrders;
  private balanceMap = new Map<string, Balance>();
  private readonly fillList: Entry[] = [];
  private readonly fillIds = new Set<string>();
  /** Changes applied so far: a face draws again when it moved. */
  version = 0;

  constructor(readonly symbol: string) {
    this.orders = new LiveOrders(symbol);
  }

  /** Every currency's amounts, as last read. */
  balances(): ReadonlyMap<string, Balance> {
    return this.balanceMap;
  }

  /** Fills pushed, newest first (each once, by its trade id). */
  fills(): readonly Entry[] {
    return this.fillList;
  }

  /** The wallet read now replaces the balances. */
  applyWallet(rows: readonly Entry[]): void {
    this.balanceMap = new Map(rows.map((w) => [text(w.id ?? w.currency), { available: text(w.available), frozen: text(w.frozen) }]));
    this.version++;
  }

  /** An order push: the order's progress, and its fill when it carries one. */
  apply(entry: Entry): AccountEvent {
    this.orders.apply(entry);
    this.version++;
    const id = text(entry.detail_id);
    const count = text(entry.last_fill_count);
    if (!id || !count || isZero(count) || this.fillIds.has(id)) return 'order';
    this.fillIds.add(id);
    this.fillList.unshift(entry);
    if (this.fillList.length > FILLS_KEPT) this.fillIds.delete(text(this.fillList.pop()?.detail_id));
    return 'fill';
  }

  /**
   * After a gap: the balances and the orders read again (the orders as {@link LiveOrders.recover}
   * does); the orders that changed are returned, shaped as pushes. Fills missed meanwhile are not
   * made up: a face that needs every fill reads them over REST (the terminal's P&L does).
   */
  async recover(reads: AccountReads): Promise<Entry[]> {
    const [wallet, changed] = await Promise.all([reads.wallet(), this.orders.recover(reads)]);
    this.applyWallet(wallet);
    return changed;
  }
}
