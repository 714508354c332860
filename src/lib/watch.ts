/**
 * The WebSocket channels as async iterators, on the CLI's own connection (reconnect, resubscribe,
 * login, keep-alive and send limits): one connection per stream, closed when the loop ends, when
 * the signal aborts, or by `close()`. Entries come as pushed, numbers as exact text. A loop slower
 * than the stream gets the latest book or ticker (each push is whole), the latest of each candle, and
 * at most {@link MAX_WAITING} trades or order events waiting, the oldest dropped; the client's onNote says how many.
 */
import { debuglog } from 'node:util';
import type { DepthLevels, DepthPush, KlineInterval, KlinePush, OrderPush, Push, Stream, StreamOptions, TickerPush, TradePush, WatchApi } from './types.js';
import { KLINE_INTERVALS, klineInterval } from '../api/catalogue/channels.js';
import { usage } from '../errors.js';
import { systemClock, type WaitClock } from '../util/clock.js';
import { streamLimits } from './stream-state.js';
import type { CallsSource } from '../core/usecases/live.js';
import type { LibVenue } from '../core/usecases/venue.js';
import type { Merge } from './stream-merge.js';
import { TopicStream, type Topics } from './topic-stream.js';

const debug = debuglog('bm');

export type { Push, Stream, StreamOptions } from './types.js';
export { MAX_WAITING } from './stream-merge.js';

/** `client.watch`: the channels of spec 6.3 by name. */
export class Watch implements WatchApi {
  private readonly open = new Set<TopicStream>();

  constructor(
    private readonly venue: () => Promise<LibVenue>,
    private readonly timeoutMs: number,
    /** Lines for the caller: a refused frame, pushes a slow loop missed. */
    private readonly note: (line: string) => void = (line) => debug('%s', line),
    /** The clock of the staleness timers (a test's own moves only when the test moves it). */
    private readonly clock: WaitClock = systemClock,
    /** The client's calls: your order stream reads your orders again over them after a reconnect. */
    private readonly calls?: CallsSource['calls'],
  ) {}

  /** A stream of `T`: the venue's pushes of the channel, which carry the fields spec 6.3 lists. */
  private stream<T extends Push>(topic: (t: Topics) => string, isPrivate: boolean, merge: Merge, opts: StreamOptions = {}, orders?: string): Stream<T> {
    const recovery = orders !== undefined && this.calls ? { symbol: orders, calls: this.calls } : undefined;
    const s = new TopicStream(this.venue, topic, isPrivate, merge, this.timeoutMs, this.note, opts.signal, (x) => this.open.delete(x), streamLimits(opts, isPrivate), this.clock, recovery);
    this.open.add(s);
    return s as unknown as Stream<T>;
  }

  /** Ticker pushes of a pair. */
  ticker(symbol: string, opts?: StreamOptions): Stream<TickerPush> {
    return this.stream((t) => t.ticker(symbol), false, 'latest', opts);
  }

  /** Book snapshots of a pair: `levels` 5, 20 or 50 per side (default 20). */
  depth(symbol: string, opts: StreamOptions & { readonly levels?: DepthLevels } = {}): Stream<DepthPush> {
    return this.stream((t) => t.depth(symbol, opts.levels ?? 20), false, 'latest', opts);
  }

  /** Public trades of a pair. */
  trades(symbol: string, opts?: StreamOptions): Stream<TradePush> {
    return this.stream((t) => t.trade(symbol), false, 'event', opts);
  }

  /** Candles of a pair (default interval 1m; `1h` or `1H`, as the command line reads a width). */
  kline(symbol: string, opts: StreamOptions & { readonly interval?: KlineInterval } = {}): Stream<KlinePush> {
    const typed = String(opts.interval ?? '1m');
    const interval = klineInterval(typed);
    if (!interval) throw usage(`interval: one of ${KLINE_INTERVALS.join(', ')} (got '${typed}')`);
    return this.stream((t) => t.kline(symbol, interval), false, 'candle', opts);
  }

  /**
   * Your orders' progress on a pair (logged in with the client's credentials). After a reconnect your
   * open orders are read again, and each order that changed meanwhile comes as a push of where it stands.
   */
  orders(symbol: string, opts?: StreamOptions): Stream<OrderPush> {
    return this.stream((t) => t.order(symbol), true, 'event', opts, symbol);
  }

  /** Closes every stream still open. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.open].map((s) => s.close()));
  }
}
