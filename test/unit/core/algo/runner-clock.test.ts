/**
 * The live runner judges trades by the venue's clock alone: a local clock ahead of it, behind it, stepped
 * back mid-run or unread, and a resumed algo's journal written on it, hide no trade and turn no gap around.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { AlgoEngine } from '../../../../src/core/algo/engine.js';
import type { Trade } from '../../../../src/core/algo/market.js';
import { planAlgo } from '../../../../src/core/algo/plan.js';
import { runAlgo } from '../../../../src/core/algo/runner.js';
import { channel, feedsOf, flush, H, RULES, runnerRig, steppable, T0, turnsUntil } from '../../../helpers/algo-runner.js';

for (const ahead of [H, -H]) {
  test(`a local clock ${ahead > 0 ? 'ahead of' : 'behind'} the venue's by an hour: history never fires, the first trade through the trigger does, and the log says so`, async () => {
    // What the venue had traded before the algo was armed, all of it through the trigger: read over REST and pushed on subscription.
    const history: Trade[] = [{ price: '58000', size: '1', side: 'sell', time: T0 - 40 * 60_000 }, { price: '59500', size: '1', side: 'buy', time: T0 - 1 }];
    const r = runnerRig({ recent: async () => history, ahead });
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

test('a read of the venue\'s clock slowed on its way out (the venue looks 300 ms ahead): a trade 50 ms after arming still fires, one before arming does not', async () => {
  // Before arming, through the trigger: history. The first trade after arming meets it too.
  const r = runnerRig({ recent: async () => [{ price: '59000', size: '1', side: 'sell', time: T0 - 400 }], slow: 300 });
  const h = await r.stream();
  h.up();
  h.trade({ price: '59990', size: '0.1', side: 'sell', time: T0 + 50 });
  const st = await r.done;
  assert.equal(st.end, 'done');
  assert.deepEqual(r.fed, [['59990', T0 + 50]], 'the trade after arming fed, the one before it not');
  assert.deepEqual(r.sent, ['spot.order.submit arunnerstop']);
  r.engine.close();
});

test('a local clock stepped back mid-run: a stream drop and return is a gap from the last trade seen to the first after it, judged by its candles', async () => {
  let restDown = false;
  const windows: Array<[number, number]> = [];
  const r = runnerRig({
    recent: async () => {
      if (restDown) throw new Error('REST down too');
      return [];
    },
    candles: async (from, to) => (windows.push([from, to]), { high: '60600', low: '60010', close: '60300' }),
  });
  const h = await r.stream();
  h.up();
  h.trade({ price: '60500', size: '1', time: T0 + 1000 });
  await turnsUntil(() => r.fed.length === 1, 'the first trade fed');
  r.stepLocal(-H);
  restDown = true;
  h.down('reconnecting');
  r.clock.advance(10_000);
  h.up();
  await turnsUntil(() => r.notes.some((n) => /behind the venue's/.test(n)), 'the clocks checked again on reconnect');
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

test('until the venue\'s clock is read no trade is judged; that time is a gap from the moment the algo was armed', async () => {
  let clockDown = true;
  const windows: Array<[number, number]> = [];
  const r = runnerRig({ recent: async () => [], candles: async (from, to) => (windows.push([from, to]), { high: '60700', low: '60100' }), ahead: H, clockDown: () => clockDown });
  const h = await r.stream();
  h.up();
  h.trade({ price: '59000', size: '1', time: T0 + 500 });
  await turnsUntil(() => r.notes.some((n) => /the venue's clock could not be read \(GET \/system\/time: timed out\): no trade is judged until it is/.test(n)), 'the note');
  await flush();
  assert.deepEqual(r.fed, [], 'not judged without the venue\'s clock');
  clockDown = false;
  r.clock.advance(2000);
  await turnsUntil(() => r.notes.some((n) => /ahead of the venue's/.test(n)), 'the clock read again');
  h.trade({ price: '60500', size: '1', time: T0 + 3000 });
  await turnsUntil(() => windows.length === 1, 'the gap judged');
  assert.deepEqual(windows, [[T0, T0 + 3000]], 'from the moment it was armed, on the venue\'s clock, to the first trade after');
  assert.deepEqual(r.fed, [['60500', T0 + 3000]]);
  assert.deepEqual(r.sent, []);
  r.engine.close();
});

/** An engine's deps on `clock` for a journal of its own: what it sent and said are kept. */
function journaled(clock: { now: () => number }) {
  const sent: string[] = [];
  const notes: string[] = [];
  const path = join(mkdtempSync(join(tmpdir(), 'bm-runner-')), 'j.ndjson');
  const deps = { channel: channel(sent), host: { dryRun: false, confirm: async () => undefined, note: (l: string) => notes.push(l) }, command: 'order stop', now: clock.now };
  return { sent, notes, path, deps };
}

test('resumed on a clock an hour ahead, an algo starts from the last trade it saw, never from the journal\'s local times', async () => {
  const clock = steppable(T0 + H);
  const { sent, notes, path, deps } = journaled(clock);
  // A trailing stop 1000 under the best price: its new best is journaled with the trade that made it.
  const spec = planAlgo({ kind: 'trail', symbol: 'BTC_USDT', side: 'sell', distance: '1000', size: '0.01' }, RULES, clock.now(), undefined, 'aresumed');
  const first = AlgoEngine.start(spec, path, deps);
  await first.feed({ kind: 'trade', price: '60500', time: T0 + 1000 });
  first.close();
  // Down for ten minutes of the local clock; the journal's last line is at its time, an hour ahead of the venue's.
  clock.advance(600_000);
  const engine = await AlgoEngine.resume(path, deps);
  const windows: Array<[number, number]> = [];
  const fed = feedsOf(engine);
  // Before the last trade seen, one through the trailing stop's level (59500): history.
  const seenBefore = [{ price: '59000', size: '1', side: 'sell', time: T0 + 900 }, { price: '60500', size: '1', side: 'buy', time: T0 + 1000 }];
  const ac = new AbortController();
  const done = runAlgo({
    engine, clock, resumed: true, signal: ac.signal, note: (l) => notes.push(l), venueNow: async () => ({ time: clock.now() - H, within: 0 }),
    recent: async () => [...seenBefore, { price: '60400', size: '1', side: 'buy', time: T0 + 1000 }, { price: '60300', size: '1', side: 'sell', time: T0 + 5000 }],
    candles: async (from, to) => (windows.push([from, to]), { high: '60600', low: '60200' }),
  });
  await turnsUntil(() => fed.length === 2, 'the trades after the last one seen fed');
  // The read reaches back to the last trade seen: nothing was missed, no candles needed.
  assert.deepEqual(windows, []);
  assert.deepEqual(fed, [['60400', T0 + 1000], ['60300', T0 + 5000]], 'the other trade of the last millisecond, then the next; never the last one again');
  assert.deepEqual(sent, []);
  ac.abort();
  assert.equal((await done).legs.trail!.status, 'armed');
  engine.close();
});

for (const ahead of [H, -H]) {
  test(`resumed before any trade was seen, once the local clock (an hour ${ahead > 0 ? 'ahead of' : 'behind'} the venue's when armed) was set right: trades count from the arming, on the venue's clock`, async () => {
    // Armed at T0 on the venue's clock; this machine's clock then reads T0 + ahead.
    const clock = steppable(T0 + ahead);
    const { sent, notes, path, deps } = journaled(clock);
    const spec = planAlgo({ kind: 'stop', symbol: 'BTC_USDT', side: 'sell', trigger: '60000', size: '0.01' }, RULES, clock.now(), undefined, 'aunseen');
    const first = AlgoEngine.start(spec, path, deps);
    let skew = ahead;
    const venueNow = async () => ({ time: clock.now() - skew, within: 0 });
    // The first runner reads the venue's clock, sees no trade, and stops (killed, say).
    const ac = new AbortController();
    const one = runAlgo({ engine: first, clock, signal: ac.signal, note: (l) => notes.push(l), venueNow, recent: async () => [], candles: async () => ({ why: 'unused' }) });
    await turnsUntil(() => first.state.from !== undefined, 'the arming placed on the venue\'s clock');
    assert.equal(first.state.from, T0);
    ac.abort();
    await one;
    await first.close();
    // Ten minutes later the runner is resumed; meanwhile this machine's clock was set right.
    clock.advance(600_000);
    clock.step(-ahead);
    skew = 0;
    const engine = await AlgoEngine.resume(path, deps);
    const fed = feedsOf(engine);
    // Before the arming: history, through the trigger. Five minutes after it, while no runner ran: through it too.
    const recent = [{ price: '59000', size: '1', side: 'sell', time: T0 - 30 * 60_000 }, { price: '59900', size: '1', side: 'sell', time: T0 + 300_000 }];
    const windows: Array<[number, number]> = [];
    const ac2 = new AbortController();
    const done = runAlgo({
      engine, clock, resumed: true, signal: ac2.signal, note: (l) => notes.push(l), venueNow, recent: async () => recent,
      candles: async (from, to) => (windows.push([from, to]), { high: '60100', low: '59900' }),
    });
    const st = await done;
    assert.deepEqual(fed, [['59900', T0 + 300_000]], 'the trade while no runner ran is judged; the one before the arming is history');
    assert.deepEqual(windows, [], 'the read reaches back before the arming: nothing was missed, no gap');
    assert.deepEqual(sent, ['spot.order.submit aunseenstop'], 'fired once');
    assert.equal(st.end, 'done');
    engine.close();
  });
}
