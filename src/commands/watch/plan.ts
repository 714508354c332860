/** What a `bm watch` invocation subscribes to and how it is shown, checked before anything is sent. */
import { BmError, usage } from '../../errors.js';
import { DEPTH_LEVELS, KLINE_INTERVALS, topics, type DepthLevels } from '../../ws/channels.js';
import { KLINE_MINUTES, klineInterval } from '../../api/catalogue/channels.js';
import { DepthView } from './depth.js';
import { klineView, ordersView, tickerView, tradesView, type View } from './views.js';
import { scalarText } from '../../util/json.js';
import { durationOf } from '../duration.js';
import type { Entry } from '../../ws/codec.js';

export type WatchKind = 'ticker' | 'depth' | 'trades' | 'kline' | 'orders';

export interface WatchRequest {
  readonly kind: WatchKind;
  readonly symbols: readonly string[];
  readonly levels?: string;
  readonly interval?: string;
  readonly once?: boolean;
  /** Seconds, as typed. */
  readonly duration?: string;
}

export interface Plan {
  readonly topics: readonly string[];
  readonly view: View;
  /** Needs a login on the private address. */
  readonly private: boolean;
  /** The pair whose orders are followed: read again over REST after a reconnect. */
  readonly orders?: string;
  /** Channels that may answer a subscription with no entries (nothing to show yet is still a snapshot). */
  readonly eventChannel: boolean;
  /** ms; undefined: until stopped. */
  readonly durationMs?: number;
  readonly title: string;
  /**
   * Piped output while the reader is behind: the key under which a push replaces the one before
   * (a book, a ticker, a candle by its start), or undefined for an event that must not be merged.
   */
  readonly snapshotKey: (topic: string, entry: Entry) => string | undefined;
  /** Candles a table shows before the stream's first push (the stream sends only the current one). */
  readonly history?: { readonly symbol: string; readonly minutes: number };
}

const SYMBOL = /^[A-Za-z0-9]+_[A-Za-z0-9]+$/;

function symbolOf(s: string): string {
  if (!SYMBOL.test(s)) throw usage(`not a spot pair: '${s}'`, 'pairs look like BTC_USDT; list them with: bm symbols');
  return s.toUpperCase();
}

/** Every push is the whole state of its topic (books, tickers). */
const latest = (topic: string) => topic;
/** A candle push is the whole candle so far: the latest of each candle start counts. */
const candle = (topic: string, e: Entry) => `${topic}|${scalarText((e.candle as unknown[] | undefined)?.[0])}`;
/** Trades and order progress: each push counts. */
const event = () => undefined;

export function planOf(req: WatchRequest): Plan {
  const symbols = req.symbols.map(symbolOf);
  if (!symbols.length) throw usage('give at least one pair, e.g. BTC_USDT');
  const durationMs = durationOf(req.duration);
  const base = { ...(durationMs !== undefined ? { durationMs } : {}), private: false, eventChannel: false, snapshotKey: event };
  const sym = symbols[0]!;
  switch (req.kind) {
    case 'ticker':
      return { ...base, snapshotKey: latest, topics: symbols.map(topics.ticker), view: tickerView(), title: `ticker ${symbols.join(' ')}` };
    case 'depth': {
      const levels = Number(req.levels ?? '5');
      if (!(DEPTH_LEVELS as readonly number[]).includes(levels)) throw usage(`--levels: one of ${DEPTH_LEVELS.join(', ')} (got '${req.levels}')`);
      return { ...base, snapshotKey: latest, topics: [topics.depth(sym, levels as DepthLevels)], view: new DepthView(levels, sym), title: `depth ${sym}` };
    }
    case 'trades':
      return { ...base, eventChannel: true, topics: [topics.trade(sym)], view: tradesView(sym), title: `trades ${sym}` };
    case 'kline': {
      const interval = klineInterval(req.interval ?? '1m');
      if (!interval) throw usage(`--interval: one of ${KLINE_INTERVALS.join(', ')} (got '${req.interval}')`);
      const history = { symbol: sym, minutes: KLINE_MINUTES[interval] };
      return { ...base, eventChannel: true, snapshotKey: candle, topics: [topics.kline(sym, interval)], view: klineView(sym), title: `kline ${interval} ${sym}`, history };
    }
    case 'orders':
      return { ...base, private: true, orders: sym, eventChannel: true, topics: [topics.order(sym)], view: ordersView(), title: `orders ${sym}` };
    default: {
      const never: never = req.kind;
      throw new BmError('internal', `unknown view ${String(never)}`);
    }
  }
}
