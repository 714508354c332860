import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KLINE_INTERVALS, KLINE_MINUTES, klineInterval, WS_KLINE_WIDTHS, wsInterval } from '../../../src/api/catalogue/channels.js';
import { KLINE_STEPS, LEGACY_KLINE_STEPS, parseWidth, widthWord } from '../../../src/api/catalogue/widths.js';
import { checkWidth } from '../../../src/core/params.js';
import { inRange } from '../../../src/commands/market/kline.js';

test('one candle-width word: minutes, or N with m h d w M; h d w in either case, m and M case-sensitive', () => {
  assert.equal(parseWidth('15'), 15);
  assert.equal(parseWidth('15m'), 15);
  assert.equal(parseWidth('1h'), 60);
  assert.equal(parseWidth('4H'), 240);
  assert.equal(parseWidth('1d'), 1440);
  assert.equal(parseWidth('1D'), 1440);
  assert.equal(parseWidth('1w'), 10080);
  assert.equal(parseWidth('1W'), 10080);
  assert.equal(parseWidth('1M'), 43200, '1M is a month');
  assert.equal(parseWidth('1m'), 1, '1m is a minute');
  for (const bad of ['', 'h', '0', '0m', '1x', '1.5h', '-1m', '1mm', '1 M']) assert.equal(parseWidth(bad), undefined, bad);
});

test('words of the widths, and back', () => {
  assert.deepEqual(KLINE_STEPS.map(widthWord), ['1m', '3m', '5m', '15m', '30m', '45m', '1h', '2h', '3h', '4h', '1d', '1w', '1M']);
  for (const m of KLINE_STEPS) assert.equal(parseWidth(widthWord(m)), m);
  assert.deepEqual(LEGACY_KLINE_STEPS, KLINE_STEPS);
});

test('the WebSocket channels are the same widths, spelt as widths are: kline1H is 1h, kline1M a month', () => {
  assert.equal(KLINE_MINUTES['1h'], 60);
  assert.equal(KLINE_MINUTES['1M'], 43200);
  assert.equal(wsInterval(60), '1h');
  assert.deepEqual([...KLINE_INTERVALS], WS_KLINE_WIDTHS.map(widthWord), 'one spelling: the word of each width');
  // Read as a typed width is: h, d, w in either case, m and M apart.
  assert.equal(klineInterval('1H'), '1h');
  assert.equal(klineInterval('1D'), '1d');
  assert.equal(klineInterval('1W'), '1w');
  assert.equal(klineInterval('60'), '1h');
  assert.equal(klineInterval('1m'), '1m');
  assert.equal(klineInterval('1M'), '1M');
  assert.equal(klineInterval('45m'), undefined);
  assert.equal(klineInterval('1x'), undefined);
  assert.equal(wsInterval(43200), '1M');
  assert.equal(wsInterval(45), undefined, 'no 45-minute stream');
  assert.equal(WS_KLINE_WIDTHS.length, KLINE_INTERVALS.length);
  for (const w of WS_KLINE_WIDTHS) assert.ok((KLINE_STEPS as readonly number[]).includes(w), `${w} is a REST step too`);
});

test('a width the venue does not have is a usage error listing the ones it has', () => {
  assert.equal(checkWidth('1M', '--step', KLINE_STEPS), 43200);
  assert.equal(checkWidth('4H', '--step', KLINE_STEPS), 240);
  assert.throws(() => checkWidth('7m', '--step', KLINE_STEPS), (e: Error & { category?: string }) =>
    e.category === 'usage' && /--step: '7m' is not a width this venue has \(allowed: 1m, 3m, .*, 1M; or minutes\)/.test(e.message));
  assert.throws(() => checkWidth('45m', '--step', WS_KLINE_WIDTHS), /'45m' is not a width this venue has/);
  assert.throws(() => checkWidth('soon', '--step', KLINE_STEPS), /'soon' is not a candle width/);
});

test('a candle belongs to a range when its bucket holds a second of it: the bucket containing from is kept', () => {
  assert.ok(inRange(1_000_020, 1_000_030, 1_000_200, 60), 'bucket starting 10 s before from');
  assert.ok(!inRange(1_000_020 - 60, 1_000_030, 1_000_200, 60), 'the bucket before it');
  assert.ok(inRange(1_000_200, 1_000_030, 1_000_200, 60));
  assert.ok(!inRange(1_000_260, 1_000_030, 1_000_200, 60));
});
