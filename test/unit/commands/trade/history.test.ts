// The history driven by messages alone: the venue's ended orders with the fees of their fills, an
// order's fills read on Enter, the order stream keeping it current, its keys (h, Up/Down, PgUp/PgDn,
// Enter), and its pane as golden screens at 160x45 (in the chart's place) and 80x24 (the trades').
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { frame } from '../../../../src/commands/trade/screen.js';
import { matchGolden } from '../../../helpers/golden.js';
import { fixtureState, keysTo, NOW, send } from './fixture.js';

const ORDERS = { orders: [
  { order_id: '501', side: 'buy', type: 'market', price: '', size: '', notional: '650', filled_size: '0.02166', filled_notional: '649.98', price_avg: '30007.38', status: '6', create_time: NOW - 7_200_000, update_time: NOW - 7_200_000 },
  { order_id: '502', side: 'sell', type: 'limit', price: '31000.00', size: '0.01', notional: '', filled_size: '0', filled_notional: '0', price_avg: '', status: '8', create_time: NOW - 3_700_000, update_time: NOW - 3_600_000 },
  { order_id: '503', side: 'sell', type: 'limit', price: '30500.00', size: '0.01', notional: '', filled_size: '0.004', filled_notional: '122', price_avg: '', status: '8', create_time: NOW - 2_000_000, update_time: NOW - 1_800_000 },
  { order_id: '504', side: 'buy', type: 'limit', price: '29000.00', size: '0.01', filled_size: '0', status: '4', create_time: NOW - 60_000 },
] };
const FILLS = [
  { detail_id: 'f1', order_id: '501', price_avg: '30005.00', size: '0.01', fees: '0.00001', fee_coin_name: 'BTC', create_time: NOW - 7_200_000 },
  { detail_id: 'f2', order_id: '501', price_avg: '30009.40', size: '0.01166', fees: '0.00001166', fee_coin_name: 'BTC', create_time: NOW - 7_199_000 },
  { detail_id: 'f3', order_id: '503', price_avg: '30500.00', size: '0.004', fees: '0.122', fee_coin_name: 'USDT', create_time: NOW - 1_900_000 },
];

/** The history as read: `h` pressed, then the venue's answer. */
function withHistory() {
  const s = fixtureState();
  const [h] = keysTo(s, 'h');
  assert.deepEqual([h!.fx, s.ui.focus, s.ui.swap, s.history.status], [[{ kind: 'readHistory' }], 'history', 'history', 'reading']);
  const read = send(s, { kind: 'history', symbol: 'BTC_USDT', orders: ORDERS, fills: FILLS });
  assert.deepEqual(read.moved, ['history']);
  return s;
}

test('h reads the pair\'s ended orders: newest first, how each ended, what filled of what it asked, the average, the fees', () => {
  const s = withHistory();
  assert.deepEqual(s.history.orders.map((o) => [o.id, o.status, o.average]), [['503', 'part filled', '30500'], ['502', 'cancelled', ''], ['501', 'filled', '30007.38']], 'the open one left out; an average worked out from the fills\' amount when the venue sent none');
  const shown = frame(s, { columns: 160, rows: 45 }, NOW, false).join('\n');
  assert.match(shown, /HISTORY BTC_USDT \(3\)/);
  assert.match(shown, /buy +filled +0\.02166 for 649\.98 of 650 USDT +30007\.38 +0\.00002166 BTC/);
  assert.match(shown, /sell +part filled +0\.004 of 0\.01 +30500 +0\.122 USDT/);
  assert.match(shown, /sell +cancelled +0 of 0\.01 +- +-\n/);
  // A read of another pair (the terminal left it meanwhile) changes nothing.
  assert.deepEqual(send(s, { kind: 'history', symbol: 'ETH_USDT', orders: { orders: [] }, fills: [] }).moved, []);
});

test('Enter reads the selected order\'s fills and shows them under it; PgDn/PgUp and Up/Down walk; h again closes', () => {
  const s = withHistory();
  const [pgdn] = keysTo(s, 'pagedown');
  assert.equal(s.history.index, 2, 'a page down stops at the last');
  assert.deepEqual(pgdn!.moved, ['history']);
  const [enter] = keysTo(s, 'enter');
  assert.deepEqual(enter!.fx, [{ kind: 'readFills', orderId: '501' }]);
  assert.match(frame(s, { columns: 160, rows: 45 }, NOW, false).join('\n'), /reading its fills…/);
  send(s, { kind: 'orderFills', symbol: 'BTC_USDT', orderId: '501', rows: FILLS.slice(0, 2), at: NOW });
  const shown = frame(s, { columns: 160, rows: 45 }, NOW, false);
  matchGolden('trade/history-160x45.txt', `${shown.join('\n')}\n`);
  assert.ok(shown.some((l) => /│ {4}10:00:00 0\.01 @ 30005\.00 +fee 0\.00001 BTC$/.test(l)), 'its fills under it');
  keysTo(s, 'pageup');
  assert.deepEqual([s.history.index, s.history.open], [0, undefined], 'moving closes the fills shown');
  const failed = send(s, { kind: 'orderFills', symbol: 'BTC_USDT', orderId: '502', rows: [], failed: 'code 30000', at: NOW });
  assert.deepEqual(failed.moved, ['log', 'history']);
  keysTo(s, 'h');
  assert.deepEqual([s.ui.focus, s.ui.swap], ['orders', undefined]);
  assert.match(frame(s, { columns: 160, rows: 45 }, NOW, false).join('\n'), /CANDLES 1m/, 'the chart back in its place');
});

test('the order stream keeps it current: an order that ends joins at the top, a pushed fill joins its order\'s fills', () => {
  const s = withHistory();
  send(s, { kind: 'orderPush', at: NOW, entry: {
    symbol: 'BTC_USDT', order_id: '183347420821307661', side: 'sell', type: 'limit', price: '30001.24', size: '0.01000', filled_size: '0.01000', filled_notional: '300.0124',
    state: '6', ms_t: String(NOW), detail_id: '9300', last_fill_price: '30001.24', last_fill_count: '0.0075', last_fill_time: String(NOW), exec_type: 'M',
  } });
  assert.deepEqual([s.history.orders[0]!.id, s.history.orders[0]!.status, s.history.orders[0]!.average], ['183347420821307661', 'filled', '30001.24']);
  assert.deepEqual(s.history.fills.get('183347420821307661')?.map((f) => [f.size, f.fee]), [['0.0075', '']], 'its fee comes with the fills read');
  assert.match(frame(s, { columns: 160, rows: 45 }, NOW, false).join('\n'), /› sell +filled +0\.01000 of 0\.01000/);
});

test('80x24: called up in the trades\' place; read-only: no history key', () => {
  const s = withHistory();
  const small = frame(s, { columns: 80, rows: 24 }, NOW, false);
  matchGolden('trade/history-80x24.txt', `${small.join('\n')}\n`);
  assert.ok(small.some((l) => /│HISTORY BTC_USDT \(3\)/.test(l)));
  const ro = fixtureState({ readOnly: true });
  assert.deepEqual(keysTo(ro, 'h')[0]!.fx, []);
  assert.equal(ro.ui.swap, undefined);
});

test('a pair switched with the history up: the old pair\'s orders go, the new pair\'s are read (the new feed reads them)', () => {
  const s = withHistory();
  const sw = send(s, { kind: 'switched', symbol: 'ETH_USDT', rules: { ...s.rules, symbol: 'ETH_USDT', base_currency: 'ETH' }, at: NOW });
  assert.ok(sw.moved.includes('history'));
  assert.deepEqual([s.history.orders, s.history.status, s.ui.swap], [[], 'reading', 'history']);
  keysTo(s, 'h');
  send(s, { kind: 'switched', symbol: 'BTC_USDT', rules: s.rules, at: NOW });
  assert.equal(s.history.status, 'idle', 'not called up: nothing to read');
});
