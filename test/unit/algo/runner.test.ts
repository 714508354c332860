import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { endpoint } from '../../../src/api/catalogue/index.js';
import type { Endpoint } from '../../../src/api/catalogue/types.js';
import { AlgoEngine } from '../../../src/core/algo/engine.js';
import type { AlgoEvent } from '../../../src/core/algo/machine.js';
import { planAlgo } from '../../../src/core/algo/plan.js';
import { runAlgo, type StreamHandlers } from '../../../src/core/algo/runner.js';
import type { GapCandles, Trade } from '../../../src/core/algo/market.js';
import type { PairRules } from '../../../src/core/order/pairs.js';
import type { WriteChannel } from '../../../src/core/write/channel.js';
import { BmError } from '../../../src/errors.js';
import { fakeClock } from '../../helpers/fake-clock.js';

const RULES: PairRules = {
  symbol: 'BTC_USDT', base_currency: 'BTC', quote_currency: 'USDT', quote_increment: '0.0001', base_min_size: '0.0001', base_max_size: '100',
  price_max_precision: '2', min_buy_amount: '5', min_sell_amount: '5', trade_status: 'trading',
};
const T0 = Date.UTC(2026, 10, 25, 12);

/** A channel that answers every placement with an order id, and counts them. */
function channel(sent: string[]): WriteChannel<Endpoint> {
  return {
    entry: endpoint,
    send: async (ep, params) => (sent.push(`${ep.id} ${String(params.find(([k]) => k === 'client_order_id')?.[1])}`), { order_id: String(sent.length) }),
    dryRun: async () => undefined,
    rows: (_ep, data) => [data as Record<string, unknown>],
    commandLine: () => 'bm',
  };
}

const H = 3_600_000;

/** A clock the test moves forward (fake timers) and can step by `skew` ms either way, as NTP does. */
function steppable(start: number) {
  const fake = fakeClock(start);
  let skew = 0;
  return { ...fake, now: () => fake.now() + skew, step: (ms: number) => void (skew += ms) };
}

/**
 * A sell stop at 60000 armed at `localStart` on the local clock, which is `ahead` ms ahead of the venue's
 * (the venue's time is the one the trades carry); every trade fed to the engine is kept.
 */
function rig(recent: () => Promise<Trade[]>, candles: (from: number, to: number) => Promise<GapCandles> = async () => ({ why: 'none' }), ahead = 0) {
  const clock = steppable(T0 + ahead);
  let venueAhead = -ahead;
  const sent: string[] = [];
  const notes: string[] = [];
  const spec = planAlgo({ kind: 'stop', symbol: 'BTC_USDT', side: 'sell', trigger: '60000', size: '0.01' }, RULES, clock.now(), undefined, 'arunner');
  const engine = AlgoEngine.start(spec, join(mkdtempSync(join(tmpdir(), 'bm-runner-')), 'j.ndjson'), {
    channel: channel(sent), host: { dryRun: false, confirm: async () => undefined, note: (l) => notes.push(l) }, command: 'order stop', now: clock.now,
  });
  const fed: Array<[string, number]> = [];
  const feed = engine.feed.bind(engine);
  engine.feed = (ev: AlgoEvent) => (ev.kind === 'trade' && fed.push([ev.price, ev.time]), feed(ev));
  let h: StreamHandlers | undefined;
  // The venue's clock: the local one corrected by how far it is off (a step of the local clock moves the difference).
  const venueNow = async () => clock.now() + venueAhead;
  const done = runAlgo({ engine, clock, note: (l) => notes.push(l), recent, candles, venueNow, stream: async (x) => ((h = x), async () => undefined) });
  const stream = async () => (await until(() => h !== undefined, 'the stream opened'), h!);
  return { clock, sent, notes, engine, done, fed, stream, stepLocal: (ms: number) => (clock.step(ms), (venueAhead -= ms)) };
}

const flush = () => new Promise((r) => setImmediate(r));

/** Turns of the event loop until `check` holds (the runner's queue is promises and immediates, no timers). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000 && !check(); i++) await flush();
  assert.ok(check(), `never came: ${what}`);
}

test('two trades in one millisecond both count; a trade from before the algo was armed never does', async () => {
  const r = rig(async () => []);
  const h = await r.stream();
  h.up();
  h.trade({ price: '59000', size: '1', time: T0 - 1 });
  h.trade({ price: '60500', size: '1', time: T0 + 5 });
  h.trade({ price: '59999', size: '0.5', time: T0 + 5 });
  const st = await r.done;
  assert.equal(st.end, 'done');
  assert.deepEqual(r.sent, ['spot.order.submit arunnerstop']);
  assert.ok(r.notes.some((n) => /met by a trade at 59999/.test(n)), r.notes.join('\n'));
  assert.ok(!r.notes.some((n) => /local clock/.test(n)), 'clocks that agree are not mentioned');
  r.engine.close();
});

for (const ahead of [H, -H]) {
  test(`a local clock ${ahead > 0 ? 'ahead of' : 'behind'} the venue's by an hour: history never fires, the first trade through the trigger does, and the log says so`, async () => {
    // What the venue had traded before the algo was armed, all of it through the trigger: read over REST and pushed on subscription.
    const history: Trade[] = [{ price: '58000', size: '1', side: 'sell', time: T0 - 40 * 60_000 }, { price: '59500', size: '1', side: 'buy', time: T0 - 1 }];
    const r = rig(async () => history, undefined, ahead);
    const h = await r.stream();
    h.up();
    for (const t of history) h.trade(t);
    h.trade({ price: '60500', size: '1', side: 'buy', time: T0 + 20 });
    h.trade({ price: '59990', size: '0.2', side: 'sell', time: T0 + 30 });
    h.trade({ price: '59980', size: '0.2', side: 'sell', time: T0 + 40 });
    const st = await r.done;
    assert.equal(st.end, 'done');
    assert.deepEqual(r.sent, ['spot.order.submit arunnerstop'], 'fired once');
    assert.deepEqual(r.fed, [['60500', T0 + 20], ['59990', T0 + 30]], 'history never fed; fed up to the trade that fired it');
    assert.ok(r.notes.some((n) => n.includes(`trigger 60000 met by a trade at 59990 (${new Date(T0 + 30).toISOString()})`)), r.notes.join('\n'));
    const said = r.notes.filter((n) => /local clock/.test(n));
    assert.deepEqual(said, [`bm: algo arunner: the local clock is 3600.0 s (1 h 0 min) ${ahead > 0 ? 'ahead of' : 'behind'} the venue's (GET /system/time): trades are judged by the venue's times, not this clock`]);
    r.engine.close();
  });
}

test('a local clock stepped back mid-run: a stream drop and return is a gap from the last trade seen to the first after it, judged by its candles', async () => {
  let restDown = false;
  const windows: Array<[number, number]> = [];
  const r = rig(async () => {
    if (restDown) throw new Error('REST down too');
    return [];
  }, async (from, to) => (windows.push([from, to]), { high: '60600', low: '60010', close: '60300' }));
  const h = await r.stream();
  h.up();
  h.trade({ price: '60500', size: '1', time: T0 + 1000 });
  await until(() => r.fed.length === 1, 'the first trade fed');
  r.stepLocal(-H);
  restDown = true;
  h.down('reconnecting');
  r.clock.advance(10_000);
  h.up();
  await until(() => r.notes.some((n) => /behind the venue's/.test(n)), 'the clocks checked again on reconnect');
  assert.deepEqual(windows, [], 'no gap closed by the local clock');
  h.trade({ price: '60200', size: '1', time: T0 + 12_000 });
  h.trade({ price: '59000', size: '1', time: T0 + 12_500 });
  const st = await r.done;
  assert.deepEqual(windows, [[T0 + 1000, T0 + 12_000]], 'one gap: from the last trade seen to the first after it');
  assert.ok(r.notes.some((n) => n.includes(`no trigger met while the data was down (${new Date(T0 + 1000).toISOString()} to ${new Date(T0 + 12_000).toISOString()})`)), r.notes.join('\n'));
  assert.equal(st.end, 'done');
  assert.deepEqual(r.sent, ['spot.order.submit arunnerstop']);
  assert.ok(r.notes.some((n) => /met by a trade at 59000/.test(n)), r.notes.join('\n'));
  r.engine.close();
});

test('with the stream down the recent trades are read, the gap judged once by its candles, and repeated trades fed once', async () => {
  const reads: number[] = [];
  const gaps: Array<[number, number]> = [];
  let down = false;
  const later: Trade[] = [{ price: '60100', size: '1', time: T0 + 3000 }, { price: '60050', size: '1', time: T0 + 4000 }];
  const r = rig(async () => (reads.push(reads.length), down ? later : []), async (from, to) => (gaps.push([from, to]), { high: '60600', low: '60010' }));
  const h = await r.stream();
  await until(() => reads.length === 1, 'the read at start');
  h.up();
  h.trade({ price: '60500', size: '1', time: T0 + 1000 });
  h.down('reconnecting');
  down = true;
  for (let i = 0; i < 3; i++) {
    const n = reads.length;
    r.clock.advance(2000);
    await until(() => reads.length > n, 'a read while the stream is down');
  }
  await until(() => r.fed.length === 3, 'the trades read fed');
  assert.deepEqual(gaps, [[T0 + 1000, T0 + 3000]], 'one gap: from the last trade seen to the first trade read');
  assert.ok(r.notes.some((n) => /no trigger met while the data was down/.test(n)), r.notes.join('\n'));
  assert.equal(r.engine.state.last?.price, '60050');
  assert.deepEqual(r.fed, [['60500', T0 + 1000], ['60100', T0 + 3000], ['60050', T0 + 4000]]);
  assert.deepEqual(r.sent, []);
  r.engine.close();
});

test('trades repeated by the stream and by REST reads are fed once; two alike in one millisecond of a read are two', async () => {
  const a = { price: '60400', size: '1', side: 'buy', time: T0 + 1000 };
  const b = { price: '60300', size: '0.5', side: 'sell', time: T0 + 2000 };
  const c = { price: '60200.10', size: '2', side: 'sell', time: T0 + 3000 };
  // Each read holds the one before it and more: one b more, then c (spelled 60200.1), then a second c.
  const pages: Trade[][] = [[], [a, b], [a, b, b], [a, b, b, { ...c, price: '60200.1' }], [b, b, c, c]];
  const gaps: Array<[number, number]> = [];
  let page = 0;
  const r = rig(async () => pages[Math.min(page, pages.length - 1)]!, async (from, to) => (gaps.push([from, to]), { why: 'none' }));
  const h = await r.stream();
  h.up();
  h.trade(a);
  // The same trade pushed again (a venue re-sends its latest trades when a subscription is made again).
  h.trade(a);
  h.down('closed');
  const expected = [1, 2, 3, 4, 5];
  for (page = 1; page < pages.length; page++) {
    r.clock.advance(2000);
    await until(() => r.fed.length === expected[page], `page ${page} read and fed`);
  }
  for (let i = 0; i < 3; i++) {
    r.clock.advance(2000);
    await flush();
  }
  await until(() => r.engine.state.last?.time === T0 + 3000, 'the last page read again');
  assert.deepEqual(r.fed.map(([p, t]) => `${p}@${t - T0}`), ['60400@1000', '60300@2000', '60300@2000', '60200.1@3000', '60200.10@3000']);
  assert.deepEqual(gaps, [], 'every read reaches back to the last trade seen: no gap, no candles');
  assert.deepEqual(r.sent, []);
  r.engine.close();
});

test('a leg the venue never received (a rate limit, a network failure before it left) is sent again with the same client order id', async () => {
  const sent: string[] = [];
  const waits: number[] = [];
  let refusals = 2;
  const ch = channel(sent);
  const flaky: WriteChannel<Endpoint> = {
    ...ch,
    send: async (ep, params) => {
      if (ep.id === 'spot.order.submit' && refusals-- > 0) {
        sent.push('refused');
        throw new BmError('ratelimit', 'rate limited (429) after 3 retries');
      }
      return ch.send(ep, params);
    },
  };
  const spec = planAlgo({ kind: 'stop', symbol: 'BTC_USDT', side: 'sell', trigger: '60000', size: '0.01' }, RULES, T0, undefined, 'aresend');
  const notes: string[] = [];
  const engine = AlgoEngine.start(spec, join(mkdtempSync(join(tmpdir(), 'bm-runner-')), 'j.ndjson'), {
    channel: flaky, host: { dryRun: false, confirm: async () => undefined, note: (l) => notes.push(l) }, command: 'order stop', now: () => T0,
    sleep: async (ms) => void waits.push(ms),
  });
  await engine.feed({ kind: 'trade', price: '59000', time: T0 + 1 });
  assert.deepEqual(sent, ['refused', 'refused', 'spot.order.submit aresendstop']);
  assert.deepEqual(waits, [1000, 2000]);
  assert.equal(engine.state.legs.stop!.status, 'placed');
  assert.equal(notes.filter((n) => /nothing was sent: sending it again/.test(n)).length, 2);
  engine.close();
});
