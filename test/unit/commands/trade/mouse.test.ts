// The mouse: SGR reports taken out of the keyboard's input in order, and what a click or a wheel notch
// does to the state, placed on the layout of the screen it fell on (update driven by messages alone).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { levelAtRow, selectedLevel } from '../../../../src/commands/trade/book.js';
import { layout, type PaneName } from '../../../../src/commands/trade/layout.js';
import { takeMouse } from '../../../../src/commands/trade/mouse-input.js';
import type { Msg } from '../../../../src/commands/trade/msg.js';
import type { TradeState } from '../../../../src/commands/trade/state.js';
import { fixtureState, keysTo, NOW, send } from './fixture.js';

const SIZE = { columns: 160, rows: 45 };
const rectOf = (s: TradeState, name: PaneName) => layout(SIZE, s.readOnly !== undefined, s.ui).panes.find(([n]) => n === name)![1];
const mouse = (s: TradeState, button: Extract<Msg, { kind: 'mouse' }>['button'], x: number, y: number) => send(s, { kind: 'mouse', button, x, y, ...SIZE, at: NOW });
/** Clicks the row of the pane `name` that is `row` from its top. */
const click = (s: TradeState, name: PaneName, row: number) => {
  const r = rectOf(s, name);
  return mouse(s, 'left', r.x + 3, r.y + row);
};

test('reports come out of the input in order; releases, drags and other buttons are dropped; a cut report is held back', () => {
  assert.deepEqual(takeMouse('a\x1b[<0;10;5Mb\x1b[<0;10;5m\x1b[<64;3;4M\x1b[<65;3;4M\x1b[<2;1;1M\x1b[<32;9;9M'), {
    parts: [{ text: 'a' }, { report: { button: 'left', x: 9, y: 4 } }, { text: 'b' }, { report: { button: 'wheelUp', x: 2, y: 3 } }, { report: { button: 'wheelDown', x: 2, y: 3 } }],
    pending: '',
  });
  assert.deepEqual(takeMouse('\x1b[<4;2;2M'), { parts: [{ report: { button: 'left', x: 1, y: 1 } }], pending: '' }, 'Shift held: still a click');
  assert.deepEqual(takeMouse('jk\x1b[<0;1'), { parts: [{ text: 'jk' }], pending: '\x1b[<0;1' });
  assert.deepEqual(takeMouse('\x1b'), { parts: [], pending: '\x1b' }, 'a lone Esc waits a moment: it may start a report');
  assert.deepEqual(takeMouse('\x1b[A'), { parts: [{ text: '\x1b[A' }], pending: '' }, 'an arrow key is keys');
  assert.deepEqual(takeMouse('\x1b\x1b[<0;2;3M'), { parts: [{ text: '\x1b' }, { report: { button: 'left', x: 1, y: 2 } }], pending: '' });
});

test('a click on a book level opens the order form at its price: buy from an ask, sell to a bid', () => {
  const s = fixtureState();
  const h = rectOf(s, 'book').h;
  const askRow = [...Array(h).keys()].find((r) => levelAtRow(s, h, r)?.book === 'ask' && levelAtRow(s, h, r)?.index === 2)!;
  const ask = click(s, 'book', askRow);
  assert.deepEqual([ask.fx, s.ui.mode, s.ui.focus, s.ui.level], [[], 'form', 'book', { book: 'ask', index: 2 }]);
  assert.deepEqual([s.ui.form!.side, s.ui.form!.price], ['buy', '30001.24']);
  keysTo(s, 'escape');
  const bidRow = [...Array(h).keys()].find((r) => levelAtRow(s, h, r)?.book === 'bid' && levelAtRow(s, h, r)?.index === 0)!;
  click(s, 'book', bidRow);
  assert.deepEqual([s.ui.form!.side, s.ui.form!.price], ['sell', '30000.00']);
  keysTo(s, 'escape');
  assert.equal(click(s, 'book', 0).moved.length, 0, 'the title is no level');
  // The wheel over the book moves the selected level.
  mouse(s, 'wheelDown', rectOf(s, 'book').x + 2, rectOf(s, 'book').y + 5);
  assert.deepEqual(s.ui.level, { book: 'bid', index: 1 });
  const ro = fixtureState({ readOnly: true });
  click(ro, 'book', askRow);
  assert.deepEqual([ro.ui.mode, ro.ui.level], ['main', { book: 'ask', index: 2 }], 'read-only: the level is selected, no form');
});

test('a click on a watchlist row trades that pair; on an open order selects it; the wheel walks the watchlist', () => {
  const s = fixtureState();
  assert.deepEqual(click(s, 'watch', 3).fx, [{ kind: 'switch', symbol: 'ETH_USDT' }]);
  assert.equal(s.ui.focus, 'watch');
  const w = rectOf(s, 'watch');
  mouse(s, 'wheelDown', w.x + 1, w.y + 4);
  assert.equal(s.watch.index, 2);
  const orders = rectOf(s, 'orders');
  // The orders pane: its title, the position and P&L lines, the header, then the orders newest first.
  click(s, 'orders', 5);
  assert.deepEqual([s.ui.focus, s.ui.selected], ['orders', '183347420821307660']);
  assert.equal(selectedLevel(s)?.price, '30000.50', 'the book\'s selection is left as it was');
  assert.equal(mouse(s, 'left', orders.x + 2, orders.y + orders.h + 5).moved.includes('ui'), false, 'below every pane: nothing');
});

test('the history: a click selects an order, a second click on it reads its fills; the wheel scrolls the log box back', () => {
  const s = fixtureState();
  keysTo(s, 'h');
  send(s, { kind: 'history', symbol: 'BTC_USDT', fills: [], orders: { orders: [
    { order_id: '1', side: 'buy', type: 'limit', price: '1', size: '1', filled_size: '1', status: '6', update_time: NOW - 2 },
    { order_id: '2', side: 'buy', type: 'limit', price: '1', size: '1', filled_size: '0', status: '8', update_time: NOW - 1 },
  ] } });
  assert.deepEqual(click(s, 'history', 3).fx, []);
  assert.equal(s.history.index, 1);
  assert.deepEqual(click(s, 'history', 3).fx, [{ kind: 'readFills', orderId: '1' }]);
  for (let i = 0; i < 5; i++) send(s, { kind: 'log', level: 'info', text: `line ${i}`, at: NOW });
  keysTo(s, 'l');
  mouse(s, 'wheelUp', 80, 10);
  mouse(s, 'wheelUp', 80, 10);
  assert.equal(s.ui.logBack, 2);
  keysTo(s, 'escape', 'l');
  assert.equal(s.ui.logBack, 0, 'the log opens on the newest');
});
