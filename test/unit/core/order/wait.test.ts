// `order place --wait`: the order followed on its stream or by polling, under mocked timers or a fake clock (no sleeps).
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { parseWait, POLL_MS, waitForOrder, type Follow, type WaitResult } from '../../../../src/core/order/wait.js';
import { BmError } from '../../../../src/errors.js';
import type { Row } from '../../../../src/render/cells.js';
import { fakeClock } from '../../../helpers/fake-clock.js';

const flush = () => new Promise<void>((r) => setImmediate(r));

/** Mocked timers and clock; `tick` moves both, letting pending promises run on either side. */
function clock(t: TestContext) {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 0 });
  return {
    async tick(ms: number) {
      await flush();
      t.mock.timers.tick(ms);
      await flush();
    },
  };
}

/** A read that answers these statuses in turn, the last one from then on. */
function reads(...statuses: string[]) {
  let n = 0;
  const read = async () => ({ order_id: '1', status: statuses[Math.min(n++, statuses.length - 1)]! });
  return { read, count: () => n };
}

test('polling until filled: one read a second, the final row returned', async (t) => {
  const c = clock(t);
  const r = reads('4', '5', '6');
  const notes: string[] = [];
  let result: WaitResult | undefined;
  void waitForOrder({ until: 'filled', timeoutMs: 60_000 }, { read: r.read, note: (l) => notes.push(l) }).then((x) => (result = x));
  await c.tick(0);
  assert.equal(r.count(), 1);
  await c.tick(POLL_MS);
  assert.equal(r.count(), 2);
  assert.equal(result, undefined);
  await c.tick(POLL_MS);
  assert.deepEqual(result, { row: { order_id: '1', status: '6' }, end: 'reached', via: 'polling' });
  assert.deepEqual(notes, []);
});

test('the wait runs out: the last row read, end timeout (the caller exits 10), nothing else done', async (t) => {
  const c = clock(t);
  const r = reads('4');
  let result: WaitResult | undefined;
  void waitForOrder({ until: 'done', timeoutMs: 2500 }, { read: r.read, note: () => {} }).then((x) => (result = x));
  await c.tick(POLL_MS);
  await c.tick(POLL_MS);
  assert.equal(result, undefined, 'not before the deadline');
  await c.tick(500);
  assert.deepEqual(result, { row: { order_id: '1', status: '4' }, end: 'timeout', via: 'polling' });
  assert.equal(r.count(), 3, 'no read begun at the deadline: it could only lose the race');
});

test('waiting for filled, an order that ends cancelled ends the wait as ended', async (t) => {
  const c = clock(t);
  let result: WaitResult | undefined;
  void waitForOrder({ until: 'filled', timeoutMs: 10_000 }, { read: reads('4', '8').read, note: () => {} }).then((x) => (result = x));
  await c.tick(POLL_MS);
  assert.equal(result?.end, 'ended');
  assert.equal(result?.row?.status, '8');
});

test('on the stream, a pushed final status wakes the wait at once; the stream is closed after', async (t) => {
  const c = clock(t);
  const r = reads('4', '4', '6');
  let f: Follow | undefined;
  let closed = false;
  let result: WaitResult | undefined;
  const follow = async (x: Follow) => {
    f = x;
    return async () => {
      closed = true;
    };
  };
  void waitForOrder({ until: 'done', timeoutMs: 60_000 }, { read: r.read, follow, note: () => {} }).then((x) => (result = x));
  await c.tick(0);
  assert.equal(r.count(), 1);
  await c.tick(POLL_MS * 3);
  assert.equal(r.count(), 1, 'while the stream is up there is no polling every second');
  f!.onStatus('5');
  await c.tick(0);
  assert.equal(r.count(), 1, 'a status that is not final does not cost a read');
  f!.onReady(); // a re-subscription reads once, so nothing pushed in between is missed
  await c.tick(0);
  assert.equal(r.count(), 2);
  f!.onStatus('6');
  await c.tick(0);
  assert.deepEqual(result, { row: { order_id: '1', status: '6' }, end: 'reached', via: 'stream' });
  assert.equal(closed, true);
});

test('no stream, or a stream lost: said on stderr, then polling', async (t) => {
  const c = clock(t);
  const notes: string[] = [];
  let result: WaitResult | undefined;
  const none = async () => {
    throw new Error('the venue has no WebSocket address');
  };
  void waitForOrder({ until: 'filled', timeoutMs: 60_000 }, { read: reads('4', '6').read, follow: none, note: (l) => notes.push(l) }).then((x) => (result = x));
  await c.tick(POLL_MS);
  assert.equal(result?.via, 'polling');
  assert.deepEqual(notes, ['bm: no order stream (the venue has no WebSocket address): polling the order instead']);

  let f: Follow | undefined;
  const lost: string[] = [];
  let second: WaitResult | undefined;
  const r = reads('4', '4', '4', '6');
  void waitForOrder({ until: 'filled', timeoutMs: 60_000 }, { read: r.read, follow: async (x) => ((f = x), async () => {}), note: (l) => lost.push(l) }).then((x) => (second = x));
  await c.tick(0);
  f!.onLost(new Error('socket closed'));
  await c.tick(0);
  assert.deepEqual(lost, ['bm: the order stream is lost (socket closed): polling the order instead']);
  await c.tick(POLL_MS);
  await c.tick(POLL_MS);
  assert.deepEqual(second, { row: { order_id: '1', status: '6' }, end: 'reached', via: 'polling' });
});

test('--wait and --wait-timeout as typed', () => {
  assert.equal(parseWait(undefined, undefined), undefined);
  assert.deepEqual(parseWait('filled', undefined), { until: 'filled', timeoutMs: 60_000 });
  assert.deepEqual(parseWait('done', '2.5'), { until: 'done', timeoutMs: 2500 });
  assert.deepEqual(parseWait('FILLED', undefined), { until: 'filled', timeoutMs: 60_000 }, 'any case, as every enumerated word');
  for (const [w, s, re] of [['open', undefined, /--wait: must be one of filled, done \(got 'open'\)/], ['done', '0', /--wait-timeout: seconds, greater than 0/], ['done', '1e3', /--wait-timeout/], [undefined, '5', /--wait-timeout: only with --wait/]] as const) {
    assert.throws(() => parseWait(w, s), (e: unknown) => e instanceof BmError && e.exitCode === 2 && re.test(e.message));
  }
});

test('--wait-timeout bounds the whole wait: a stream that never acknowledges and reads that never answer end at the deadline', async () => {
  const clock = fakeClock(1_000_000);
  let gaveUp = false;
  const follow = (_f: Follow, signal: AbortSignal) => new Promise<() => Promise<void>>((_ok, ko) => signal.addEventListener('abort', () => ((gaveUp = true), ko(new Error('the wait is over')))));
  let reads = 0;
  const read = () => ((reads++), new Promise<Row>(() => {}));
  const notes: string[] = [];
  let result: WaitResult | undefined;
  void waitForOrder({ until: 'filled', timeoutMs: 3000 }, { read, follow, note: (l) => notes.push(l), clock }).then((x) => (result = x));
  await flush();
  clock.advance(2999);
  await flush();
  assert.equal(result, undefined, 'not before the deadline');
  clock.advance(1);
  await flush();
  assert.deepEqual(result, { end: 'timeout', via: 'polling' }, 'no row: no read answered');
  assert.equal(clock.now(), 1_003_000, 'ended at the deadline, by the clock given');
  assert.equal(reads, 1);
  assert.equal(gaveUp, true, 'the stream still opening was given up');
  assert.equal(clock.pending(), 0, 'no timer left behind');
  assert.deepEqual(notes, [], 'a stream given up at the deadline is not reported as missing');
});

test('until the stream is acknowledged the order is polled; the last row read is the result at the deadline', async () => {
  const clock = fakeClock();
  const follow = () => new Promise<() => Promise<void>>(() => {});
  const r = reads('4');
  let result: WaitResult | undefined;
  void waitForOrder({ until: 'done', timeoutMs: 2500 }, { read: r.read, follow, note: () => {}, clock }).then((x) => (result = x));
  for (let i = 0; i < 5 && !result; i++) {
    await flush();
    clock.advance(1000);
    await flush();
  }
  assert.deepEqual(result, { row: { order_id: '1', status: '4' }, end: 'timeout', via: 'polling' });
  assert.equal(r.count(), 3, 'read at 0, 1 and 2 s; none at the deadline (2.5 s)');
});

test('a read that fails on the network or answers another order is one poll lost; the wait goes on', async () => {
  const clock = fakeClock();
  const answers: Array<Row | BmError> = [new BmError('network', 'timed out after 800 ms'), new BmError('venue', 'order place --wait: no such order'), { order_id: '1', status: '6' }];
  const read = async () => {
    const a = answers.shift()!;
    if (a instanceof BmError) throw a;
    return a;
  };
  const notes: string[] = [];
  let result: WaitResult | undefined;
  void waitForOrder({ until: 'filled', timeoutMs: 60_000 }, { read, note: (l) => notes.push(l), clock }).then((x) => (result = x));
  for (let i = 0; i < 3 && !result; i++) {
    await flush();
    clock.advance(POLL_MS);
    await flush();
  }
  assert.equal(result?.end, 'reached');
  assert.deepEqual(notes, [
    'bm: reading the order failed (timed out after 800 ms): trying again',
    'bm: reading the order failed (order place --wait: no such order): trying again',
  ]);
  const auth = waitForOrder({ until: 'filled', timeoutMs: 60_000 }, { read: async () => Promise.reject(new BmError('auth', 'key not found')), note: () => {}, clock });
  await assert.rejects(auth, /key not found/, 'a failure the next poll would meet again ends the wait');
});
