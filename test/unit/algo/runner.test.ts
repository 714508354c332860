import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { endpoint } from '../../../src/api/catalogue/index.js';
import type { Endpoint } from '../../../src/api/catalogue/types.js';
import { AlgoEngine } from '../../../src/core/algo/engine.js';
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

function rig(recent: () => Promise<Trade[]>, candles: (from: number, to: number) => Promise<GapCandles> = async () => ({ why: 'none' })) {
  const clock = fakeClock(T0);
  const sent: string[] = [];
  const notes: string[] = [];
  const spec = planAlgo({ kind: 'stop', symbol: 'BTC_USDT', side: 'sell', trigger: '60000', size: '0.01' }, RULES, T0, undefined, 'arunner');
  const engine = AlgoEngine.start(spec, join(mkdtempSync(join(tmpdir(), 'bm-runner-')), 'j.ndjson'), {
    channel: channel(sent), host: { dryRun: false, confirm: async () => undefined, note: (l) => notes.push(l) }, command: 'order stop', now: clock.now,
  });
  let h!: StreamHandlers;
  const done = runAlgo({ engine, clock, note: (l) => notes.push(l), recent, candles, stream: async (x) => ((h = x), async () => undefined) });
  return { clock, sent, notes, engine, done, handlers: () => h };
}

const flush = () => new Promise((r) => setImmediate(r));

test('two trades in one millisecond both count; a trade from before the algo was armed never does', async () => {
  const r = rig(async () => []);
  await flush();
  const h = r.handlers();
  h.up();
  h.trade({ price: '59000', size: '1', time: T0 - 1 });
  h.trade({ price: '60500', size: '1', time: T0 + 5 });
  h.trade({ price: '59999', size: '0.5', time: T0 + 5 });
  const st = await r.done;
  assert.equal(st.end, 'done');
  assert.deepEqual(r.sent, ['spot.order.submit arunnerstop']);
  assert.ok(r.notes.some((n) => /met by a trade at 59999/.test(n)), r.notes.join('\n'));
  r.engine.close();
});

test('with the stream down the recent trades are read, the gap judged once by its candles, and repeated trades fed once', async () => {
  const reads: number[] = [];
  const gaps: Array<[number, number]> = [];
  const r = rig(async () => (reads.push(reads.length), [{ price: '60100', size: '1', time: T0 + 3000 }, { price: '60050', size: '1', time: T0 + 4000 }]), async (from, to) => (gaps.push([from, to]), { high: '60600', low: '60010' }));
  await flush();
  const h = r.handlers();
  h.up();
  h.trade({ price: '60500', size: '1', time: T0 + 1000 });
  h.down('reconnecting');
  for (let i = 0; i < 3; i++) {
    r.clock.advance(2000);
    await flush();
    await flush();
  }
  assert.ok(reads.length >= 2, 'read again while the stream is down');
  assert.deepEqual(gaps, [[T0 + 1000, T0 + 3000]], 'one gap: from the last trade seen to the first trade read');
  assert.ok(r.notes.some((n) => /no trigger met while the data was down/.test(n)), r.notes.join('\n'));
  assert.equal(r.engine.state.last?.price, '60050');
  assert.deepEqual(r.sent, []);
  r.engine.close();
});

test('a leg the venue never received (a rate limit, a network failure before it left) is looked up, then sent again with the same client order id', async () => {
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
  // The lookup's answer carries no client order id of ours: not found, so sent again.
  assert.deepEqual(sent, ['refused', 'spot.order.detail undefined', 'refused', 'spot.order.detail undefined', 'spot.order.submit aresendstop']);
  assert.deepEqual(waits, [1000, 2000]);
  assert.equal(engine.state.legs.stop!.status, 'placed');
  assert.equal(notes.filter((n) => /nothing reached the venue: looking it up, then sending it again, in [12] s/.test(n)).length, 2);
  engine.close();
});
