// The backtest's virtual time: timers run in order when it moves; it counts as busy while tracked work
// computes, and as idle once that work waits on a timer of its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { VirtualClock } from '../../../src/bot/virtual-clock.js';
import { botClock } from '../../../src/bot/clock.js';

test('timers run in time order (ties in the order set) when the clock moves past them; a cancelled one never runs', () => {
  const c = new VirtualClock(1000);
  const ran: string[] = [];
  c.timer(30, () => ran.push('b'));
  c.timer(10, () => ran.push('a'));
  const cancel = c.timer(20, () => ran.push('x'));
  c.timer(30, () => ran.push('c'));
  cancel();
  assert.equal(c.next(), 1010);
  c.moveTo(1029);
  assert.deepEqual(ran, ['a']);
  c.moveTo(1030);
  assert.deepEqual([ran, c.now(), c.next()], [['a', 'b', 'c'], 1030, undefined]);
});

test('tracked work is busy while it computes, idle while it waits on the clock, and gone when it ends', async () => {
  const c = new VirtualClock(0);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const work = c.track(async () => {
    await gate;
    await new Promise<void>((r) => c.timer(50, r));
    return 'done';
  });
  assert.equal(c.busy(), true, 'waiting on something other than the clock');
  release();
  await new Promise((r) => setImmediate(r));
  assert.equal(c.busy(), false, 'waiting on its timer');
  c.moveTo(50);
  assert.equal(await work, 'done');
  assert.equal(c.busy(), false);
});

test('a bot\'s clock: every ticks on its grid, skipping ticks it was too busy for; sleep and every end when stopped', async () => {
  const c = new VirtualClock(0);
  const stop = new AbortController();
  const clock = botClock(c, stop.signal);
  const seen: number[] = [];
  const loop = (async () => {
    for await (const t of clock.every(100)) {
      seen.push(t);
      // Busy for 250 ms of the clock at the second tick: the ticks at 200 and 300 are skipped.
      if (t === 100) await clock.sleep(250);
    }
  })();
  const step = async (t: number) => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    c.moveTo(t);
  };
  for (const t of [100, 350, 400, 500]) await step(t);
  await step(500);
  stop.abort(new DOMException('end', 'AbortError'));
  await loop;
  assert.deepEqual(seen, [0, 100, 400, 500]);
  await assert.rejects(clock.sleep(10), { name: 'AbortError' });
});
