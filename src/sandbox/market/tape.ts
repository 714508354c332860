/**
 * The tape of one pair: recent public trades, 1-minute candles built from every trade (plus the
 * generated history before the sandbox started), and the k-lines and 24-hour figures derived from
 * them, so ticker, trades and k-lines always agree.
 */
import { add, cmp, dec, mul, norm, type Dec } from '../../util/decimal.js';
import type { TradeRec } from '../engine/types.js';

/** A 1-minute candle; `t` in seconds (start of the minute). Decimal strings. */
export interface Candle {
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
  qv: string;
}

export interface Stats24h {
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  readonly volume: string;
  readonly quoteVolume: string;
}

/** Public trades kept per pair. */
/** A tape as the exchange's state file keeps it. */
export interface TapeState {
  readonly last: string;
  readonly trades: TradeRec[];
  /** Candles since the start (history before it is regenerated from the seed). */
  readonly candles: Candle[];
}

export const TRADES_KEPT = 200;

export class Tape {
  /** Oldest first. */
  readonly trades: TradeRec[] = [];
  /** The candles made so far: the generated history once read, then every minute since. */
  private list: Candle[] = [];
  /** Makes the history before the first candle of `list`; pending until the candles are first read. */
  private history?: () => readonly Candle[];
  /** Seconds before which all the history's candles start. */
  private historyEnd = -Infinity;

  private settled?: Sum & { key: string };

  constructor(public last: string) {}

  /**
   * Oldest first, one per minute that had trades (or generated history). The history is made here, on
   * first read: most sandboxes answer no k-line or 24-hour figure of most pairs, and making three days
   * of candles for every pair at every start was most of a fresh sandbox's start-up.
   */
  get candles(): Candle[] {
    if (this.history) {
      const made = this.history();
      this.history = undefined;
      const first = this.list[0];
      this.list = [...(first ? made.filter((c) => c.t < first.t) : made), ...this.list];
    }
    return this.list;
  }

  /** The candles of the minutes from `sec` on, without making the history when none of it is asked for. */
  candlesFrom(sec: number): Candle[] {
    return (sec < this.historyEnd ? this.candles : this.list).filter((c) => c.t >= sec);
  }

  /**
   * The generated history, all of it starting before `endSec` and before any candle added or traded;
   * made when the candles are first read.
   */
  setHistory(make: () => readonly Candle[], endSec: number): void {
    this.history = make;
    this.historyEnd = endSec;
  }

  /** Appends generated candles (older minutes first, all after the current last one). */
  addCandles(cs: readonly Candle[]): void {
    for (const c of cs) {
      const prev = this.list[this.list.length - 1];
      if (!prev || c.t > prev.t) this.list.push(c);
    }
    const end = this.list[this.list.length - 1];
    if (end) this.last = end.c;
  }

  record(t: TradeRec): void {
    this.trades.push(t);
    if (this.trades.length > TRADES_KEPT) this.trades.splice(0, this.trades.length - TRADES_KEPT);
    this.last = t.price;
    const minute = Math.floor(t.time / 60000) * 60;
    const quote = mul(t.price, t.size);
    let c = this.list[this.list.length - 1];
    if (c && c.t === minute) {
      // A generated candle is shared between markets (./history.ts, historyOf): changed on a copy.
      if (Object.isFrozen(c)) this.list[this.list.length - 1] = c = { ...c };
      if (cmp(t.price, c.h) > 0) c.h = t.price;
      if (cmp(t.price, c.l) < 0) c.l = t.price;
      c.c = t.price;
      c.v = norm(add(c.v, t.size));
      c.qv = norm(add(c.qv, quote));
    } else if (!c || c.t < minute) {
      this.list.push({ t: minute, o: t.price, h: t.price, l: t.price, c: t.price, v: t.size, qv: norm(quote) });
    }
  }

  /** Index of the first candle with t >= sec. */
  private from(sec: number): number {
    let lo = 0;
    let hi = this.candles.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.candles[mid]!.t < sec) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Candles of `stepMinutes` whose bucket meets [fromSec, toSec], oldest first: the bucket that
   * contains `fromSec` is the first (a strict reading of spec 4.2; see {@link bucketCount}).
   */
  klines(stepMinutes: number, fromSec: number, toSec: number): Candle[] {
    const step = stepMinutes * 60;
    const first = Math.floor(fromSec / step) * step;
    const out: Candle[] = [];
    for (let i = this.from(first); i < this.candles.length; i++) {
      const c = this.candles[i]!;
      const bucket = Math.floor(c.t / step) * step;
      if (bucket > toSec) break;
      const cur = out[out.length - 1];
      if (cur && cur.t === bucket) {
        if (cmp(c.h, cur.h) > 0) cur.h = c.h;
        if (cmp(c.l, cur.l) < 0) cur.l = c.l;
        cur.c = c.c;
        cur.v = norm(add(cur.v, c.v));
        cur.qv = norm(add(cur.qv, c.qv));
      } else out.push({ ...c, t: bucket });
    }
    return out;
  }

  /** Figures over the 24 hours before `nowMs`. */
  stats24h(nowMs: number): Stats24h {
    const first = this.from(Math.floor(nowMs / 1000) - 86400);
    const n = this.candles.length;
    // Every candle but the newest is final: their sum is kept until the window or the list moves.
    const key = `${first}:${n}`;
    if (this.settled?.key !== key) this.settled = { key, ...sum(this.candles, first, n - 1) };
    const live = sum(this.candles, Math.max(first, n - 1), n);
    const s = this.settled;
    const open = s.open || live.open || this.last;
    const high = [s.high, live.high, this.last].filter(Boolean).reduce((a, b) => (cmp(a, b) >= 0 ? a : b));
    const low = [s.low, live.low, this.last].filter(Boolean).reduce((a, b) => (cmp(a, b) <= 0 ? a : b));
    return { open, high, low, close: this.last, volume: norm(add(s.volume, live.volume)), quoteVolume: norm(add(s.quote, live.quote)) };
  }
}

interface Sum {
  open: string;
  high: string;
  low: string;
  volume: Dec;
  quote: Dec;
}

/** Open, extremes and volumes of candles[from, to); '' where there is none. */
function sum(candles: readonly Candle[], from: number, to: number): Sum {
  const out: Sum = { open: '', high: '', low: '', volume: dec('0'), quote: dec('0') };
  for (let i = from; i < to; i++) {
    const c = candles[i]!;
    if (!out.open) out.open = c.o;
    if (!out.high || cmp(c.h, out.high) > 0) out.high = c.h;
    if (!out.low || cmp(c.l, out.low) < 0) out.low = c.l;
    out.volume = add(out.volume, c.v);
    out.quote = add(out.quote, c.qv);
  }
  return out;
}

/** Buckets of `stepSec` that [fromSec, toSec] touches, the one containing `fromSec` included. */
export function bucketCount(fromSec: number, toSec: number, stepSec: number): number {
  return Math.floor(toSec / stepSec) - Math.floor(fromSec / stepSec) + 1;
}
