/**
 * The order book of one pair: price levels in ticks, each a queue of resting orders in time
 * priority. Finding a level is a map lookup; a new level is placed by binary search over the sorted
 * prices, and the best level sits at the end of its array, so the churn at the top is push and pop.
 */
import type { Side } from '../../api/catalogue/vocab.js';
import type { Order } from './types.js';
import { fixedText, unitsText, type PairUnits } from './units.js';

/** One aggregated level as the REST book and the depth channels show it. */
export interface Level {
  /** With the pair's full precision (`65000.00` when grouped to whole units). */
  readonly price: string;
  readonly size: string;
  readonly count: number;
}

interface Queue {
  readonly px: number;
  readonly orders: Order[];
  /** Open size units of every order at this price. */
  open: number;
}

class SideBook {
  /** Worst first, best last: the levels that come and go most (at the top) are pushed and popped. */
  private readonly levels: Queue[] = [];
  private readonly byPx = new Map<number, Queue>();

  /** `dir` 1 for bids (higher is better), -1 for asks. */
  constructor(private readonly dir: number) {}

  /** Index of the first level at or better than `px`. */
  private find(px: number): number {
    const lv = this.levels;
    let lo = 0;
    let hi = lv.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((px - lv[mid]!.px) * this.dir > 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(o: Order): void {
    let q = this.byPx.get(o.px);
    if (!q) {
      q = { px: o.px, orders: [], open: 0 };
      this.byPx.set(o.px, q);
      const lv = this.levels;
      const top = lv[lv.length - 1];
      if (!top || (o.px - top.px) * this.dir > 0) lv.push(q);
      else lv.splice(this.find(o.px), 0, q);
    }
    q.orders.push(o);
    q.open += o.open;
  }

  remove(o: Order, openBefore: number): void {
    const q = this.byPx.get(o.px);
    if (!q) return;
    const i = q.orders.indexOf(o);
    if (i < 0) return;
    if (i === 0) q.orders.shift();
    else q.orders.splice(i, 1);
    q.open -= openBefore;
    if (q.orders.length === 0) this.drop(q);
  }

  /** `units` of the level's open size were filled on one of its orders. */
  filled(o: Order, units: number): void {
    const q = this.byPx.get(o.px);
    if (q) q.open -= units;
  }

  best(): Order | undefined {
    return this.levels[this.levels.length - 1]?.orders[0];
  }

  /** Levels best first. */
  *fromBest(): Generator<Queue> {
    for (let i = this.levels.length - 1; i >= 0; i--) yield this.levels[i]!;
  }

  get size(): number {
    return this.levels.length;
  }

  private drop(q: Queue): void {
    this.byPx.delete(q.px);
    const lv = this.levels;
    if (lv[lv.length - 1] === q) {
      lv.pop();
      return;
    }
    const i = this.find(q.px);
    if (lv[i] === q) lv.splice(i, 1);
  }
}

export class Book {
  private readonly bidSide = new SideBook(1);
  private readonly askSide = new SideBook(-1);

  constructor(private readonly u: PairUnits) {}

  private side(s: Side): SideBook {
    return s === 'buy' ? this.bidSide : this.askSide;
  }

  /** Rests an order behind every order at its price. */
  insert(o: Order): void {
    this.side(o.side).insert(o);
  }

  /** Takes an order out; `openBefore` is its open size as it was counted in its level (default: now). */
  remove(o: Order, openBefore: number = o.open): void {
    this.side(o.side).remove(o, openBefore);
  }

  /** A resting order traded `units` and stays in the book. */
  filled(o: Order, units: number): void {
    this.side(o.side).filled(o, units);
  }

  /** The best resting order against an incoming order of `side`. */
  bestAgainst(side: Side): Order | undefined {
    return side === 'buy' ? this.askSide.best() : this.bidSide.best();
  }

  /** Resting orders of one side, best first (tests and checks). */
  orders(side: Side): Order[] {
    return [...this.side(side).fromBest()].flatMap((q) => q.orders);
  }

  get bids(): Order[] {
    return this.orders('buy');
  }

  get asks(): Order[] {
    return this.orders('sell');
  }

  /** Number of price levels of one side. */
  depth(side: Side): number {
    return this.side(side).size;
  }

  /** Aggregated levels, best first; `precision` groups prices (bids down, asks up) to that many decimals. */
  levels(side: Side, n: number, precision?: number): Level[] {
    const u = this.u;
    const out: Level[] = [];
    const group = precision === undefined || precision >= u.p ? 1 : 10 ** (u.p - precision);
    const up = side === 'sell';
    let px = -1;
    let open = 0;
    let count = 0;
    const push = () => out.push({ price: fixedText(px, u.p), size: unitsText(open, u.s), count });
    for (const q of this.side(side).fromBest()) {
      const g = group === 1 ? q.px : (up ? Math.ceil(q.px / group) : Math.floor(q.px / group)) * group;
      if (g === px) {
        open += q.open;
        count += q.orders.length;
        continue;
      }
      if (px >= 0) {
        push();
        if (out.length === n) return out;
      }
      px = g;
      open = q.open;
      count = q.orders.length;
    }
    if (px >= 0 && out.length < n) push();
    return out;
  }

  /** True when the best bid is at or above the best ask. */
  crossed(): boolean {
    const b = this.bidSide.best();
    const a = this.askSide.best();
    return Boolean(b && a && b.px >= a.px);
  }
}
