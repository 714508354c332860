/** The live runner of a conditional order (src/core/algo/runner.ts) on fake data: a stream the test drives, reads it answers, clocks it moves. */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoint } from '../../src/api/catalogue/index.js';
import type { Endpoint } from '../../src/api/catalogue/types.js';
import { AlgoEngine } from '../../src/core/algo/engine.js';
import type { AlgoEvent } from '../../src/core/algo/machine.js';
import type { GapCandles, Trade } from '../../src/core/algo/market.js';
import { planAlgo } from '../../src/core/algo/plan.js';
import { runAlgo, type StreamHandlers } from '../../src/core/algo/runner.js';
import type { PairRules } from '../../src/core/order/pairs.js';
import type { WriteChannel } from '../../src/core/write/channel.js';
import { fakeClock, type FakeClock } from './fake-clock.js';

export const RULES: PairRules = {
  symbol: 'BTC_USDT', base_currency: 'BTC', quote_currency: 'USDT', quote_increment: '0.0001', base_min_size: '0.0001', base_max_size: '100',
  price_max_precision: '2', min_buy_amount: '5', min_sell_amount: '5', trade_status: 'trading',
};

/** The venue's time the tests' trades are around, ms. */
export const T0 = Date.UTC(2026, 10, 25, 12);
export const H = 3_600_000;

/** A channel that answers every placement with an order id, and counts them. */
export function channel(sent: string[]): WriteChannel<Endpoint> {
  return {
    entry: endpoint,
    send: async (ep, params) => (sent.push(`${ep.id} ${String(params.find(([k]) => k === 'client_order_id')?.[1])}`), { order_id: String(sent.length) }),
    dryRun: async () => undefined,
    rows: (_ep, data) => [data as Record<string, unknown>],
    commandLine: () => 'bm',
  };
}

export interface SteppableClock extends FakeClock {
  /** Steps the time by `ms` (negative: back), as NTP does; timers keep their places. */
  step(ms: number): void;
}

export function steppable(start: number): SteppableClock {
  const fake = fakeClock(start);
  let skew = 0;
  return { ...fake, now: () => fake.now() + skew, step: (ms) => void (skew += ms) };
}

export const flush = () => new Promise((r) => setImmediate(r));

/** Turns of the event loop until `check` holds (the runner's queue is promises and immediates, no timers). */
export async function turnsUntil(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000 && !check(); i++) await flush();
  assert.ok(check(), `never came: ${what}`);
}

export interface RigOptions {
  readonly recent: () => Promise<Trade[]>;
  readonly candles?: (from: number, to: number) => Promise<GapCandles>;
  /** How far the local clock is ahead of the venue's, ms (negative: behind). */
  readonly ahead?: number;
  /** True while GET /system/time fails. */
  readonly clockDown?: () => boolean;
  /**
   * A read of the venue's clock that took `2 * slow` ms, all of it before the venue read its clock: the venue
   * looks `slow` ms further ahead than it is, within the `slow` ms the read allows either way.
   */
  readonly slow?: number;
}

/**
 * A sell stop at 60000 armed at T0 on the venue's clock (the local one is `ahead` of it) and run with a
 * stream the test drives; every trade fed to the engine is kept as [price, time].
 */
export function runnerRig(o: RigOptions) {
  const ahead = o.ahead ?? 0;
  const clock = steppable(T0 + ahead);
  let venueAhead = -ahead;
  const sent: string[] = [];
  const notes: string[] = [];
  const spec = planAlgo({ kind: 'stop', symbol: 'BTC_USDT', side: 'sell', trigger: '60000', size: '0.01' }, RULES, clock.now(), undefined, 'arunner');
  const engine = AlgoEngine.start(spec, join(mkdtempSync(join(tmpdir(), 'bm-runner-')), 'j.ndjson'), {
    channel: channel(sent), host: { dryRun: false, confirm: async () => undefined, note: (l) => notes.push(l) }, command: 'order stop', now: clock.now,
  });
  const fed = feedsOf(engine);
  let h: StreamHandlers | undefined;
  // The venue's clock: the local one corrected by how far it is off (a step of the local clock moves the difference).
  const venueNow = async () => {
    if (o.clockDown?.()) throw new Error('GET /system/time: timed out');
    return { time: clock.now() + venueAhead + (o.slow ?? 0), within: o.slow ?? 0 };
  };
  const done = runAlgo({
    engine, clock, note: (l) => notes.push(l), recent: o.recent, candles: o.candles ?? (async () => ({ why: 'none' })), venueNow,
    stream: async (x) => ((h = x), async () => undefined),
  });
  const stream = async () => (await turnsUntil(() => h !== undefined, 'the stream opened'), h!);
  return { clock, sent, notes, engine, done, fed, stream, stepLocal: (ms: number) => (clock.step(ms), (venueAhead -= ms)) };
}

/** The trades fed to `engine` from now on, as [price, time]. */
export function feedsOf(engine: AlgoEngine): Array<[string, number]> {
  const fed: Array<[string, number]> = [];
  const feed = engine.feed.bind(engine);
  engine.feed = (ev: AlgoEvent) => (ev.kind === 'trade' && fed.push([ev.price, ev.time]), feed(ev));
  return fed;
}
