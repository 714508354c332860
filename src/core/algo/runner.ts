/**
 * Runs a conditional order on live data: the venue's trades from the WebSocket trade stream, the
 * recent trades over REST while the stream is down (or when there is none), the clock's ticks for a
 * TWAP's slices. A time without data is a gap: when data comes back, the candles of the gap are read
 * and the state machine decides whether a trigger was met while blind (it fires then, or says why not).
 *
 * Trades are judged in the venue's time alone: ordered and told apart by what the venue says of them
 * (./seen.ts), history when older than the moment the algo was armed (in the venue's time), and a gap
 * runs from the last trade seen to the first trade after it. The local clock only paces the reads and
 * a TWAP's slices, so no skew or step of it hides a trade or turns a gap's window around.
 */
import { clockSkew, CLOCK_NOTE_MS } from '../clock-skew.js';
import type { WaitClock } from '../../util/clock.js';
import type { AlgoEngine } from './engine.js';
import type { AlgoEvent, AlgoState } from './machine.js';
import type { GapCandles, Trade, VenueTime } from './market.js';
import { SeenTrades } from './seen.js';
import { isZero } from '../../util/decimal.js';

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
  /** The venue's time when it resolves, and how far off it may be: read at start and again whenever the stream comes back. */
  readonly venueNow: () => Promise<VenueTime>;
  readonly clock: WaitClock;
  /** How often the recent trades are read while the stream is down, ms (default 2000). */
  readonly pollMs?: number;
  /** How often the clock is fed to the engine, ms (default 1000). */
  readonly tickMs?: number;
  /** A resumed algo: the time since its state was last current is a gap. */
  readonly resumed?: boolean;
  /**
   * Watches the orders legs follow (a bracket's entry), feeding what it reads of them to `feed` until the
   * returned stop is called. The runner feeds each after every trade up to it (see {@link runAlgo}).
   */
  readonly follow?: (feed: (ev: AlgoEvent) => Promise<void>) => () => void;
  /**
   * When an order first filled, on the venue's clock: read when a followed order's first fill is seen, so that
   * trades older than it are history to the exits it arms even when the recent trades cannot be read.
   */
  readonly fillTime?: (orderId: string) => Promise<number | undefined>;
  readonly note: (line: string) => void;
  readonly signal?: AbortSignal;
}

/** The recent-trades read gives at most this many: a full answer may not reach back to the last trade seen. */
const RECENT_MAX = 50;

const iso = (ms: number) => new Date(ms).toISOString();

/** Runs until the algo ends or `signal` aborts; resolves with its state then. */
export function runAlgo(d: RunnerDeps): Promise<AlgoState> {
  const { engine, clock } = d;
  const say = (line: string) => d.note(`bm: algo ${engine.spec.id}: ${line}`);
  // The last trade seen is where a resumed algo stopped (the venue's time); a new one learns where it starts from the venue's clock.
  const { last } = engine.state;
  const seen = new SeenTrades(last);
  /** Since when (the venue's time) trades may have been missed; closed by the first trade after it. */
  let blindSince: number | undefined = d.resumed ? last?.time : undefined;
  /** The clocks' difference last said (venue minus local, ms); undefined: they agreed. */
  let told: number | undefined;
  let clockUnknown = false;
  let streaming = false;
  let ups = 0;
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
  /** Runs `fn` after what is queued; resolves once it ran (or the runner ended). */
  const enqueue = (fn: () => Promise<void>): Promise<void> => {
    queue = queue.then(async () => {
      if (over) return;
      await fn();
      if (engine.state.end) await end();
    }).catch((err) => end(err));
    return queue;
  };
  const blind = () => {
    if (seen.at !== undefined) blindSince ??= seen.at;
  };
  /** Reads the venue's clock: says when ours differs; the first time, places the start. True once the start is known. */
  const learn = async (): Promise<boolean> => {
    let venue: number;
    let within: number;
    try {
      ({ time: venue, within } = await d.venueNow());
    } catch (err) {
      if (seen.at === undefined && !clockUnknown) say(`the venue's clock could not be read (${(err as Error).message}): no trade is judged until it is`);
      clockUnknown ||= seen.at === undefined;
      return seen.at !== undefined;
    }
    const offset = venue - clock.now();
    if (Math.abs(offset) > CLOCK_NOTE_MS && (told === undefined || Math.abs(offset - told) > CLOCK_NOTE_MS)) {
      told = offset;
      say(`${clockSkew(offset)} (GET /system/time): trades are judged by the venue's times, not this clock`);
    } else if (Math.abs(offset) <= CLOCK_NOTE_MS && told !== undefined) {
      told = undefined;
      say(`the local clock now agrees with the venue's (${Math.round(offset)} ms apart)`);
    }
    if (seen.at === undefined) {
      // Placed by a runner before this one: kept as it was. Else armed (or last journaled) at `since` on this
      // machine's clock: that moment on the venue's, at the earliest the read allows (a read slowed on its way
      // out makes the venue look ahead by up to half its round trip: a trade just after arming must not look
      // older than the arming), and never later than the venue's now. Journaled (a line that says nothing), so
      // a runner resumed later starts from it whatever the clocks' difference then.
      const start = engine.state.from ?? Math.min(engine.since + offset, venue) - within;
      seen.start(start);
      if (d.resumed || clockUnknown) blindSince = start;
      if (engine.state.from === undefined) await engine.feed({ kind: 'start', from: start });
    }
    return true;
  };
  const closeGap = async (to: number) => {
    if (blindSince === undefined) return;
    const from = blindSince;
    blindSince = undefined;
    await engine.feed({ kind: 'gap', from, to, ...(await d.candles(from, to)) });
  };
  const feedTrades = async (trades: readonly Trade[]) => {
    const fresh = seen.fresh(trades);
    if (!fresh.length) return;
    await closeGap(fresh[0]!.time);
    for (const t of fresh) await engine.feed({ kind: 'trade', price: t.price, time: t.time });
  };
  /** Reads the recent trades. `first`: the read at start, whose failure is no gap (nothing was missed yet). */
  const poll = async (first = false) => {
    if (seen.at === undefined && !(await learn())) return;
    const since = seen.at!;
    let trades: Trade[];
    try {
      trades = await d.recent();
    } catch (err) {
      if (blindSince === undefined && !first) {
        blind();
        say(`no trades: ${(err as Error).message}; blind since the last trade seen (${iso(since)})`);
      }
      return;
    }
    const reaches = trades.length > 0 && trades[0]!.time <= since;
    // An answer that reaches back to the last trade seen holds everything since: nothing was missed.
    if (reaches) blindSince = undefined;
    // A full answer that starts after it leaves a hole: the candles say what was in it.
    else if (trades.length >= RECENT_MAX) blind();
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

  // A followed order's news (a fill arming exits) is fed after the trades up to it: the recent trades are read
  // once the order was, so a trade before the fill that a push brings late is history to the exits the fill
  // arms, never their trigger. A read that fails is no gap (the stream still runs): the news is fed all the same.
  // The first fill's own time (its fills' create_time) makes every older trade history too, and shortens a gap
  // open since before it: what traded before the fill is not the exits' to judge, read or not. Only the first:
  // once exits are armed, every trade after it is theirs, whenever the order is read again.
  const afterFill = async (ev: Extract<AlgoEvent, { kind: 'order' }>) => {
    await poll(true);
    const was = engine.state.legs[ev.leg];
    const orderId = was?.orderId;
    if (!d.fillTime || orderId === undefined || isZero(ev.filled) || !isZero(was?.filled ?? '0')) return;
    const at = await d.fillTime(orderId).catch(() => undefined);
    if (at === undefined) return;
    seen.notBefore(at);
    if (blindSince !== undefined && blindSince < at) blindSince = at;
  };
  const stopFollow = d.follow?.((ev) => enqueue(async () => {
    if (ev.kind === 'order') await afterFill(ev);
    await engine.feed(ev);
  }));
  if (stopFollow) stops.push(stopFollow);

  if (d.signal?.aborted) void end();
  d.signal?.addEventListener('abort', () => void end(), { once: true });
  every(d.tickMs ?? 1000, () => enqueue(() => engine.feed({ kind: 'tick', now: clock.now() })));
  every(d.pollMs ?? 2000, () => {
    if (!streaming) enqueue(poll);
    else if (seen.at === undefined) enqueue(async () => void (await learn()));
  });
  enqueue(async () => void (await learn()));
  enqueue(() => engine.feed({ kind: 'tick', now: clock.now() }));
  // With a stream too: it covers from the start to the stream's subscription (read again once subscribed).
  enqueue(() => poll(true));
  if (d.stream) {
    d.stream({
      trade: (t) => enqueue(() => feedTrades([t])),
      down: (why) => {
        if (!streaming) return;
        streaming = false;
        enqueue(async () => {
          blind();
          say(`the trade stream is down (${why}); reading recent trades over REST until it is back`);
        });
      },
      up: () => {
        streaming = true;
        // Subscribed: what traded between the last read and the subscription taking hold was pushed to no
        // one, so it is read now (a trade seen twice counts once). Back after a drop, the clocks are checked again.
        if (ups++ === 0) enqueue(() => poll(true));
        else {
          enqueue(async () => {
            if (await learn()) await poll();
          });
        }
      },
    }).then((close) => {
      if (over) void close();
      else closeStream = close;
    }, (err) => say(`no trade stream (${(err as Error).message}); reading recent trades over REST`));
  }
  return done;
}
