// A bracket's fill and the trades around it (src/core/algo/runner.ts, `follow`): the fill is read from the
// order before a push brings the trades that led to it. The runner feeds the fill only after reading the
// recent trades, so a trade through the take-profit's trigger made before the fill is history to the exits
// the fill arms; a trade after it fires them. The fill's own time (its fills' create_time) does the same when
// the recent trades cannot be read.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { endpoint } from '../../../../src/api/catalogue/index.js';
import type { Endpoint } from '../../../../src/api/catalogue/types.js';
import { AlgoEngine } from '../../../../src/core/algo/engine.js';
import type { AlgoEvent } from '../../../../src/core/algo/machine.js';
import type { Trade } from '../../../../src/core/algo/market.js';
import { planAlgo } from '../../../../src/core/algo/plan.js';
import { runAlgo, type RunnerDeps, type StreamHandlers } from '../../../../src/core/algo/runner.js';
import type { WriteChannel } from '../../../../src/core/write/channel.js';
import { RULES, steppable, T0, turnsUntil } from '../../../helpers/algo-runner.js';

/** A venue that places every order, cancels, and says of the entry (order 1) that `filled` of it has filled. */
function venue(sent: string[], filled: () => string): WriteChannel<Endpoint> {
  return {
    entry: endpoint,
    send: async (ep, params) => {
      const cid = params.find(([k]) => k === 'client_order_id')?.[1];
      sent.push(`${ep.id}${cid === undefined ? '' : ` ${String(cid)}`}`);
      // Partially filled, then cancelled once its rest is: the detail's status says which.
      if (ep.id === 'spot.order.detail') return { order_id: '1', status: sent.includes('spot.order.cancel') ? '8' : '5', filled_size: filled() };
      return { order_id: String(sent.length) };
    },
    dryRun: async () => undefined,
    rows: (_ep, data) => [data as Record<string, unknown>],
    commandLine: () => 'bm',
  };
}

/**
 * A long bracket (entry 64999 for 0.002, take-profit 65001, stop 64000) run on a trade stream the test pushes
 * (`h`), the watch of its entry in the test's hands (`fill`), until its entry is placed. `filled()` is what the
 * venue says has filled of the entry; `extra`: the runner's deps the test gives (the recent trades at least).
 */
async function bracket(id: string, filled: () => string, extra: Pick<RunnerDeps, 'recent'> & Partial<RunnerDeps>) {
  const clock = steppable(T0);
  const sent: string[] = [];
  const notes: string[] = [];
  const spec = planAlgo({ kind: 'bracket', symbol: 'BTC_USDT', side: 'buy', size: '0.002', price: '64999', takeProfit: '65001', stop: '64000' }, RULES, clock.now(), undefined, id);
  const engine = AlgoEngine.start(spec, join(mkdtempSync(join(tmpdir(), 'bm-follow-')), 'j.ndjson'), {
    channel: venue(sent, filled), host: { dryRun: false, confirm: async () => undefined, note: (l) => notes.push(l) }, command: 'order bracket', now: clock.now,
  });
  let h: StreamHandlers | undefined;
  let fill: ((ev: AlgoEvent) => Promise<void>) | undefined;
  const done = runAlgo({
    engine, clock, note: (l) => notes.push(l),
    candles: async () => ({ why: 'none' }),
    venueNow: async () => ({ time: clock.now(), within: 0 }),
    stream: async (x) => ((h = x), async () => undefined),
    follow: (feed) => ((fill = feed), () => undefined),
    ...extra,
  });
  await turnsUntil(() => h !== undefined && fill !== undefined, 'the stream and the watch of the entry');
  h!.up();
  await turnsUntil(() => engine.state.legs.entry?.status === 'placed', 'the entry placed');
  return { engine, sent, notes, h: h!, fill: fill!, done };
}

/** A trade through the take-profit's trigger after the fill: it fires the take-profit, the stop is never sent, and the algo is done. */
async function takeProfitAfterFill(rig: Awaited<ReturnType<typeof bracket>>, id: string): Promise<void> {
  rig.h.trade({ price: '65001.6', size: '0.01', time: T0 + 300 });
  await turnsUntil(() => rig.sent.includes(`spot.order.submit ${id}tp`), 'the take-profit sent');
  const st = await rig.done;
  assert.equal(st.end, 'done');
  assert.ok(rig.notes.some((n) => /tp: trigger 65001 met by a trade at 65001.6/.test(n)), rig.notes.join('\n'));
  assert.deepEqual(rig.sent.filter((s) => s.startsWith('spot.order.submit')), [`spot.order.submit ${id}entry`, `spot.order.submit ${id}tp`]);
  await rig.engine.close();
}

test('a trade through the take-profit made before the fill, pushed after the fill was read, never fires it; a trade after the fill does', async () => {
  let filled = '0';
  // The venue's trades, as GET /spot/v1/symbols/trades would answer them.
  const tape: Trade[] = [];
  const rig = await bracket('afollow', () => filled, { recent: async () => [...tape].reverse() });
  const { engine, sent, notes, h, fill } = rig;
  // Through the take-profit's trigger while nothing has filled, then the entry's price, which fills half of it.
  const through: Trade = { price: '65001.5', size: '0.01', time: T0 + 100 };
  const atEntry: Trade = { price: '64999', size: '0.001', side: 'sell', time: T0 + 200 };
  tape.push(through, atEntry);
  filled = '0.001';
  // The order is read before the trades' push comes.
  await fill({ kind: 'order', leg: 'entry', filled: '0.001', over: false, cancelled: false });
  assert.deepEqual([engine.state.legs.tp?.status, engine.state.legs.tp?.size], ['armed', '0.001']);
  assert.deepEqual(engine.state.last, { price: '64999', time: T0 + 200 }, 'the trades up to the fill were fed before it');
  h.trade(through);
  h.trade(atEntry);
  await turnsUntil(() => notes.length > 0 && engine.state.legs.tp?.status === 'armed', 'the late push handled');
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
  assert.deepEqual(sent.filter((s) => s.startsWith('spot.order.submit')), ['spot.order.submit afollowentry'], `nothing but the entry was placed:\n${notes.join('\n')}`);
  assert.ok(!notes.some((n) => /met by a trade/.test(n)), notes.join('\n'));
  // A trade through the trigger after the fill fires the take-profit, for what filled; the stop is never sent.
  await takeProfitAfterFill(rig, 'afollow');
});

test('the recent trades unreadable when the fill is read: the fill\'s own time makes the trade before it history all the same', async () => {
  let filled = '0';
  let readable = true;
  const asked: string[] = [];
  const rig = await bracket('afilltime', () => filled, {
    recent: async () => {
      if (!readable) throw new Error('GET /spot/v1/symbols/trades: timed out');
      return [];
    },
    // The venue's first fill of the entry: the one at its price, at T0 + 200.
    fillTime: async (orderId) => (asked.push(orderId), T0 + 200),
  });
  const { engine, sent, notes, h, fill } = rig;
  // Through the take-profit's trigger before the fill (T0 + 100); the fill at T0 + 200. The order is read first,
  // and the recent trades cannot be: the push of the earlier trade comes after.
  readable = false;
  filled = '0.001';
  await fill({ kind: 'order', leg: 'entry', filled: '0.001', over: false, cancelled: false });
  assert.deepEqual(asked, [engine.state.legs.entry!.orderId], 'the fill\'s time read by the entry\'s order id');
  assert.equal(engine.state.legs.tp?.status, 'armed');
  h.trade({ price: '65001.5', size: '0.01', time: T0 + 100 });
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
  assert.deepEqual(sent.filter((s) => s.startsWith('spot.order.submit')), ['spot.order.submit afilltimeentry'], `the trade before the fill fired nothing:\n${notes.join('\n')}`);
  // A second fill (at T0 + 400), read while the trades still cannot be: it moves nothing, the exits armed by
  // the first are judged by every trade after it.
  filled = '0.002';
  await fill({ kind: 'order', leg: 'entry', filled: '0.002', over: false, cancelled: false });
  assert.equal(asked.length, 1, 'the fills are read at the first fill only');
  // After the first fill, before the second: through the trigger, it fires the take-profit.
  await takeProfitAfterFill(rig, 'afilltime');
});
