/**
 * Runs a conditional order on live data: the venue's trades from the WebSocket trade stream, the
 * recent trades over REST while the stream is down (or when there is none), the clock's ticks for a
 * TWAP's slices. A time without data is a gap: when data comes back, the candles of the gap are read
 * and the state machine decides whether a trigger was met while blind (it fires then, or says why not).
 */
import type { WaitClock } from '../order/deadline.js';
import type { AlgoEngine } from './engine.js';
import type { AlgoState } from './machine.js';
import type { GapCandles, Trade } from './market.js';

/** What a trade stream tells: a trade, the stream lost, the stream (back) up. */
export interface StreamHandlers {
  trade(t: Trade): void;
  down(why: string): void;
  up(): void;
}

/** Opens a trade stream; resolves with what closes it. */
export type TradeStream = (h: StreamHandlers) => Promise<() => Promise<void>>;

export interface RunnerDeps {
  readonly engine: AlgoEngine;
  /** The live stream; absent: REST only. */
  readonly stream?: TradeStream;
  readonly recent: () => Promise<Trade[]>;
  readonly candles: (from: number, to: number) => Promise<GapCandles>;
  readonly clock: WaitClock;
  /** How often the recent trades are read while the stream is down, ms (default 2000). */
  readonly pollMs?: number;
  /** How often the clock is fed to the engine, ms (default 1000). */
  readonly tickMs?: number;
  /** A resumed algo: the time since its state was last current is a gap. */
  readonly resumed?: boolean;
  readonly note: (line: string) => void;
  readonly signal?: AbortSignal;
}

/** The recent-trades read gives at most this many: a full answer may not reach back to the last trade seen. */
const RECENT_MAX = 50;

/** Runs until the algo ends or `signal` aborts; resolves with its state then. */
export function runAlgo(d: RunnerDeps): Promise<AlgoState> {
  const { engine, clock } = d;
  let blindSince: number | undefined = d.resumed ? engine.since : undefined;
  // Trades from before the algo was armed (or last current) are history: they never fire it.
  let lastSeen = engine.since;
  // Trades at exactly `lastSeen` already fed: two trades may share a millisecond, and a REST read repeats them.
  let atLast = new Set<string>();
  let streaming = false;
  let queue: Promise<void> = Promise.resolve();
  const stops: Array<() => void> = [];
  let closeStream: (() => Promise<void>) | undefined;
  let finish!: (s: AlgoState) => void;
  let fail!: (e: unknown) => void;
  const done = new Promise<AlgoState>((ok, ko) => ((finish = ok), (fail = ko)));
  let over = false;

  const end = async (err?: unknown) => {
    if (over) return;
    over = true;
    for (const s of stops) s();
    await closeStream?.().catch(() => undefined);
    if (err !== undefined) fail(err);
    else finish(engine.state);
  };
  const enqueue = (fn: () => Promise<void>) => {
    queue = queue.then(async () => {
      if (over) return;
      await fn();
      if (engine.state.end) await end();
    }).catch((err) => end(err));
  };
  const closeGap = async (to: number) => {
    if (blindSince === undefined) return;
    const from = blindSince;
    blindSince = undefined;
    await engine.feed({ kind: 'gap', from, to, ...(await d.candles(from, to)) });
  };
  const feedTrades = async (trades: readonly Trade[]) => {
    for (const t of trades) {
      const key = `${t.price} ${t.size}`;
      if (t.time < lastSeen || (t.time === lastSeen && atLast.has(key))) continue;
      if (t.time > lastSeen) atLast = new Set();
      atLast.add(key);
      lastSeen = t.time;
      await engine.feed({ kind: 'trade', price: t.price, time: t.time });
    }
  };
  const poll = async () => {
    let trades: Trade[];
    try {
      trades = await d.recent();
    } catch (err) {
      if (blindSince === undefined) {
        blindSince = lastSeen;
        d.note(`bm: algo ${engine.spec.id}: no trades: ${(err as Error).message}; a gap from now`);
      }
      return;
    }
    // A full answer that starts after the last trade seen leaves a hole: the candles say what was in it.
    if (blindSince === undefined && trades.length >= RECENT_MAX && trades[0]!.time > lastSeen) blindSince = lastSeen;
    await closeGap(trades[0]?.time ?? clock.now());
    await feedTrades(trades);
  };
  const every = (ms: number, fn: () => void) => {
    let cancel = () => undefined as void;
    const arm = () => (cancel = clock.timer(ms, () => {
      fn();
      if (!over) arm();
    }));
    arm();
    stops.push(() => cancel());
  };

  if (d.signal?.aborted) void end();
  d.signal?.addEventListener('abort', () => void end(), { once: true });
  every(d.tickMs ?? 1000, () => enqueue(() => engine.feed({ kind: 'tick', now: clock.now() })));
  every(d.pollMs ?? 2000, () => {
    if (!streaming) enqueue(poll);
  });
  enqueue(() => engine.feed({ kind: 'tick', now: clock.now() }));
  if (d.stream) {
    d.stream({
      trade: (t) => enqueue(() => feedTrades([t])),
      down: (why) => {
        if (!streaming) return;
        streaming = false;
        enqueue(async () => {
          blindSince ??= lastSeen;
          d.note(`bm: algo ${engine.spec.id}: the trade stream is down (${why}); reading recent trades over REST until it is back`);
        });
      },
      up: () => {
        streaming = true;
        enqueue(() => closeGap(clock.now()));
      },
    }).then((close) => {
      if (over) void close();
      else closeStream = close;
    }, (err) => d.note(`bm: algo ${engine.spec.id}: no trade stream (${(err as Error).message}); reading recent trades over REST`));
  } else enqueue(poll);
  return done;
}
