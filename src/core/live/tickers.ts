/**
 * Many pairs' tickers at once, as a watchlist shows them: each pair's latest ticker (a push is whole)
 * and a spark of its last price minute by minute, seeded from one-minute candles read over REST and
 * kept by the pushes. Decimals stay the venue's strings; times are injected (ms), never read here.
 */
import { scalarText } from '../../util/json.js';
import type { Entry } from '../../ws/codec.js';

/** Minutes a spark covers. */
export const SPARK_MINUTES = 30;

/** A pair's ticker as a watchlist row shows it (decimal strings; '' when the venue sent none). */
export interface TickerFigures {
  readonly last: string;
  readonly open24h: string;
  readonly high24h: string;
  readonly low24h: string;
  readonly volume24h: string;
}

interface Pair {
  figures: TickerFigures | undefined;
  /** The last price at the end of each minute seen, by minute since the epoch, oldest first. */
  minutes: Map<number, string>;
}

const text = (v: unknown) => scalarText(v);

/** The figures of a ticker push or of one ticker of the REST read. */
export function tickerFigures(e: Entry): TickerFigures {
  return { last: text(e.last_price), open24h: text(e.open_24h), high24h: text(e.high_24h), low24h: text(e.low_24h), volume24h: text(e.base_volume_24h) };
}

export class TickerBoard {
  private readonly pairs = new Map<string, Pair>();
  /** Changes applied so far: a face draws again when it moved. */
  version = 0;

  private pair(symbol: string): Pair {
    let p = this.pairs.get(symbol);
    if (!p) this.pairs.set(symbol, (p = { figures: undefined, minutes: new Map() }));
    return p;
  }

  /** A ticker (push or REST) of its pair, at `at` (ms): the figures, and the spark's current minute. */
  apply(e: Entry, at: number): string {
    const symbol = text(e.symbol);
    const p = this.pair(symbol);
    p.figures = tickerFigures(e);
    if (p.figures.last) this.mark(p, Math.floor(at / 60_000), p.figures.last);
    this.version++;
    return symbol;
  }

  /**
   * One-minute candles of a pair (`[start s, close]` each): the spark's minutes before the pushes. A
   * minute already set by a push keeps the push's price (it is as new or newer).
   */
  seed(symbol: string, candles: ReadonlyArray<readonly [start: number, close: string]>): void {
    const p = this.pair(symbol);
    for (const [start, close] of candles) {
      const minute = Math.floor(start / 60);
      if (Number.isFinite(minute) && close && !p.minutes.has(minute)) p.minutes.set(minute, close);
    }
    this.trim(p);
    this.version++;
  }

  figures(symbol: string): TickerFigures | undefined {
    return this.pairs.get(symbol)?.figures;
  }

  /**
   * The pair's last price for each of the {@link SPARK_MINUTES} minutes up to `at` (ms), oldest first; a
   * minute with no price carries the one before ('' before the first known).
   */
  spark(symbol: string, at: number): string[] {
    const p = this.pairs.get(symbol);
    const now = Math.floor(at / 60_000);
    const out: string[] = [];
    let carry = '';
    if (p) {
      // The price before the window opens carries into its first minutes.
      for (const [m, v] of p.minutes) if (m <= now - SPARK_MINUTES) carry = v;
    }
    for (let m = now - SPARK_MINUTES + 1; m <= now; m++) {
      carry = p?.minutes.get(m) ?? carry;
      out.push(carry);
    }
    return out;
  }

  private mark(p: Pair, minute: number, last: string): void {
    p.minutes.delete(minute);
    p.minutes.set(minute, last);
    this.trim(p);
  }

  /** Keeps the newest minutes, in order (a seed may bring minutes older than a push's). */
  private trim(p: Pair): void {
    const keep = [...p.minutes.entries()].sort((a, b) => a[0] - b[0]).slice(-(SPARK_MINUTES + 1));
    p.minutes.clear();
    for (const [m, v] of keep) p.minutes.set(m, v);
  }
}
