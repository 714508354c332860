// The candle pane keeps what it drew (the older columns' rows, each row's line) and works out only what
// a push changed: whatever the pushes did, the pane must be the one a state seeing those candles for the
// first time draws, and the picture must be the candles'.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyKline } from '../../../../src/commands/trade/apply.js';
import { CandlePane } from '../../../../src/commands/trade/candles.js';
import type { Candle, TradeState } from '../../../../src/commands/trade/state.js';
import { fixtureState, NOW } from './fixture.js';

const cents = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

/** The pane as a state that never drew before draws it. */
function fresh(s: TradeState, w: number, h: number, color: boolean): string[] {
  const t = fixtureState();
  t.market.candles = new Map(s.market.candles);
  return new CandlePane().draw(t, w, h, color);
}

for (const color of [true, false]) {
  test(`push after push (rescales up and down, a new candle, more decimals), the pane is the one drawn afresh (colour ${color})`, () => {
    const s = fixtureState();
    const pane = new CandlePane();
    let ts = Math.max(...s.market.candles.keys());
    let kept = 0;
    let last: string[] = [];
    for (let k = 0; k < 60; k++) {
      const c = s.market.candles.get(ts)!;
      // The newest candle's high and low leave the range and come back; every 15 pushes a new candle opens.
      if (k % 15 === 14) ts += 60;
      const high = k % 4 ? 3004000 : 3010000 + (k % 7) * 4000;
      const low = k % 6 ? 2979000 : 2960000 - (k % 5) * 5000;
      const close = k === 40 ? '30000.125' : cents(2985000 + (k % 9) * 700);
      applyKline(s, { candle: [ts, c[1], cents(high), cents(low), close, '1'] });
      const before = pane.draw(s, 105, 18, color);
      assert.deepEqual(before, fresh(s, 105, 18, color), `push ${k}`);
      kept += before.filter((l, i) => l === last[i]).length;
      last = before;
    }
    // Some pushes moved only the newest candle within the range: most of the pane was kept.
    assert.ok(kept > 60 * 5, `lines kept from the frame before: ${kept}`);
  });
}

test('the picture: wicks, bodies up and down, labels of the highest high and the lowest low, a time axis', () => {
  const s = fixtureState();
  const t0 = Math.floor(NOW / 1000 / 60) * 60;
  const candles: Candle[] = [
    [t0, '10.00', '14.00', '9.00', '13.00', '1'], // up: body 10..13, wick to 14 and 9
    [t0 + 60, '13.00', '13.50', '11.00', '11.50', '1'], // down
    [t0 + 120, '11.50', '11.50', '11.50', '11.50', '1'], // flat
  ];
  s.market.candles = new Map(candles.map((c) => [c[0], c]));
  const pane = new CandlePane();
  const plain = pane.draw(s, 14, 7, false);
  const clock = new Date(t0 * 1000).toISOString().slice(11, 16);
  // Five grid rows from 14.00 down to 9.00: the label of each end sits right of the newest candle.
  assert.deepEqual(plain, [
    'CANDLES 1m  O ',
    '┃║  14.00     ',
    '┃║            ',
    '┃║┃           ',
    '┃             ',
    '│   9.00      ',
    `└${clock}`.padEnd(14),
  ]);
  const styled = pane.draw(s, 14, 7, true);
  assert.equal(styled[3], '\x1b[32m┃\x1b[39m\x1b[31m║\x1b[39m\x1b[32m┃\x1b[39m           ');
  assert.equal(styled[1], '\x1b[32m┃\x1b[39m\x1b[31m║\x1b[39m  14.00     ');
});
