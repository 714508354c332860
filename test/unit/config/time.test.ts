import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pages } from '../../../src/commands/market/kline.js';
import { parseTime } from '../../../src/config/time.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

test('times: ISO (UTC unless zoned), epoch seconds and ms, relative', () => {
  assert.equal(parseTime('2026-11-01', '--from', NOW), Date.UTC(2026, 10, 1) / 1000);
  assert.equal(parseTime('2026-11-01T10:30', '--from', NOW), Date.UTC(2026, 10, 1, 10, 30) / 1000);
  assert.equal(parseTime('2026-11-01T10:30:00+02:00', '--from', NOW), Date.UTC(2026, 10, 1, 8, 30) / 1000);
  assert.equal(parseTime('1700000000', '--from', NOW), 1700000000);
  assert.equal(parseTime('1700000000123', '--from', NOW), 1700000000);
  assert.equal(parseTime('-2h', '--from', NOW), NOW / 1000 - 7200);
  assert.equal(parseTime('now', '--to', NOW), NOW / 1000);
  assert.throws(() => parseTime('yesterday', '--from', NOW), /--from: 'yesterday' is not a time/);
});

test('kline pages: at most 500 candles each, no gap, no overlap, cover the range', () => {
  const step = 60;
  const from = 1_700_000_000 - (1_700_000_000 % 60);
  const to = from + 1234 * step;
  const ps = pages(from, to, step);
  assert.equal(ps.length, 3);
  assert.equal(ps[0]![0], from);
  assert.equal(ps[ps.length - 1]![1], to);
  for (const [a, b] of ps) assert.ok((b - a) / step + 1 <= 500);
  for (let i = 1; i < ps.length; i++) assert.equal(ps[i]![0], ps[i - 1]![1] + step);
});
