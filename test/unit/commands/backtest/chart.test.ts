// The equity chart's time axis: both ends readable, never run together, whatever the chart's width.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { equityChart, timeAxis } from '../../../../src/commands/backtest/chart.js';

test('the ends to the minute, the last ending under the right edge of a wide chart', () => {
  const axis = timeAxis('2026-11-01T12:00:00.000Z', '2026-11-02T08:30:00.000Z', 40);
  assert.equal(axis, `2026-11-01 12:00${' '.repeat(8)}2026-11-02 08:30`);
  assert.equal(axis.length, 40);
});

test('a chart too narrow for both with a gap says first to last; one minute is shown to the second', () => {
  assert.equal(timeAxis('2026-11-01T12:00:00.000Z', '2026-11-01T14:00:00.000Z', 31), '2026-11-01 12:00 to 2026-11-01 14:00');
  assert.equal(timeAxis('2026-11-01T12:00:00.000Z', '2026-11-01T12:00:30.000Z', 72), `2026-11-01 12:00:00${' '.repeat(34)}2026-11-01 12:00:30`);
});

test('the chart ends with its axis; fewer than two points draw nothing', () => {
  const lines = equityChart([['2026-11-01T12:00:00.000Z', '100'], ['2026-11-01T12:05:00.000Z', '101']], 10, 3, '#');
  assert.deepEqual(lines.slice(-2), ['    └──', '     2026-11-01 12:00 to 2026-11-01 12:05']);
  assert.deepEqual(equityChart([['2026-11-01T12:00:00.000Z', '100']], 10, 3, '#'), []);
});
