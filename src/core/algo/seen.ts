/**
 * Which of the venue's trades a runner has fed its engine, by what the venue says of them. Neither the
 * public trade channel nor GET /spot/v1/symbols/trades carries a trade id (spec 2.6 and 6.3), so a trade
 * is its time on the venue's clock (ms), price, size and side. Two trades alike in all four may happen in
 * one millisecond: the trades of one read are counted against those already fed at that millisecond, so
 * a read that repeats them feeds none, and one that holds one more feeds that one. Trades older than the
 * newest fed are history. The local clock plays no part.
 */
import { norm } from '../../util/decimal.js';
import type { Trade } from './market.js';

/** A decimal's one spelling (`60000.10` and `60000.1` are one price); text that is no decimal as it is. */
function exact(s: string): string {
  try {
    return norm(s);
  } catch {
    return s;
  }
}

const identity = (t: Trade) => `${exact(t.price)} ${exact(t.size)} ${t.side ?? ''}`;

export class SeenTrades {
  private newest: number | undefined;
  /** How many trades of each identity were fed at `newest`. */
  private counts = new Map<string, number>();
  /** A resumed runner's last trade (its price): fed before, at `newest`. */
  private seed: string | undefined;

  /** `last`: the last trade a previous runner fed (the engine's state), taken as fed. */
  constructor(last?: { readonly price: string; readonly time: number }) {
    if (last) {
      this.newest = last.time;
      this.seed = exact(last.price);
    }
  }

  /** The venue time (ms) of the newest trade fed, or the start; undefined before either. */
  get at(): number | undefined {
    return this.newest;
  }

  /** Trades before `from` (venue ms) are history: they are never fed. */
  start(from: number): void {
    this.newest = from;
    this.counts = new Map();
  }

  /** From now on trades before `time` (venue ms) are history too; a later newest is kept as it is. */
  notBefore(time: number): void {
    if (this.newest !== undefined && this.newest >= time) return;
    this.newest = time;
    this.counts = new Map();
    this.seed = undefined;
  }

  /** The trades of one read (or one push) not fed yet, oldest first; from now on they count as fed. */
  fresh(batch: readonly Trade[]): Trade[] {
    if (this.newest === undefined) return [];
    const out: Trade[] = [];
    const inBatch = new Map<string, number>();
    let batchAt: number | undefined;
    for (const t of [...batch].sort((a, b) => a.time - b.time)) {
      if (t.time < this.newest) continue;
      if (t.time > this.newest) {
        this.newest = t.time;
        this.counts = new Map();
        this.seed = undefined;
      }
      if (t.time !== batchAt) {
        batchAt = t.time;
        inBatch.clear();
      }
      const k = identity(t);
      // The machine knows the last trade by price and time only: the first one alike is the one it saw.
      if (this.seed !== undefined && this.seed === exact(t.price)) {
        this.seed = undefined;
        this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
      }
      const n = (inBatch.get(k) ?? 0) + 1;
      inBatch.set(k, n);
      if (n <= (this.counts.get(k) ?? 0)) continue;
      this.counts.set(k, n);
      out.push(t);
    }
    return out;
  }
}
