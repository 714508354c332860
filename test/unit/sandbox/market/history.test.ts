// The generated history's figures are the exact decimal arithmetic's, though made with whole numbers:
// a volume is whole lots of the pair's increment, and the quote volume is volume times close truncated to
// the price's places, for every pair, and for a pair whose products leave a double's exact range.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gapCandles, historyBefore } from '../../../../src/sandbox/market/history.js';
import { Prng } from '../../../../src/sandbox/market/prng.js';
import { PAIRS, type PairSpec } from '../../../../src/sandbox/engine/pairs.js';
import type { Candle } from '../../../../src/sandbox/market/tape.js';
import { cmp, div, isDecimal, mul, norm, truncate } from '../../../../src/util/decimal.js';

const END = 1_764_000_000;

function assertExact(spec: PairSpec, candles: readonly Candle[]): void {
  const p = spec.details.price_max_precision;
  const inc = spec.details.quote_increment;
  candles.forEach((c, i) => {
    for (const x of [c.o, c.h, c.l, c.c, c.v, c.qv]) assert.ok(isDecimal(x) && x === norm(x), `${spec.details.symbol} ${i}: ${x} is plain and normalised`);
    assert.equal(norm(mul(div(c.v, inc, 0), inc)), c.v, `${spec.details.symbol} ${i}: the volume ${c.v} is whole lots of ${inc}`);
    assert.equal(c.qv, norm(truncate(mul(c.v, c.c), p)), `${spec.details.symbol} ${i}: quote volume`);
    assert.ok(cmp(c.l, c.h) <= 0 && cmp(c.l, c.o) <= 0 && cmp(c.l, c.c) <= 0 && cmp(c.h, c.o) >= 0 && cmp(c.h, c.c) >= 0);
    if (i > 0) assert.equal(c.o, candles[i - 1]!.c, 'a candle opens at the close before it');
  });
}

test('every pair: three hours of history and of gap candles are the decimal arithmetic\'s, to the digit', () => {
  PAIRS.forEach((spec, i) => {
    assertExact(spec, historyBefore(spec, new Prng(7 * 31 + i), spec.sim.start, END, 180));
    assertExact(spec, gapCandles(spec, new Prng(3 + i), spec.sim.start, END, END + 180 * 60));
  });
});

test('a pair whose volume times price leaves a double\'s exact range: the figures stay exact', () => {
  const btc = PAIRS[0]!;
  const huge: PairSpec = { ...btc, details: { ...btc.details, quote_increment: '123456789', price_max_precision: 2 }, sim: { ...btc.sim, start: '987654321987.65' } };
  const candles = historyBefore(huge, new Prng(5), huge.sim.start, END, 60);
  assert.ok(candles.some((c) => !Number.isSafeInteger(Number(c.qv) * 100)), 'some quote volume is beyond 2^53 units');
  assertExact(huge, candles);
});
