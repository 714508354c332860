/**
 * The replayed market of a backtest: the replay (./market.ts) with resting orders that wait their turn.
 * A resting order of a user joins the back of its price level: the recorded size at that level when it
 * is first seen is ahead of it. A recorded trade at its price first eats what is ahead (and a recorded
 * level that shrinks shrinks what is ahead, while it is within the depth recorded); what the trade has left fills the order at its own price. A
 * recorded trade beyond its price (a buy's below it, a sell's above) traded through the whole level: the
 * order fills whole. A recorded book never trades with a resting user order: its levels that would cross
 * one are left out, so fills come from the recorded trades alone, never earlier than the market printed them.
 */
import { cmp, isZero, min, norm, sub, truncate } from '../../util/decimal.js';
import { ExchangeError } from '../exchange-api.js';
import type { Side } from '../../api/catalogue/vocab.js';
import { scalarText } from '../../util/json.js';
import type { Order } from '../engine/types.js';
import { unitsText } from '../engine/units.js';
import { REPLAY } from '../market/sim.js';
import type { MarketSeam } from '../market/market.js';
import type { EventFeed } from './feed.js';
import type { Level, Levels } from './levels.js';
import { ReplayMarket } from './market.js';

export class QueueMarket extends ReplayMarket {
  /** The recorded book of each pair, as last pushed. */
  private readonly recorded = new Map<string, Levels>();
  /** Recorded size (decimal text) still ahead of each resting user order, by order id. */
  private readonly ahead = new Map<string, string>();
  /** Pairs whose recorded book changed since the engine's copy was made, and the time of that push. */
  private readonly pending = new Map<string, number>();

  /** `accounts`: the user accounts whose orders queue (read when the market runs). */
  constructor(private readonly seamOf: MarketSeam, feed: EventFeed, t0: number, private readonly accounts: () => readonly string[]) {
    super(seamOf, feed, t0, 1);
  }

  /** Recorded size ahead of a resting order (decimal text); undefined for an order not seen resting. */
  queuedAhead(orderId: string): string | undefined {
    return this.ahead.get(orderId);
  }

  private open(symbol: string): Order[] {
    return this.accounts().flatMap((a) => this.seamOf.engine.openOrders(a, symbol)).filter((o) => o.type === 'limit' || o.type === 'limit_maker');
  }

  /** Orders resting since the last look join the back of their level of the recorded book. */
  private enqueue(symbol: string): Order[] {
    const open = this.open(symbol);
    const book = this.recorded.get(symbol);
    for (const o of open) {
      if (this.ahead.has(o.id)) continue;
      this.ahead.set(o.id, sizeAt(o.side === 'buy' ? book?.bids : book?.asks, o.price));
    }
    return open;
  }

  protected override quote(symbol: string, book: Levels, at: number): void {
    const open = this.enqueue(symbol);
    this.recorded.set(symbol, book);
    for (const o of open) {
      const side = o.side === 'buy' ? book.bids : book.asks;
      // A level beyond the depth recorded is out of sight, not gone: what is ahead there stays.
      const worst = side[side.length - 1]?.[0];
      if (worst === undefined || (o.side === 'buy' ? cmp(o.price, worst) < 0 : cmp(o.price, worst) > 0)) continue;
      const level = sizeAt(side, o.price);
      const was = this.ahead.get(o.id) ?? '0';
      if (cmp(level, was) < 0) this.ahead.set(o.id, level);
    }
    // The engine's copy of the book is brought up to date once the pushes due are applied (below): a
    // book pushed again before anyone can look at it costs nothing.
    this.pending.set(symbol, at);
  }

  override advance(now: number): void {
    super.advance(now);
    for (const [symbol, at] of this.pending) {
      const book = this.recorded.get(symbol)!;
      const open = this.open(symbol);
      const bestBid = best(open, 'buy');
      const bestAsk = best(open, 'sell');
      super.quote(symbol, {
        bids: bestAsk === undefined ? book.bids : book.bids.filter(([p]) => cmp(p, bestAsk) < 0),
        asks: bestBid === undefined ? book.asks : book.asks.filter(([p]) => cmp(p, bestBid) > 0),
      }, at);
    }
    this.pending.clear();
  }

  protected override trade(symbol: string, e: Record<string, unknown>, at: number): void {
    super.trade(symbol, e, at);
    const price = scalarText(e.price);
    const size = scalarText(e.size);
    // The resting side the recorded taker met: a sell hits bids, a buy lifts asks.
    const hit = e.side === 'sell' ? 'buy' : e.side === 'buy' ? 'sell' : undefined;
    if (!hit || !price || !size) return;
    let left = size;
    const queued = this.enqueue(symbol).filter((o) => o.side === hit);
    // Best price first, then time (order ids grow).
    queued.sort((a, b) => (hit === 'buy' ? cmp(b.price, a.price) : cmp(a.price, b.price)) || (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    for (const o of queued) {
      const through = hit === 'buy' ? cmp(price, o.price) < 0 : cmp(price, o.price) > 0;
      const at_ = cmp(price, o.price) === 0;
      if (!through && !at_) continue;
      const open = unitsText(o.open, o.u.s);
      let fill: string;
      if (through) fill = open;
      else {
        const ahead = this.ahead.get(o.id) ?? '0';
        const past = norm(sub(left, ahead));
        this.ahead.set(o.id, cmp(past, '0') >= 0 ? '0' : norm(sub(ahead, left)));
        if (cmp(past, '0') <= 0) return;
        fill = norm(truncate(min(past, open), o.u.s));
        left = norm(sub(left, fill));
        if (isZero(fill)) return;
      }
      this.fill(o, fill, at);
      if (!through && isZero(left)) return;
    }
  }

  /** Fills `size` of a resting order at its price, against the replay's account (its own levels met first are taken off: the market traded them). */
  private fill(o: Order, size: string, at: number): void {
    const side = o.side === 'buy' ? 'sell' : 'buy';
    try {
      this.seamOf.engine.place(REPLAY, { symbol: o.symbol, side, type: 'ioc', price: o.price, size, stpMode: 'cancel_maker' }, at);
    } catch (err) {
      // A part under the pair's minimum size stays queued at the front: the next trade fills it.
      if (!(err instanceof ExchangeError)) throw err;
      this.ahead.set(o.id, '0');
    }
    if (o.open === 0) this.ahead.delete(o.id);
  }
}

/** The size of the level at `price` (decimal text, '0' when none). */
function sizeAt(levels: readonly Level[] | undefined, price: string): string {
  const l = levels?.find(([p]) => cmp(p, price) === 0);
  return l ? norm(l[1]) : '0';
}

/** The best price among resting orders of one side. */
function best(open: readonly Order[], side: Side): string | undefined {
  let b: string | undefined;
  for (const o of open) if (o.side === side && (b === undefined || (side === 'buy' ? cmp(o.price, b) > 0 : cmp(o.price, b) < 0))) b = o.price;
  return b;
}
