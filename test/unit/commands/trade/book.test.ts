// The book pane is composed in one pass from kept pieces: it must be, character for character, the pane
// the generic helpers (alignDecimals, cell, Line) compose from the same rows, for awkward books too
// (scales that differ, zero sizes, long decimals, totals past 2^53, narrow panes, marks, selection).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { alignDecimals } from '../../../../src/render/cells.js';
import { cellsOf } from '../../../../src/render/splice.js';
import { SGR } from '../../../../src/render/live.js';
import { applyDepth, applyOrder, applyTicker } from '../../../../src/commands/trade/apply.js';
import { BookPane, bookView, type BookRow } from '../../../../src/commands/trade/book.js';
import { cell, Line } from '../../../../src/commands/trade/text.js';
import type { TradeState } from '../../../../src/commands/trade/state.js';
import { add, fmt, type Dec } from '../../../../src/util/decimal.js';
import { fixtureState } from './fixture.js';

/** Each state's pane, as its session's screen keeps one. */
const panes = new WeakMap<TradeState, BookPane>();
function bookPane(s: TradeState, w: number, h: number, color: boolean): string[] {
  let pane = panes.get(s);
  if (!pane) panes.set(s, (pane = new BookPane()));
  return pane.draw(s, w, h, color);
}

/** The rows (header to last bid, spread line left out) as the generic helpers compose them. */
function reference(s: TradeState, w: number, h: number, color: boolean): string[] {
  const v = bookView(s);
  const per = Math.max(1, Math.min(20, Math.floor((h - 3) / 2)));
  const asks = v.asks.slice(0, per).reverse();
  const shown = [...asks, ...v.bids.slice(0, per)];
  const column = (k: 'price' | 'size' | 'total') => alignDecimals(shown.map((r) => r[k]));
  const [prices, sizes, totals] = [column('price'), column('size'), column('total')];
  const [pw, sw, tw] = [Math.max(5, prices[0]?.length ?? 0), Math.max(4, sizes[0]?.length ?? 0), Math.max(5, totals[0]?.length ?? 0)];
  const barW = Math.max(0, w - (2 + pw + 1 + sw + 1 + tw + 1));
  const focused = s.ui.focus === 'book' && s.ui.mode === 'main';
  const row = (r: BookRow, i: number) => {
    const ask = i < asks.length;
    const index = ask ? asks.length - 1 - i : i - asks.length;
    const selected = focused && s.ui.level.book === (ask ? 'ask' : 'bid') && s.ui.level.index === index;
    const style = ask ? SGR.red : SGR.green;
    return new Line(color).add(selected ? '›' : ' ').add(r.mine ? '◆' : ' ', SGR.yellow).add(cell(prices[i]!, pw, true), style)
      .add(` ${cell(sizes[i]!, sw, true)} ${cell(totals[i]!, tw, true)} `).add('█'.repeat(Math.round(r.share * barW)), style)
      .done(w, selected ? SGR.inverse : undefined);
  };
  return [new Line(color).add(`  ${cell('PRICE', pw, true)} ${cell('SIZE', sw, true)} ${cell('TOTAL', tw, true)}`, SGR.bold).done(w), ...shown.map(row)];
}

/** The pane without its title and spread lines, and without the blank lines that fill it. */
function rowsOf(pane: string[], s: TradeState, h: number): string[] {
  const per = Math.max(1, Math.min(20, Math.floor((h - 3) / 2)));
  const asks = Math.min(per, bookView(s).asks.length);
  const bids = Math.min(per, bookView(s).bids.length);
  return [pane[1]!, ...pane.slice(2, 2 + asks), ...pane.slice(3 + asks, 3 + asks + bids)];
}

const BOOKS: Array<{ name: string; asks: string[][]; bids: string[][] }> = [
  { name: 'scales that differ, zeros', asks: [['30000.5', '1.5'], ['30001', '0.25'], ['30001.25', '3'], ['30002', '0'], ['30003', '0.000001']], bids: [['30000', '0.000'], ['29999.99', '2.5'], ['29990', '10']] },
  { name: 'long decimals', asks: [['0.000000012345', '123456.123456789'], ['0.00000002', '0.0000000001']], bids: [['0.00000001', '99999999.99999999']] },
  { name: 'totals past 2^53', asks: [['1', '9007199254740991'], ['2', '1'], ['3', '0.5']], bids: [['0.5', '12345678901234567890.5'], ['0.4', '1']] },
  { name: 'one side', asks: [['100', '1']], bids: [] },
  { name: 'negative and odd forms', asks: [['10', '2.25'], ['11', '-0.5'], ['12', '.5'], ['13', '5.'], ['14', '+1.2']], bids: [['9', '-0.00'], ['8', ' 1.0'], ['7', '1e-3']] },
];

for (const book of BOOKS) {
  test(`book pane rows as the generic helpers compose them: ${book.name}`, () => {
    for (const [w, h] of [[54, 47], [40, 9], [24, 12], [12, 6]] as const) {
      for (const color of [true, false]) {
        for (const [focus, level] of [['book', { book: 'ask', index: 1 }], ['book', { book: 'bid', index: 0 }], ['orders', { book: 'bid', index: 0 }]] as const) {
          const s = fixtureState();
          applyDepth(s, { asks: book.asks, bids: book.bids });
          applyOrder(s, { order_id: '7', client_order_id: 'm', side: 'sell', type: 'limit', price: book.asks[0]?.[0] ?? '1', size: '1', filled_size: '0', state: '4', ms_t: '1' });
          s.ui.focus = focus;
          s.ui.level = { ...level };
          const pane = bookPane(s, w, h, color);
          assert.equal(pane.length, h);
          assert.deepEqual(rowsOf(pane, s, h), reference(s, w, h, color), `${w}x${h} colour ${color} focus ${focus}`);
        }
      }
    }
  });
}

test('sizes sent negative draw no bar and never a line wider than the pane', () => {
  const s = fixtureState();
  applyDepth(s, { asks: [['10', '-5'], ['11', '1']], bids: [['9', '1']] });
  assert.deepEqual(bookView(s).asks.map((r) => r.share), [-5, -4]);
  for (const color of [true, false]) {
    const pane = bookPane(s, 30, 8, color);
    assert.equal(pane.length, 8);
    for (const l of pane) assert.equal(cellsOf(l).chars.length, 30, l);
    assert.ok(pane.slice(2, 4).every((l) => !l.includes('█')));
  }
});

test('totals are exact sums at the largest scale so far, past 2^53 too; the larger side is a full bar', () => {
  const s = fixtureState();
  applyDepth(s, { asks: BOOKS[2]!.asks, bids: BOOKS[2]!.bids });
  const v = bookView(s);
  assert.deepEqual(v.asks.map((r) => r.total), ['9007199254740991', '9007199254740992', '9007199254740992.5']);
  assert.deepEqual(v.bids.map((r) => r.total), ['12345678901234567890.5', '12345678901234567891.5']);
  assert.deepEqual(v.bids.map((r) => r.share), [0.9999, 1]);
  assert.deepEqual(v.asks.map((r) => r.share), [0.0007, 0.0007, 0.0007]);
  const t = fixtureState();
  let total: Dec = { units: 0n, scale: 0 };
  assert.deepEqual(bookView(t).asks.map((r) => r.total), t.market.asks.map(([, size]) => fmt((total = add(total, size)))));
});

test('an own order is marked at its price in the pair\'s precision, whatever form the venue sent', () => {
  const s = fixtureState();
  applyDepth(s, { asks: [['30001.5', '1'], ['30002.10', '1'], ['030003.00', '1']], bids: [['30000', '1']] });
  for (const [id, side, price] of [['1', 'sell', '30001.50'], ['2', 'sell', '30002.1'], ['3', 'sell', '30003'], ['4', 'buy', '30000.00']] as const) {
    applyOrder(s, { order_id: id, client_order_id: id, side, type: 'limit', price, size: '1', filled_size: '0', state: '4', ms_t: '1' });
  }
  const v = bookView(s);
  assert.deepEqual([...v.asks, ...v.bids].map((r) => r.mine), [true, true, true, true]);
});

test('what did not change is handed back: the same pane, and the same rows when only the last price moved', () => {
  const s = fixtureState();
  const first = bookPane(s, 54, 47, true);
  assert.equal(bookPane(s, 54, 47, true), first);
  applyTicker(s, { last_price: '30000.75', open_24h: '1', high_24h: '1', low_24h: '1', base_volume_24h: '1' });
  const moved = bookPane(s, 54, 47, true);
  assert.notEqual(moved, first);
  const changed = moved.map((l, i) => (l === first[i] ? '' : l)).filter(Boolean);
  assert.equal(changed.length, 1);
  assert.match(changed[0]!, /spread 0\.50 .* last 30000\.75/);
  applyDepth(s, { asks: s.market.asks.map(([p]) => [p, '1']), bids: s.market.bids });
  assert.ok(bookPane(s, 54, 47, true).slice(2, 22).every((l, i) => l !== moved[i + 2]), 'every ask row drawn again');
});

test('a push that changes one level keeps the rows it did not change, and draws what a fresh pane draws', () => {
  const s = fixtureState();
  const before = bookPane(s, 54, 47, true);
  // The deepest bid: no other total moves, and the larger side (asks) keeps every bar.
  const bids = s.market.bids.map(([p, q], i) => [p, i === 19 ? '0.01500' : q]);
  applyDepth(s, { asks: s.market.asks, bids });
  const after = bookPane(s, 54, 47, true);
  const fresh = fixtureState();
  applyDepth(fresh, { asks: s.market.asks, bids });
  assert.deepEqual(after, bookPane(fresh, 54, 47, true));
  const changed = after.filter((l, i) => l !== before[i]);
  assert.equal(changed.length, 1, 'only the deepest bid is drawn again');
  assert.match(changed[0]!, /0\.01500/);
  // A new own order at an unchanged level: that row alone gains its mark.
  applyOrder(s, { order_id: '9', client_order_id: 'n', side: 'sell', type: 'limit', price: s.market.asks[5]![0], size: '1', filled_size: '0', state: '4', ms_t: '1' });
  applyOrder(fresh, { order_id: '9', client_order_id: 'n', side: 'sell', type: 'limit', price: s.market.asks[5]![0], size: '1', filled_size: '0', state: '4', ms_t: '1' });
  const marked = bookPane(s, 54, 47, true);
  assert.deepEqual(marked, bookPane(fresh, 54, 47, true));
  assert.deepEqual(marked.filter((l, i) => l !== after[i]).map((l) => l.includes('◆')), [true]);
});
