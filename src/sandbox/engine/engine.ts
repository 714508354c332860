/**
 * The matching engine: one book per pair, price-time priority, order types limit, market (buy by
 * quote notional, sell by base size), limit_maker (cancelled at once when it would cross) and ioc
 * (the rest cancelled). Funds are frozen on placement and released when the order ends. Figures are
 * scaled integers inside (units.ts); requests and records carry decimal strings. What it tells its
 * owner, and how an order is named to it, is ./hooks.ts.
 */
import { isOpenStatus, STATUS_NUMBER } from '../../api/catalogue/statuses.js';
import type { Side } from '../../api/catalogue/vocab.js';
import type { OrderStatus, PlaceRequest, StpMode } from '../exchange-api.js';
import { fail } from '../errors.js';
import { pairSpec, type PairSpec } from './pairs.js';
import { Book } from './book.js';
import { ClientIds } from './client-ids.js';
import { Ledger } from './ledger.js';
import { OrderStore } from './store.js';
import { settle } from './settle.js';
import type { EngineHooks, OrderRef } from './hooks.js';
import { Order, type FillRec, type OrderRec } from './types.js';
import { amountText, canonicalText, unitsOf, unitsText } from './units.js';
import { checkLimit, validateOrder, type Checked } from './validate.js';

export class Engine {
  private readonly books = new Map<string, Book>();
  private readonly store: OrderStore;
  private readonly clientIds = new ClientIds();
  private readonly nextId = (): string => this.hooks.nextId();

  /**
   * `orders` and `fills`: the saved records to start from. Simulated accounts' orders are not saved:
   * whatever they held frozen is released, and the simulation quotes afresh.
   */
  constructor(readonly ledger: Ledger, private readonly hooks: EngineHooks, orders: readonly OrderRec[] = [], fills: readonly FillRec[] = []) {
    this.store = new OrderStore((acct) => hooks.internal(acct));
    for (const acct of ledger.accounts()) if (hooks.internal(acct)) ledger.thaw(acct);
    // Ids grow with time: re-inserting in id order restores each level's time priority.
    const sorted = orders.filter((o) => !hooks.internal(o.acct)).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    for (const r of sorted) {
      const spec = pairSpec(r.symbol);
      const o = spec && Order.from(r, unitsOf(spec.details, spec.maxPrice));
      if (!o) throw new Error(`order ${r.id}: figures that do not fit ${r.symbol}`);
      this.store.add(o);
      if (isOpenStatus(o.status) && (o.type === 'limit' || o.type === 'limit_maker')) this.book(o.symbol).insert(o);
    }
    for (const f of fills) this.store.addFill(f);
  }

  book(symbol: string): Book {
    let b = this.books.get(symbol);
    if (!b) {
      const spec = pairSpec(symbol);
      if (!spec) throw fail(50001);
      this.books.set(symbol, (b = new Book(unitsOf(spec.details, spec.maxPrice))));
    }
    return b;
  }

  /** Places an order; returns it after matching (pending, partially filled, filled or cancelled). */
  place(acct: string, req: PlaceRequest, now: number): Order {
    const spec = pairSpec(req.symbol);
    if (!spec) throw fail(50001);
    return this.admit(acct, spec, req, validateOrder(spec, req), now);
  }

  /**
   * A limit order of a simulated account, its price in ticks and its size in size units: the same checks
   * and matching as {@link place}, without writing the figures as text to read them back.
   */
  quote(acct: string, spec: PairSpec, side: Side, px: number, qty: number, now: number): Order {
    const c = checkLimit(spec, side, px, qty);
    const req: PlaceRequest = { symbol: spec.details.symbol, side, type: 'limit', price: unitsText(px, c.u.p), size: unitsText(qty, c.u.s) };
    return this.admit(acct, spec, req, c, now);
  }

  /** Freezes the funds of an order that passed its checks, records it and matches it. */
  private admit(acct: string, spec: PairSpec, req: PlaceRequest, c: Checked, now: number): Order {
    const internal = this.hooks.internal(acct);
    // A generated id is unique by construction: only a given one is looked up.
    const given = req.client_order_id;
    if (given && this.store.byClientId(acct, given)) throw fail(50042);
    const cid = given || (internal ? '' : this.clientIds.next());
    const d = spec.details;
    const marketBuy = req.type === 'market' && req.side === 'buy';
    const u = c.u;
    const held = marketBuy ? c.notional : req.side === 'buy' ? BigInt(c.px) * BigInt(c.qty) * u.psToAmount : BigInt(c.qty) * u.sizeToAmount;
    this.ledger.freeze(acct, req.side === 'buy' ? d.quote_currency : d.base_currency, held);
    const size = marketBuy ? '0' : canonicalText(req.size!, c.qty, u.s);
    const price = req.type === 'market' ? '' : canonicalText(req.price!, c.px, u.p);
    const notional = marketBuy ? amountText(c.notional) : req.type === 'market' ? '' : undefined;
    const o = new Order(this.hooks.nextId(), cid, acct, d.symbol, req.side, req.type, price, size, notional, now, u, c.px, c.qty, held);
    this.store.add(o);
    this.hooks.order(o);
    this.match(spec, o, now, req.stpMode ?? 'none');
    return o;
  }

  /** `stp`: self-trade prevention when the best resting order is the taker's own. */
  private match(spec: PairSpec, o: Order, now: number, stp: StpMode): void {
    const book = this.book(o.symbol);
    if (o.type === 'limit_maker') {
      const best = book.bestAgainst(o.side);
      if (best && crosses(o, best.px)) return this.finish(o, STATUS_NUMBER.cancelled, now);
    }
    const u = o.u;
    let touched = false;
    let starved = false;
    let lastFill: FillRec | undefined;
    let selfTrade = false;
    for (let maker = book.bestAgainst(o.side); maker; maker = book.bestAgainst(o.side)) {
      if (o.type !== 'market' && !crosses(o, maker.px)) break;
      if (maker.acct === o.acct && stp !== 'none') {
        if (stp !== 'cancel_taker') {
          book.remove(maker);
          this.finish(maker, STATUS_NUMBER.cancelled, now);
          touched = true;
        }
        if (stp === 'cancel_maker') continue;
        selfTrade = true;
        break;
      }
      let units: number;
      if (o.type === 'market' && o.side === 'buy') {
        // Whole increments the remaining quote buys at the maker's price.
        const lot = BigInt(maker.px) * BigInt(u.incUnits) * u.psToAmount;
        units = Math.min(maker.open, Number(o.held / lot) * u.incUnits);
        if (units === 0) {
          starved = true;
          break;
        }
      } else {
        units = Math.min(maker.open, o.qty - o.filled);
      }
      const s = settle(this.ledger, spec.details, o, maker, units, now, this.nextId, this.hooks.fees);
      touched = true;
      this.hooks.trade(s.trade);
      this.store.addFill(s.makerFill);
      this.store.addFill(s.takerFill);
      if (maker.status === STATUS_NUMBER.filled) {
        book.remove(maker, units);
        this.finish(maker, STATUS_NUMBER.filled, now, s.makerFill);
      } else {
        book.filled(maker, units);
        this.hooks.order(maker, s.makerFill);
      }
      if (o.status === STATUS_NUMBER.filled) {
        lastFill = s.takerFill;
        break;
      }
      this.hooks.order(o, s.takerFill);
    }
    if (o.status === STATUS_NUMBER.filled) this.finish(o, STATUS_NUMBER.filled, now, lastFill);
    else if (selfTrade) this.finish(o, STATUS_NUMBER.cancelled, now);
    else if (o.type === 'limit' || o.type === 'limit_maker') {
      book.insert(o);
      touched = true;
    } else this.finish(o, starved && o.filled > 0 ? STATUS_NUMBER.filled : STATUS_NUMBER.cancelled, now);
    if (touched) this.hooks.book(o.symbol);
  }

  /** Cancels an open order; 50032 unknown, 50030 already cancelled, 50031 already filled. */
  cancel(acct: string, symbol: string, ref: OrderRef, now: number): Order {
    const o = this.find(acct, symbol, ref);
    if (!o) throw fail(50032);
    if (o.status === STATUS_NUMBER.cancelled) throw fail(50030);
    if (o.status === STATUS_NUMBER.filled) throw fail(50031);
    this.book(o.symbol).remove(o);
    this.finish(o, STATUS_NUMBER.cancelled, now);
    this.hooks.book(o.symbol);
    return o;
  }

  /** Cancels every open order of an account in a pair (one side when given). */
  cancelAll(acct: string, symbol: string, side: Side | undefined, now: number): Order[] {
    const done: Order[] = [];
    const book = this.book(symbol);
    for (const o of this.store.open(acct, symbol)) {
      if (side && o.side !== side) continue;
      book.remove(o);
      this.finish(o, STATUS_NUMBER.cancelled, now);
      done.push(o);
    }
    if (done.length) this.hooks.book(symbol);
    return done;
  }

  find(acct: string, symbol: string, ref: OrderRef): Order | undefined {
    const o = ref.order_id ? this.store.get(ref.order_id) : ref.client_order_id ? this.store.byClientId(acct, ref.client_order_id) : undefined;
    if (!o || o.acct !== acct || o.symbol !== symbol) return undefined;
    if (ref.order_id && ref.client_order_id && o.cid !== ref.client_order_id) return undefined;
    return o;
  }

  /** Orders of an account in a pair with one of `statuses`, most recent first. */
  list(acct: string, symbol: string, statuses: readonly OrderStatus[], n: number): Order[] {
    return this.store.list(acct, symbol, statuses, n);
  }

  /** Open orders of an account (in one pair when given). */
  openOrders(acct: string, symbol?: string): Order[] {
    return this.store.open(acct, symbol);
  }

  /** Fills of an account in a pair (of one order when given), most recent first. */
  fills(acct: string, symbol: string, orderId?: string): FillRec[] {
    return this.store.fills(acct, symbol, orderId);
  }

  /** Every order and fill to save (simulated accounts' orders are left out), as plain records. */
  records(): { orders: OrderRec[]; fills: FillRec[] } {
    const { orders, fills } = this.store.records((o) => !this.hooks.internal(o.acct));
    return { orders: orders.map((o) => o.record()), fills };
  }

  private finish(o: Order, status: OrderStatus, now: number, fill?: FillRec): void {
    o.status = status;
    o.ut = now;
    if (o.held !== 0n) {
      const d = pairSpec(o.symbol)!.details;
      this.ledger.release(o.acct, o.side === 'buy' ? d.quote_currency : d.base_currency, o.held);
      o.held = 0n;
    }
    this.store.closed(o);
    this.hooks.order(o, fill);
  }
}

/** True when an order at its limit price would trade against a resting price (ticks). */
function crosses(o: Order, restingPx: number): boolean {
  return o.side === 'buy' ? restingPx <= o.px : restingPx >= o.px;
}
