/**
 * The order book of one pair: resting limit orders in price-time priority. Bids best (highest)
 * first, asks best (lowest) first; within a price, the earlier order (lower id) first.
 */
import { add, cmp, norm, sub, truncate, type Dec } from '../../util/decimal.js';
import type { OrderRec } from './types.js';

export interface Level {
  readonly price: string;
  readonly size: string;
  readonly count: number;
}

/** Size still open on a resting order. */
export function openSize(o: OrderRec): string {
  return norm(sub(o.size, o.filledSize));
}

export class Book {
  readonly bids: OrderRec[] = [];
  readonly asks: OrderRec[] = [];

  /** Inserts behind every order at the same or a better price. */
  insert(o: OrderRec): void {
    const side = o.side === 'buy' ? this.bids : this.asks;
    const dir = o.side === 'buy' ? -1 : 1;
    let lo = 0;
    let hi = side.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      // Stay behind orders priced at or better than o.
      if (cmp(side[mid]!.price, o.price) * dir <= 0) lo = mid + 1;
      else hi = mid;
    }
    side.splice(lo, 0, o);
  }

  remove(o: OrderRec): void {
    const side = o.side === 'buy' ? this.bids : this.asks;
    const i = side.indexOf(o);
    if (i >= 0) side.splice(i, 1);
  }

  /** The best resting order against an incoming order of `side`. */
  bestAgainst(side: 'buy' | 'sell'): OrderRec | undefined {
    return side === 'buy' ? this.asks[0] : this.bids[0];
  }

  /** Aggregated levels, best first; `precision` groups prices (bids down, asks up) to that many decimals. */
  levels(side: 'buy' | 'sell', n: number, precision?: number): Level[] {
    const out: { price: Dec | string; size: Dec | string; count: number }[] = [];
    for (const o of side === 'buy' ? this.bids : this.asks) {
      const price = precision === undefined ? o.price : groupPrice(o.price, precision, side);
      const last = out[out.length - 1];
      if (last && cmp(last.price, price) === 0) {
        last.size = add(last.size, openSize(o));
        last.count++;
      } else {
        if (out.length === n) break;
        out.push({ price, size: openSize(o), count: 1 });
      }
    }
    return out.map((l) => ({ price: norm(l.price), size: norm(l.size), count: l.count }));
  }

  /** True when the best bid is at or above the best ask. */
  crossed(): boolean {
    const b = this.bids[0];
    const a = this.asks[0];
    return Boolean(b && a && cmp(b.price, a.price) >= 0);
  }
}

function groupPrice(price: string, precision: number, side: 'buy' | 'sell'): Dec {
  const down = truncate(price, precision);
  if (side === 'buy' || cmp(down, price) === 0) return down;
  const step: Dec = precision >= 0 ? { units: 1n, scale: precision } : { units: 10n ** BigInt(-precision), scale: 0 };
  return add(down, step);
}
