/**
 * A gap in the data across a conditional order's trigger, run by the live runner on an injected clock:
 * the trade stream (a fake the test drives) goes down with the REST fallback down too, and comes back;
 * the gap runs from the last trade seen to the first trade after it, and the sandbox's own candles of it
 * decide whether the stop fires then, or the user is told why not.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AlgoEngine } from '../../src/core/algo/engine.js';
import { gapCandles } from '../../src/core/algo/market.js';
import { runAlgo, type StreamHandlers } from '../../src/core/algo/runner.js';
import { add, norm, sub } from '../../src/util/decimal.js';
import { algoRig } from '../helpers/algo.js';
import { isolatedEnv, until } from '../helpers/bm.js';
import { fakeClock } from '../helpers/fake-clock.js';
import { useLibraryVenue } from '../helpers/library-venue.js';

const venue = useLibraryVenue(43, { USDT: '100000', BTC: '5' });
const env = isolatedEnv();
const SUBMIT = '/spot/v2/submit_order';
const MIN = 60_000;

/** Runs a sell stop at `trigger` through a gap from 20 to 10 minutes ago (the sandbox has candles there). */
async function throughGap(trigger: (low: string, high: string) => string, id: string, candlesDown = false) {
  const clock = fakeClock(Math.floor(Date.now() / MIN) * MIN - 20 * MIN);
  const rig = algoRig(venue, env, clock.now);
  const src = { calls: async () => rig.calls };
  const seen = await gapCandles(src, 'BTC_USDT', clock.now(), clock.now() + 10 * MIN);
  assert.ok(seen.low && seen.high, `the sandbox has candles there: ${seen.why}`);
  const spec = await rig.plan({ kind: 'stop', side: 'sell', trigger: trigger(seen.low, seen.high), size: '0.01' }, id);
  const engine = AlgoEngine.start(spec, rig.journal(), rig.deps);
  let h!: StreamHandlers;
  const before = venue.proxy.count('POST', SUBMIT);
  const ac = new AbortController();
  const windows: Array<[number, number]> = [];
  const running = runAlgo({
    engine, clock, signal: ac.signal, note: (l) => rig.notes.push(l),
    stream: async (handlers) => ((h = handlers), async () => undefined),
    recent: async () => { throw new Error('REST down too'); },
    candles: async (from, to) => (windows.push([from, to]), candlesDown ? { why: 'the candles could not be read (timeout)' } : gapCandles(src, 'BTC_USDT', from, to)),
    // The venue of this test is the trades it pushes, on the clock it moves.
    venueNow: async () => ({ time: clock.now(), within: 0 }),
  });
  await until(() => h !== undefined, 'the stream opened');
  h.up();
  const lastSeen = clock.now() + 1;
  const far = norm(add(seen.high, '5000'));
  h.trade({ price: far, size: '0.1', time: lastSeen });
  h.down('reconnecting');
  clock.advance(10 * MIN);
  h.up();
  // Back up, the gap is still open: it closes at the first trade after it, whatever the local clock says.
  h.trade({ price: far, size: '0.1', time: clock.now() });
  await until(() => rig.notes.some((n) => /while the data was down/.test(n)), 'the gap judged');
  assert.deepEqual(windows, [[lastSeen, lastSeen + 10 * MIN - 1]], 'one gap: from the last trade seen to the first after it');
  await until(() => engine.state.end !== undefined || engine.state.legs.stop!.status === 'armed', 'the stop settled or left armed');
  return { engine, rig, sent: venue.proxy.count('POST', SUBMIT) - before, running, stop: () => ac.abort() };
}

test('a gap whose candles reach the trigger fires the stop on reconnect, once', async () => {
  const r = await throughGap((low) => norm(add(low, '0.01')), 'agapcross');
  await r.running;
  assert.equal(r.engine.state.end, 'done');
  assert.equal(r.sent, 1);
  assert.ok(r.rig.notes.some((n) => /stop: trigger .* met while the data was down/.test(n)), r.rig.notes.join('\n'));
  r.engine.close();
});

test('a gap whose candles stay above the trigger, or cannot be read, fires nothing and says why', async () => {
  for (const [down, why] of [[false, /no trigger met while the data was down/], [true, /not known whether a trigger was met .*timeout.*still armed/]] as const) {
    const r = await throughGap((low) => norm(sub(low, '100')), down ? 'agapblind' : 'agapclear', down);
    assert.equal(r.sent, 0);
    assert.equal(r.engine.state.legs.stop!.status, 'armed');
    assert.ok(r.rig.notes.some((n) => why.test(n)), r.rig.notes.join('\n'));
    r.stop();
    assert.equal((await r.running).legs.stop!.status, 'armed', 'the runner ends when asked, the stop unsent');
    r.engine.close();
  }
});
