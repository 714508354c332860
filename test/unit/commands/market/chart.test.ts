import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chart, timeAxis } from '../../../../src/commands/market/chart.js';

const HOUR = 3600;
const T0 = 1_700_000_000 - (1_700_000_000 % HOUR);
/** 40 hourly candles; prices quoted at 2 places except one at 1 (as venues trim trailing zeros). */
const ROWS = Array.from({ length: 40 }, (_, i) => ({
  timestamp: T0 + i * HOUR, open: i === 3 ? '100.5' : `${100 + i}.25`, high: `${101 + i}.75`, low: `${99 + i}.10`, close: `${100 + i}.50`,
}));

test('kline --chart labels every price at one precision, the midpoint included', () => {
  const lines = chart(ROWS, { width: 60, height: 9, color: false }).split('\n');
  const labels = lines.slice(0, 9).map((l) => /\s([0-9.]+)$/.exec(l)?.[1]).filter(Boolean);
  assert.deepEqual(labels, ['140.75', '119.92', '99.10']);
});

test('kline --chart has a time axis: the first and last candle (and the middle where it fits), UTC', () => {
  const out = chart(ROWS, { width: 60, height: 9, color: false }).split('\n');
  const axis = out[9]!;
  assert.match(axis, /^11-14 22:00 +11-15 18:00 +11-16 13:00 UTC$/);
  assert.equal(axis.indexOf('11-16 13:00') + '11-16 13:00'.length, 40, 'the last time ends under the last candle');
  const daily = timeAxis([0, 86_400_000, 2 * 86_400_000].map((d) => T0 * 1000 + d));
  assert.match(daily, /^2023-11-14/);
});
