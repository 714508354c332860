/**
 * The engine's orders and fills and their indexes: orders by id, by account (oldest first) and by
 * client order id, open orders per account and pair, fills per account. Simulated accounts keep
 * only their open orders and no fills, so the market simulation does not grow the state.
 */
import { isOpenStatus } from '../../api/catalogue/statuses.js';
import type { OrderStatus } from '../exchange-api.js';
import type { FillRec, Order } from './types.js';

export class OrderStore {
  private readonly orders = new Map<string, Order>();
  private readonly byAcct = new Map<string, Order[]>();
  /** account -> client order id -> order. */
  private readonly byCid = new Map<string, Map<string, Order>>();
  /** account -> pair -> open orders. */
  private readonly openOf = new Map<string, Map<string, Set<Order>>>();
  private readonly fillsOf = new Map<string, FillRec[]>();

  constructor(private readonly internal: (acct: string) => boolean) {}

  private openSet(acct: string, symbol: string): Set<Order> {
    let bySym = this.openOf.get(acct);
    if (!bySym) this.openOf.set(acct, (bySym = new Map()));
    let set = bySym.get(symbol);
    if (!set) bySym.set(symbol, (set = new Set()));
    return set;
  }

  add(o: Order): void {
    this.orders.set(o.id, o);
    if (isOpenStatus(o.status)) this.openSet(o.acct, o.symbol).add(o);
    if (this.internal(o.acct)) return;
    let list = this.byAcct.get(o.acct);
    if (!list) this.byAcct.set(o.acct, (list = []));
    list.push(o);
    if (o.cid) {
      let ids = this.byCid.get(o.acct);
      if (!ids) this.byCid.set(o.acct, (ids = new Map()));
      ids.set(o.cid, o);
    }
  }

  /** The order is over (filled or cancelled). */
  closed(o: Order): void {
    this.openOf.get(o.acct)?.get(o.symbol)?.delete(o);
    if (this.internal(o.acct)) this.orders.delete(o.id);
  }

  get(id: string): Order | undefined {
    return this.orders.get(id);
  }

  byClientId(acct: string, cid: string): Order | undefined {
    return this.byCid.get(acct)?.get(cid);
  }

  /** Orders of an account in a pair with one of `statuses`, most recent first, at most n. */
  list(acct: string, symbol: string, statuses: readonly OrderStatus[], n: number): Order[] {
    const out: Order[] = [];
    const all = this.byAcct.get(acct) ?? [];
    for (let i = all.length - 1; i >= 0 && out.length < n; i--) {
      const o = all[i]!;
      if (o.symbol === symbol && statuses.includes(o.status)) out.push(o);
    }
    return out;
  }

  /** Open orders of an account (in one pair when given), oldest first. */
  open(acct: string, symbol?: string): Order[] {
    const bySym = this.openOf.get(acct);
    if (!bySym) return [];
    if (symbol !== undefined) return [...(bySym.get(symbol) ?? [])];
    return [...bySym.values()].flatMap((s) => [...s]);
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

  /** Every kept order and fill, for persistence; `keep` picks the orders. */
  records(keep: (o: Order) => boolean = () => true): { orders: Order[]; fills: FillRec[] } {
    return { orders: [...this.orders.values()].filter(keep), fills: [...this.fillsOf.values()].flat() };
  }
}
