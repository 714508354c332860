/**
 * The matching engine: one book per pair, price-time priority, order types limit, market (buy by
 * quote notional, sell by base size), limit_maker (cancelled at once when it would cross) and ioc
 * (the rest cancelled). Funds are frozen on placement and released when the order ends.
 */
import { randomUUID } from 'node:crypto';
import type { OrderStatus, PlaceRequest, StpMode } from '../exchange-api.js';
import { fail } from '../errors.js';
import { pairSpec, type PairSpec } from '../market/pairs.js';
import { cmp, div, isZero, min, mul, norm, sub } from '../../util/decimal.js';
import { Book, openSize } from './book.js';
import { Ledger } from './ledger.js';
import { OrderStore } from './store.js';
import { settle } from './settle.js';
import type { FillRec, OrderRec, TradeRec } from './types.js';
import { validateOrder } from './validate.js';

export interface EngineHooks {
  nextId(): string;
  trade(t: TradeRec): void;
  order(o: OrderRec, fill?: FillRec): void;
  book(symbol: string): void;
  /** Simulated accounts: their finished orders and their fills are not kept. */
  internal(acct: string): boolean;
}

export interface OrderRef {
  order_id?: string;
  client_order_id?: string;
}

export class Engine {
  readonly books = new Map<string, Book>();
  private readonly store: OrderStore;

  /** `orders` and `fills`: the saved records to start from. */
  constructor(readonly ledger: Ledger, private readonly hooks: EngineHooks, orders: OrderRec[] = [], fills: FillRec[] = []) {
    this.store = new OrderStore((acct) => hooks.internal(acct));
    // Ids grow with time: re-inserting in id order restores each level's time priority.
    const sorted = [...orders].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    for (const o of sorted) {
      this.store.add(o);
      if ((o.status === 4 || o.status === 5) && (o.type === 'limit' || o.type === 'limit_maker')) this.book(o.symbol).insert(o);
    }
    for (const f of fills) this.store.addFill(f);
  }

  book(symbol: string): Book {
    let b = this.books.get(symbol);
    if (!b) this.books.set(symbol, (b = new Book()));
    return b;
  }

  /** Places an order; returns it after matching (status 4, 5, 6 or 8). */
  place(acct: string, req: PlaceRequest, now: number): OrderRec {
    const spec = pairSpec(req.symbol);
    if (!spec) throw fail(50001);
    validateOrder(spec, req);
    const internal = this.hooks.internal(acct);
    const cid = req.client_order_id || (internal ? '' : randomUUID().replace(/-/g, ''));
    if (cid && this.store.byClientId(acct, cid)) throw fail(50042);
    const d = spec.details;
    const marketBuy = req.type === 'market' && req.side === 'buy';
    const size = marketBuy ? '0' : norm(req.size!);
    const price = req.type === 'market' ? '' : norm(req.price!);
    const notional = marketBuy ? norm(req.notional!) : req.type === 'market' ? '' : norm(mul(price, size));
    const frozen = req.side === 'buy' ? notional : size;
    this.ledger.freeze(acct, req.side === 'buy' ? d.quote_currency : d.base_currency, frozen);
    const o: OrderRec = {
      id: this.hooks.nextId(), cid, acct, symbol: d.symbol, side: req.side, type: req.type, price, size, notional,
      filledSize: '0', filledNotional: '0', status: 4, ct: now, ut: now, frozen,
    };
    this.store.add(o);
    this.hooks.order(o);
    this.match(spec, o, now, req.stpMode ?? 'none');
    return o;
  }

  /** `stp`: self-trade prevention when the best resting order is the taker's own. */
  private match(spec: PairSpec, o: OrderRec, now: number, stp: StpMode): void {
    const book = this.book(o.symbol);
    const inc = spec.details.quote_increment;
    if (o.type === 'limit_maker') {
      const best = book.bestAgainst(o.side);
      if (best && crosses(o, best.price)) return this.finish(o, 8, now);
    }
    let touched = false;
    let starved = false;
    let lastFill: FillRec | undefined;
    let selfTrade = false;
    for (let maker = book.bestAgainst(o.side); maker; maker = book.bestAgainst(o.side)) {
      if (o.type !== 'market' && !crosses(o, maker.price)) break;
      if (maker.acct === o.acct && stp !== 'none') {
        if (stp !== 'cancel_taker') {
          book.remove(maker);
          this.finish(maker, 8, now);
          touched = true;
        }
        if (stp === 'cancel_maker') continue;
        selfTrade = true;
        break;
      }
      let size: string;
      if (o.type === 'market' && o.side === 'buy') {
        const lots = div(o.frozen, mul(maker.price, inc), 0);
        size = norm(min(openSize(maker), mul(lots, inc)));
        if (isZero(size)) {
          starved = true;
          break;
        }
      } else {
        size = norm(min(openSize(maker), sub(o.size, o.filledSize)));
      }
      const s = settle(this.ledger, spec.details, o, maker, maker.price, size, now, () => this.hooks.nextId());
      touched = true;
      this.hooks.trade(s.trade);
      this.store.addFill(s.makerFill);
      this.store.addFill(s.takerFill);
      if (maker.status === 6) {
        book.remove(maker);
        this.finish(maker, 6, now, s.makerFill);
      } else this.hooks.order(maker, s.makerFill);
      if (o.status === 6) {
        lastFill = s.takerFill;
        break;
      }
      this.hooks.order(o, s.takerFill);
    }
    if (o.status === 6) this.finish(o, 6, now, lastFill);
    else if (selfTrade) this.finish(o, 8, now);
    else if (o.type === 'limit' || o.type === 'limit_maker') {
      book.insert(o);
      touched = true;
    } else this.finish(o, starved && !isZero(o.filledSize) ? 6 : 8, now);
    if (touched) this.hooks.book(o.symbol);
  }

  /** Cancels an open order; 50032 unknown, 50030 already cancelled, 50031 already filled. */
  cancel(acct: string, symbol: string, ref: OrderRef, now: number): OrderRec {
    const o = this.find(acct, symbol, ref);
    if (!o) throw fail(50032);
    if (o.status === 8) throw fail(50030);
    if (o.status === 6) throw fail(50031);
    this.book(o.symbol).remove(o);
    this.finish(o, 8, now);
    this.hooks.book(o.symbol);
    return o;
  }

  /** Cancels every open order of an account in a pair (one side when given). */
  cancelAll(acct: string, symbol: string, side: 'buy' | 'sell' | undefined, now: number): OrderRec[] {
    const done: OrderRec[] = [];
    for (const o of this.store.open(acct)) {
      if (o.symbol !== symbol || (side && o.side !== side)) continue;
      this.book(o.symbol).remove(o);
      this.finish(o, 8, now);
      done.push(o);
    }
    if (done.length) this.hooks.book(symbol);
    return done;
  }

  find(acct: string, symbol: string, ref: OrderRef): OrderRec | undefined {
    const o = ref.order_id ? this.store.get(ref.order_id) : ref.client_order_id ? this.store.byClientId(acct, ref.client_order_id) : undefined;
    if (!o || o.acct !== acct || o.symbol !== symbol) return undefined;
    if (ref.order_id && ref.client_order_id && o.cid !== ref.client_order_id) return undefined;
    return o;
  }

  /** Orders of an account in a pair with one of `statuses`, most recent first. */
  list(acct: string, symbol: string, statuses: readonly OrderStatus[], n: number): OrderRec[] {
    return this.store.list(acct, symbol, statuses, n);
  }

  openOrders(acct: string): OrderRec[] {
    return this.store.open(acct);
  }

  /** Fills of an account in a pair (of one order when given), most recent first. */
  fills(acct: string, symbol: string, orderId?: string): FillRec[] {
    return this.store.fills(acct, symbol, orderId);
  }

  /** Every kept order and fill, for persistence. */
  records(): { orders: OrderRec[]; fills: FillRec[] } {
    return this.store.records();
  }

  private finish(o: OrderRec, status: OrderStatus, now: number, fill?: FillRec): void {
    o.status = status;
    o.ut = now;
    if (!isZero(o.frozen)) {
      const d = pairSpec(o.symbol)!.details;
      this.ledger.release(o.acct, o.side === 'buy' ? d.quote_currency : d.base_currency, o.frozen);
      o.frozen = '0';
    }
    this.store.closed(o);
    this.hooks.order(o, fill);
  }
}

/** True when an order at its limit price would trade against a resting price. */
function crosses(o: OrderRec, restingPrice: string): boolean {
  return o.side === 'buy' ? cmp(restingPrice, o.price) <= 0 : cmp(restingPrice, o.price) >= 0;
}

