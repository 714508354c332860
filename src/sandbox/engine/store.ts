/**
 * The engine's records and their indexes: orders by id, by account (oldest first) and by client
 * order id, open orders per account, fills per account. Simulated accounts keep only their open
 * orders and no fills, so the market simulation does not grow the state.
 */
import type { OrderStatus } from '../exchange-api.js';
import type { FillRec, OrderRec } from './types.js';

export class OrderStore {
  private readonly orders = new Map<string, OrderRec>();
  private readonly byAcct = new Map<string, OrderRec[]>();
  private readonly byCid = new Map<string, OrderRec>();
  private readonly openOf = new Map<string, Set<OrderRec>>();
  private readonly fillsOf = new Map<string, FillRec[]>();

  constructor(private readonly internal: (acct: string) => boolean) {}

  add(o: OrderRec): void {
    this.orders.set(o.id, o);
    if (o.status === 4 || o.status === 5) {
      let set = this.openOf.get(o.acct);
      if (!set) this.openOf.set(o.acct, (set = new Set()));
      set.add(o);
    }
    if (this.internal(o.acct)) return;
    let list = this.byAcct.get(o.acct);
    if (!list) this.byAcct.set(o.acct, (list = []));
    list.push(o);
    if (o.cid) this.byCid.set(`${o.acct}\n${o.cid}`, o);
  }

  /** The order is over (filled or cancelled). */
  closed(o: OrderRec): void {
    this.openOf.get(o.acct)?.delete(o);
    if (this.internal(o.acct)) this.orders.delete(o.id);
  }

  get(id: string): OrderRec | undefined {
    return this.orders.get(id);
  }

  byClientId(acct: string, cid: string): OrderRec | undefined {
    return this.byCid.get(`${acct}\n${cid}`);
  }

  /** Orders of an account in a pair with one of `statuses`, most recent first, at most n. */
  list(acct: string, symbol: string, statuses: readonly OrderStatus[], n: number): OrderRec[] {
    const out: OrderRec[] = [];
    const all = this.byAcct.get(acct) ?? [];
    for (let i = all.length - 1; i >= 0 && out.length < n; i--) {
      const o = all[i]!;
      if (o.symbol === symbol && statuses.includes(o.status)) out.push(o);
    }
    return out;
  }

  open(acct: string): OrderRec[] {
    return [...(this.openOf.get(acct) ?? [])];
  }

  addFill(f: FillRec): void {
    if (this.internal(f.acct)) return;
    let l = this.fillsOf.get(f.acct);
    if (!l) this.fillsOf.set(f.acct, (l = []));
    l.push(f);
  }

  /** Fills of an account in a pair (of one order when given), most recent first. */
  fills(acct: string, symbol: string, orderId?: string): FillRec[] {
    return (this.fillsOf.get(acct) ?? []).filter((f) => f.symbol === symbol && (!orderId || f.orderId === orderId)).reverse();
  }

  /** Every kept order and fill, for persistence. */
  records(): { orders: OrderRec[]; fills: FillRec[] } {
    return { orders: [...this.orders.values()], fills: [...this.fillsOf.values()].flat() };
  }
}
