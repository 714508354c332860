/**
 * A stop on the sandbox driven by a recording, on an injected clock: the recorded trades reach the
 * runner through the sandbox's WebSocket trade stream, and the stop fires once, at the first trade
 * through its trigger, through the careful-write pipeline.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { AlgoEngine } from '../../src/core/algo/engine.js';
import { gapCandles, recentTrades, venueNow } from '../../src/core/algo/market.js';
import { runAlgo } from '../../src/core/algo/runner.js';
import { tradeStream } from '../../src/core/algo/stream.js';
import { eventLine, headerLine } from '../../src/sandbox/replay/format.js';
import { algoRig } from '../helpers/algo.js';
import { isolatedEnv, until } from '../helpers/bm.js';
import { fakeClock } from '../helpers/fake-clock.js';
import { useReplayVenue } from '../helpers/replay-venue.js';

// Near the real time: signed requests carry the caller's clock, and the venue refuses one far from its own.
const T = Math.floor(Date.now() / 1000) * 1000;
const PRICES = ['61000.5', '60500', '59990', '59000', '58000'];
const dir = mkdtempSync(join(tmpdir(), 'bm-algo-replay-'));
const recording = join(dir, 'fall.ndjson');
writeFileSync(recording, headerLine('ws://venue/api', ['spot/trade:BTC_USDT', 'spot/depth5:BTC_USDT'], T)
  + eventLine(T + 500, JSON.stringify({ table: 'spot/depth5', data: [{ symbol: 'BTC_USDT', asks: [['61001', '5']], bids: [['57000', '5']] }] }))
  + PRICES.map((p, i) => eventLine(T + 1000 * (i + 1), JSON.stringify({ table: 'spot/trade', data: [{ symbol: 'BTC_USDT', price: p, size: '0.01', side: 'sell', s_t: 1 }] }))).join(''));

const venue = useReplayVenue(recording, T);

test('a sell stop fires once, at the first recorded trade through its trigger, from the trade stream', async () => {
  const rig = algoRig(venue, isolatedEnv(), () => venue.now());
  const spec = await rig.plan({ kind: 'stop', side: 'sell', trigger: '60000', size: '0.01' }, 'areplaystop');
  const engine = AlgoEngine.start(spec, rig.journal(), rig.deps);
  const src = { calls: async () => rig.calls };
  let up = false;
  const stream = tradeStream(rig.calls.wiring, 'BTC_USDT');
  const before = venue.proxy.count('POST', '/spot/v2/submit_order');
  const running = runAlgo({
    engine, clock: fakeClock(T), note: (l) => rig.notes.push(l),
    stream: (h) => stream({ ...h, up: () => ((up = true), h.up()) }),
    recent: () => recentTrades(src, 'BTC_USDT'),
    candles: (from, to) => gapCandles(src, 'BTC_USDT', from, to),
    venueNow: () => venueNow(rig.calls),
  });
  await until(() => up, 'the trade stream subscribed');
  venue.at(10_000);
  const state = await running;
  assert.equal(state.end, 'done');
  assert.equal(venue.proxy.count('POST', '/spot/v2/submit_order') - before, 1, rig.notes.join('\n'));
  const fired = rig.notes.filter((n) => /met by a trade/.test(n));
  assert.equal(fired.length, 1, rig.notes.join('\n'));
  assert.match(fired[0]!, /trigger 60000 met by a trade at 59990/);
  engine.close();
});
