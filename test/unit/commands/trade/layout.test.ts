// Where the panes go: they leave in the stated order as the terminal narrows (the watchlist's column
// below 140 columns, the chart below 100, the trades below 80), a pane called up takes a place of its
// own kind, and at every size and view no two panes overlap and none leaves the screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { layout, type View } from '../../../../src/commands/trade/layout.js';

const names = (columns: number, rows: number, view: View = { depth: false, swap: undefined }, readOnly = false) => layout({ columns, rows }, readOnly, view).panes.map(([n]) => n);

test('panes leave in the stated order: the watchlist\'s column, then the chart, then the trades', () => {
  assert.deepEqual(names(160, 45), ['watch', 'book', 'chart', 'trades', 'balances', 'orders']);
  assert.deepEqual(names(140, 45), ['watch', 'book', 'chart', 'trades', 'balances', 'orders']);
  assert.deepEqual(names(139, 45), ['book', 'chart', 'trades', 'balances', 'orders']);
  assert.deepEqual(names(99, 30), ['book', 'balances', 'orders', 'trades']);
  assert.deepEqual(names(79, 24), ['book', 'balances', 'orders']);
  assert.deepEqual(names(49, 24), [], 'too small');
});

test('a pane called up takes the chart\'s place, with no chart the trades\' (the orders\' below 80); the depth the candles\' (the book\'s with no chart)', () => {
  assert.deepEqual(names(160, 45, { depth: false, swap: 'history' }), ['watch', 'book', 'history', 'trades', 'balances', 'orders']);
  assert.deepEqual(names(120, 40, { depth: false, swap: 'watch' }), ['book', 'watch', 'trades', 'balances', 'orders']);
  assert.deepEqual(names(99, 30, { depth: false, swap: 'watch' }), ['book', 'balances', 'orders', 'watch']);
  assert.deepEqual(names(160, 45, { depth: false, swap: 'watch' }), ['watch', 'book', 'chart', 'trades', 'balances', 'orders'], 'the watchlist has its column already');
  assert.deepEqual(names(80, 24, { depth: false, swap: 'history' }), ['book', 'balances', 'orders', 'history']);
  assert.deepEqual(names(60, 24, { depth: false, swap: 'watch' }), ['book', 'balances', 'watch']);
  assert.deepEqual(names(120, 40, { depth: true, swap: undefined }), ['book', 'depth', 'trades', 'balances', 'orders']);
  assert.deepEqual(names(80, 24, { depth: true, swap: undefined }), ['depth', 'balances', 'orders', 'trades']);
  assert.deepEqual(names(120, 40, { depth: false, swap: 'history' }, true), ['book', 'chart', 'trades'], 'read-only: no history');
});

test('at every size and view, no two panes overlap and every pane is on the screen between the banner and the footer', () => {
  const views: View[] = [{ depth: false, swap: undefined }, { depth: true, swap: undefined }, { depth: false, swap: 'watch' }, { depth: true, swap: 'history' }];
  for (let columns = 50; columns <= 220; columns += 3) {
    for (const rows of [15, 24, 45, 60]) {
      for (const view of views) {
        for (const readOnly of [false, true]) {
          const panes = layout({ columns, rows }, readOnly, view).panes;
          panes.forEach(([name, r], i) => {
            assert.ok(r.x >= 0 && r.x + r.w <= columns && r.y >= 1 && r.y + r.h <= rows - 2 && r.w > 0 && r.h > 0, `${name} on a ${columns}x${rows} screen: ${JSON.stringify(r)}`);
            for (const [other, o] of panes.slice(i + 1)) {
              const apart = r.x + r.w <= o.x || o.x + o.w <= r.x || r.y + r.h <= o.y || o.y + o.h <= r.y;
              assert.ok(apart, `${name} overlaps ${other} (${columns}x${rows}, ${JSON.stringify(view)})`);
            }
          });
        }
      }
    }
  }
});
