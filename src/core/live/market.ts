/**
 * The market of the public channels as the live layer keeps it: each pair's ticker and book (every
 * push is whole), its recent trades (newest first) and its candles by start, from a REST snapshot and
 * then the pushes. A face draws from it and redraws on the event {@link MarketState.apply} names.
 */
import { channelKind } from '../../api/catalogue/channels.js';
import { scalarText } from '../../util/json.js';
import type { Entry } from '../../ws/codec.js';

/** What a push changed. */
export type MarketEvent = 'ticker' | 'book' | 'trade' | 'candle';

/** Trades and candles kept per pair at most. */
export const TRADES_KEPT = 500;
export const CANDLES_KEPT = 1000;

const text = (v: unknown) => scalarText(v);
/** A candle's start (s), as the push writes it: the first of `candle`. */
const startOf = (e: Entry) => text((e.candle as unknown[] | undefined)?.[0]);

export class MarketState {
  private readonly tickerMap = new Map<string, Entry>();
  private readonly books = new Map<string, Entry>();
  private readonly tradeLists = new Map<string, Entry[]>();
  private readonly candleMaps = new Map<string, Map<string, Entry>>();
  /** Changes applied so far: a face draws again when it moved. */
  version = 0;

  /** A push of `table` (another channel's is no market event: undefined). */
  apply(table: string, entry: Entry): MarketEvent | undefined {
    const symbol = text(entry.symbol);
    switch (channelKind(table)) {
      case 'ticker':
        this.tickerMap.set(symbol, entry);
        return this.moved('ticker');
      case 'depth':
        this.books.set(symbol, entry);
        return this.moved('book');
      case 'trade':
        this.addTrades(symbol, [entry]);
        return this.moved('trade');
      case 'kline':
        this.addCandles(symbol, [entry]);
        return this.moved('candle');
      default:
        return undefined;
    }
  }

  /**
   * A REST snapshot of a pair's candles (`[start s, open, high, low, close, volume]` each, oldest first):
   * read at the start and after a gap, so candles that closed meanwhile are there. A pushed candle of the
   * same start is replaced (the REST one is as new or newer).
   */
  seedCandles(symbol: string, candles: readonly (readonly unknown[])[]): void {
    this.addCandles(symbol, candles.map((c) => ({ symbol, candle: c.map(text) })));
    this.moved('candle');
  }

  /** A REST snapshot of a pair's recent trades, oldest first: the tape starts from them. */
  seedTrades(symbol: string, trades: readonly Entry[]): void {
    this.tradeLists.set(symbol, []);
    this.addTrades(symbol, trades);
    this.moved('trade');
  }

  ticker(symbol: string): Entry | undefined {
    return this.tickerMap.get(symbol);
  }

  /** Every pair's ticker, in the order first pushed. */
  tickers(): Entry[] {
    return [...this.tickerMap.values()];
  }

  book(symbol: string): Entry | undefined {
    return this.books.get(symbol);
  }

  /** Newest first. */
  trades(symbol: string): readonly Entry[] {
    return this.tradeLists.get(symbol) ?? [];
  }

  /** Oldest first. */
  candles(symbol: string): Entry[] {
    return [...(this.candleMaps.get(symbol)?.values() ?? [])].sort((a, b) => Number(startOf(a)) - Number(startOf(b)));
  }

  private moved(e: MarketEvent): MarketEvent {
    this.version++;
    return e;
  }

  private addTrades(symbol: string, list: readonly Entry[]): void {
    const tape = this.tradeLists.get(symbol) ?? [];
    tape.unshift(...[...list].reverse());
    if (tape.length > TRADES_KEPT) tape.length = TRADES_KEPT;
    this.tradeLists.set(symbol, tape);
  }

  private addCandles(symbol: string, list: readonly Entry[]): void {
    const m = this.candleMaps.get(symbol) ?? new Map<string, Entry>();
    for (const e of list) m.set(startOf(e), e);
    if (m.size > CANDLES_KEPT) {
      // Candle starts are seconds since the epoch (times, never amounts): the oldest go first.
      const starts = [...m.keys()].sort((a, b) => Number(a) - Number(b));
      for (const k of starts.slice(0, starts.length - CANDLES_KEPT)) m.delete(k);
    }
    this.candleMaps.set(symbol, m);
  }
}
