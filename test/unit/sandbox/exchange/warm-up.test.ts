// A fresh exchange answers with its simulated warm-up behind it, or, with `warmUpMs: 0`, at once:
// the book quoted on every pair and the generated history there, but no trade yet.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Exchange } from '../../../../src/sandbox/exchange/exchange.js';
import { cmp } from '../../../../src/util/decimal.js';

const START = Date.UTC(2026, 10, 22, 8, 0, 30);

function fresh(warmUpMs?: number) {
  const clock = { now: START };
  const ex = new Exchange({ seed: 3, clock: () => clock.now, ...(warmUpMs === undefined ? {} : { warmUpMs }) });
  ex.advance();
  return { ex, clock };
}

test('by default a fresh exchange has traded on every pair before its first answer', () => {
  const { ex } = fresh();
  for (const s of ex.symbols()) assert.ok(ex.trades(s, 5).length > 0, `${s} has trades`);
});

test('warmUpMs 0: the book is quoted deep on both sides, uncrossed, with history candles and no trade', () => {
  const { ex } = fresh(0);
  for (const s of ex.symbols()) {
    const d = ex.depth(s, 50);
    assert.equal(d.bids.length, 50, `${s} bids`);
    assert.equal(d.asks.length, 50, `${s} asks`);
    assert.ok(cmp(d.bids[0]![0], d.asks[0]![0]) < 0, `${s} uncrossed`);
    assert.deepEqual(ex.trades(s, 5), [], `${s} has no trade yet`);
    assert.ok(ex.klines(s, 1, START / 1000 - 3600, START / 1000).length > 0, `${s} has the last hour of candles`);
  }
});

test('warmUpMs 0: the market runs on from its first answer', () => {
  const { ex, clock } = fresh(0);
  clock.now += 20_000;
  ex.advance();
  assert.ok(ex.symbols().some((s) => ex.trades(s, 5).length > 0), 'a trade within 20 s');
});

test('a held market clock holds the market still while the venue\'s clock runs on; moving it runs the market', () => {
  const clock = { now: START };
  const market = { now: START };
  const ex = new Exchange({ seed: 3, clock: () => clock.now, marketClock: () => market.now, warmUpMs: 0 });
  const books = () => ex.symbols().map((s) => ex.depth(s, 50));
  const before = books().map(({ bids, asks }) => ({ bids, asks }));
  clock.now += 600_000;
  ex.advance();
  assert.deepEqual(books().map(({ bids, asks }) => ({ bids, asks })), before, 'every book as quoted');
  assert.ok(ex.symbols().every((s) => ex.trades(s, 5).length === 0), 'no trade');
  assert.equal(ex.depth('BTC_USDT', 1).ms_t, clock.now, 'the venue\'s time runs on');
  market.now += 20_000;
  ex.advance();
  assert.ok(ex.symbols().some((s) => ex.trades(s, 5).length > 0), 'a trade within 20 s of the market\'s time');
});
