import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { AlgoEngine } from '../../../../src/core/algo/engine.js';
import type { Trade } from '../../../../src/core/algo/market.js';
import { planAlgo } from '../../../../src/core/algo/plan.js';
import type { Endpoint } from '../../../../src/api/catalogue/types.js';
import type { WriteChannel } from '../../../../src/core/write/channel.js';
import { BmError } from '../../../../src/errors.js';
import { channel, flush, RULES, runnerRig, T0, turnsUntil } from '../../../helpers/algo-runner.js';

test('two trades in one millisecond both count; a trade from before the algo was armed never does', async () => {
  const r = runnerRig({ recent: async () => [] });
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

test('a trade between the read at start and the subscription taking hold (pushed to no one) is read once subscribed, and fires', async () => {
  const reads: number[] = [];
  // The read at start sees nothing; the trade comes before the stream is subscribed, so no push carries it.
  const r = runnerRig({ recent: async () => (reads.push(reads.length), reads.length === 1 ? [] : [{ price: '59999', size: '1', time: T0 + 5 }]) });
  const h = await r.stream();
  await turnsUntil(() => reads.length === 1, 'the read at start');
  h.up();
  const st = await r.done;
  assert.equal(st.end, 'done');
  assert.deepEqual(r.sent, ['spot.order.submit arunnerstop']);
  assert.equal(reads.length, 2, 'read again once, when the subscription took hold');
  r.engine.close();
});

test('with the stream down the recent trades are read, the gap judged once by its candles, and repeated trades fed once', async () => {
  const reads: number[] = [];
  const gaps: Array<[number, number]> = [];
  let down = false;
  const later: Trade[] = [{ price: '60100', size: '1', time: T0 + 3000 }, { price: '60050', size: '1', time: T0 + 4000 }];
  const r = runnerRig({ recent: async () => (reads.push(reads.length), down ? later : []), candles: async (from, to) => (gaps.push([from, to]), { high: '60600', low: '60010' }) });
  const h = await r.stream();
  await turnsUntil(() => reads.length === 1, 'the read at start');
  h.up();
  await turnsUntil(() => reads.length === 2, 'the read once subscribed');
  h.trade({ price: '60500', size: '1', time: T0 + 1000 });
  h.down('reconnecting');
  down = true;
  for (let i = 0; i < 3; i++) {
    const n = reads.length;
    r.clock.advance(2000);
    await turnsUntil(() => reads.length > n, 'a read while the stream is down');
  }
  await turnsUntil(() => r.fed.length === 3, 'the trades read fed');
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
  const r = runnerRig({ recent: async () => pages[Math.min(page, pages.length - 1)]!, candles: async (from, to) => (gaps.push([from, to]), { why: 'none' }) });
  const h = await r.stream();
  h.up();
  h.trade(a);
  // The same trade pushed again (a venue re-sends its latest trades when a subscription is made again).
  h.trade(a);
  h.down('closed');
  const expected = [1, 2, 3, 4, 5];
  for (page = 1; page < pages.length; page++) {
    r.clock.advance(2000);
    await turnsUntil(() => r.fed.length === expected[page], `page ${page} read and fed`);
  }
  for (let i = 0; i < 3; i++) {
    r.clock.advance(2000);
    await flush();
  }
  await turnsUntil(() => r.engine.state.last?.time === T0 + 3000, 'the last page read again');
  assert.deepEqual(r.fed.map(([p, t]) => `${p}@${t - T0}`), ['60400@1000', '60300@2000', '60300@2000', '60200.1@3000', '60200.10@3000']);
  assert.deepEqual(gaps, [], 'every read reaches back to the last trade seen: no gap, no candles');
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
