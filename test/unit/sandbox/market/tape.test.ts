import type { Side } from '../../../../src/api/catalogue/vocab.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fromTicks, HISTORY_MINUTES, historyBefore, historyOf, toTicks } from '../../../../src/sandbox/market/history.js';
import { PAIRS, pairSpec } from '../../../../src/sandbox/engine/pairs.js';
import { Prng } from '../../../../src/sandbox/market/prng.js';
import { Tape } from '../../../../src/sandbox/market/tape.js';
import { add, norm } from '../../../../src/util/decimal.js';

const T0 = 1_795_334_400; // a minute boundary, seconds

function trade(sec: number, price: string, size: string, side: Side = 'buy') {
  return { id: String(sec), symbol: 'BTC_USDT', price, size, side, time: sec * 1000 + 1 };
}

test('1-minute candles are built from the trades', () => {
  const tape = new Tape('100');
  tape.record(trade(T0 + 1, '100', '1'));
  tape.record(trade(T0 + 20, '105', '2'));
  tape.record(trade(T0 + 40, '95', '0.5'));
  tape.record(trade(T0 + 59, '101', '1'));
  tape.record(trade(T0 + 61, '102', '3'));
  assert.deepEqual(tape.candles, [
    { t: T0, o: '100', h: '105', l: '95', c: '101', v: '4.5', qv: '458.5' },
    { t: T0 + 60, o: '102', h: '102', l: '102', c: '102', v: '3', qv: '306' },
  ]);
  assert.equal(tape.last, '102');
});

test('k-lines aggregate into steps and respect from/to', () => {
  const tape = new Tape('100');
  for (let m = 0; m < 10; m++) tape.record(trade(T0 + m * 60 + 5, String(100 + m), '1'));
  const five = tape.klines(5, T0, T0 + 599);
  assert.deepEqual(five.map((k) => [k.t, k.o, k.h, k.l, k.c, k.v]), [
    [T0, '100', '104', '100', '104', '5'],
    [T0 + 300, '105', '109', '105', '109', '5'],
  ]);
  assert.equal(tape.klines(1, T0 + 60, T0 + 120).length, 2);
  // from inside a bucket: that bucket is the first candle (strict reading of spec 4.2).
  assert.deepEqual(tape.klines(1, T0 + 61, T0 + 179).map((k) => k.t), [T0 + 60, T0 + 120]);
  assert.equal(tape.klines(1, T0 + 700, T0 + 900).length, 0);
});

test('24h figures come from the candles of the last day', () => {
  const tape = new Tape('100');
  tape.record(trade(T0 - 90_000, '50', '7'));
  tape.record(trade(T0, '100', '1'));
  tape.record(trade(T0 + 3600, '120', '2'));
  tape.record(trade(T0 + 7200, '90', '1'));
  const s = tape.stats24h((T0 + 7300) * 1000);
  assert.deepEqual(s, { open: '100', high: '120', low: '90', close: '90', volume: '4', quoteVolume: '430' });
});

test('generated history: seeded, contiguous, ends at the start price, sane candles', () => {
  const spec = pairSpec('BTC_USDT')!;
  const a = historyBefore(spec, new Prng(5), '65000.00', T0, HISTORY_MINUTES);
  const b = historyBefore(spec, new Prng(5), '65000.00', T0, HISTORY_MINUTES);
  assert.deepEqual(a, b);
  assert.notDeepEqual(historyBefore(spec, new Prng(6), '65000.00', T0, 10), a.slice(-10));
  assert.equal(a.length, HISTORY_MINUTES);
  assert.equal(a[a.length - 1]!.t, T0 - 60);
  assert.equal(a[a.length - 1]!.c, '65000');
  for (let i = 0; i < a.length; i++) {
    const c = a[i]!;
    if (i) assert.equal(c.t - a[i - 1]!.t, 60);
    if (i) assert.equal(c.o, a[i - 1]!.c);
    for (const x of [c.o, c.c]) assert.ok(Number(c.l) <= Number(x) && Number(x) <= Number(c.h), `candle ${i}`);
  }
});

test('prices in ticks and back', () => {
  const btc = pairSpec('BTC_USDT')!;
  const bmx = pairSpec('BMX_ETH')!;
  assert.deepEqual([6500000, 6500010, 6500001, 5, 0].map((t) => fromTicks(btc, t)), ['65000', '65000.1', '65000.01', '0.05', '0.01']);
  assert.equal(fromTicks(bmx, 9375), '0.00009375');
  assert.equal(toTicks(btc, '65000.1'), 6500010);
  assert.equal(toTicks(bmx, '0.00009375'), 9375);
});

test('the generated history is made on first read of the candles, the same as made at once, before every live minute', () => {
  const spec = pairSpec('BTC_USDT')!;
  const made = () => historyBefore(spec, new Prng(7), spec.sim.start, T0, 30);
  let calls = 0;
  const tape = new Tape('65000');
  tape.setHistory(() => (calls++, made()), T0);
  tape.record(trade(T0 + 5, '65010', '1'));
  tape.record(trade(T0 + 65, '65020', '2'));
  assert.deepEqual(tape.candlesFrom(T0), [
    { t: T0, o: '65010', h: '65010', l: '65010', c: '65010', v: '1', qv: '65010' },
    { t: T0 + 60, o: '65020', h: '65020', l: '65020', c: '65020', v: '2', qv: '130040' },
  ], 'the live minutes, read without the history');
  assert.equal(calls, 0, 'not made while no read reaches before the live minutes');
  const all = tape.candles;
  assert.equal(calls, 1);
  assert.deepEqual(all.slice(0, 30), made(), 'the history as made at once');
  assert.deepEqual(all.slice(30).map((c) => c.t), [T0, T0 + 60]);
  assert.equal(tape.candles, all, 'made once');
  assert.equal(tape.candlesFrom(T0 - 600).length, 12);
  assert.equal(tape.klines(1, T0 - 120, T0 + 60).length, 4, 'k-lines across the history and the live minutes');
  assert.equal(calls, 1);
});

test('markets of one seed and end minute share their generated history; a trade in one of its minutes changes a copy', () => {
  const i = PAIRS.findIndex((p) => p.details.symbol === 'BTC_USDT');
  const spec = PAIRS[i]!;
  const shared = historyOf(spec, i, 9, T0);
  assert.equal(historyOf(spec, i, 9, T0), shared, 'made once');
  assert.deepEqual(shared, historyBefore(spec, new Prng(9 * 31 + i), spec.sim.start, T0, HISTORY_MINUTES), 'what the market made alone');
  assert.notEqual(historyOf(spec, i, 10, T0), shared, 'another seed has its own');
  const [a, b] = [new Tape(spec.sim.start), new Tape(spec.sim.start)];
  for (const tape of [a, b]) tape.setHistory(() => historyOf(spec, i, 9, T0), T0);
  const last = shared[shared.length - 1]!;
  const before = { ...last };
  assert.equal(a.candles.length, HISTORY_MINUTES, 'the history read (a ticker does)');
  // A venue clock set back before the market's start: the trade falls in the history's last minute.
  a.record(trade(last.t + 30, '1', '0.5'));
  assert.deepEqual(a.candles.at(-1), { ...before, l: '1', c: '1', v: norm(add(before.v, '0.5')), qv: norm(add(before.qv, '0.5')) });
  assert.deepEqual(b.candles.at(-1), before, 'the other market sees the history as made');
  assert.deepEqual(shared.at(-1), before);
  assert.throws(() => {
    (shared.at(-1) as { c: string }).c = '2';
  }, TypeError, 'the shared candles are frozen');
});
