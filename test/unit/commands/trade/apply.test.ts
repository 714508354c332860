// Pushes and REST answers into the terminal's state: shapes as the venue sends them, strings kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyOrder, applyRestBook, applyRestKlines, applyRestOrders, applyRestTrades, applyTrade, applyWallet } from '../../../../src/commands/trade/apply.js';
import { candleStep } from '../../../../src/commands/trade/step.js';
import { openOrders, selectedOrder, TRADES_KEPT } from '../../../../src/commands/trade/state.js';
import { fixtureState } from './fixture.js';

test('order progress: kept while open, dropped when done, fills reported, ids exact beyond 2^53', () => {
  const s = fixtureState();
  const v = s.versions.account;
  const base = { symbol: 'BTC_USDT', order_id: '9007199254740993123', client_order_id: 'c1', side: 'buy', type: 'limit', price: '29990.00', size: '0.02', ms_t: '1' };
  assert.equal(applyOrder(s, { ...base, state: '4', filled_size: '0' }), 'change');
  assert.equal(s.account.orders.get('9007199254740993123')?.id, '9007199254740993123');
  assert.ok(s.versions.account > v);
  assert.equal(applyOrder(s, { ...base, state: '5', filled_size: '0.01', last_fill_count: '0.01', exec_type: 'M' }), 'fill');
  assert.equal(s.account.orders.get('9007199254740993123')?.filled, '0.01');
  assert.equal(applyOrder(s, { ...base, state: '6', filled_size: '0.02' }), 'fill');
  assert.equal(s.account.orders.has('9007199254740993123'), false);
  assert.equal(applyOrder(s, { ...base, side: 'nonsense', state: '4' }), 'none');
});

test('the newest open order is selected by default; a chosen one stays selected while open', () => {
  const s = fixtureState();
  assert.equal(selectedOrder(s)?.id, '183347420821307661');
  s.ui.selected = '183347420821307660';
  assert.equal(selectedOrder(s)?.id, '183347420821307660');
  applyOrder(s, { symbol: 'BTC_USDT', order_id: '183347420821307660', side: 'buy', type: 'limit', price: '29999.18', size: '0.01', filled_size: '0', state: '8', ms_t: '2' });
  assert.equal(selectedOrder(s)?.id, '183347420821307661', 'cancelled: back to the newest');
});

test('REST snapshots: book levels, trades newest first, candles by start, wallet, open orders only', () => {
  const s = fixtureState();
  applyRestBook(s, { buys: [{ price: '1.00', amount: '2', total: '2', count: '1' }], sells: [{ price: '1.10', amount: '3' }] });
  assert.deepEqual([s.market.bids, s.market.asks], [[['1.00', '2']], [['1.10', '3']]]);
  applyRestTrades(s, { trades: [{ order_time: 1795426735807, price: '65025.91', count: '0.01525', type: 'buy' }] });
  assert.deepEqual(s.market.trades, [{ time: '09:38:55', side: 'buy', price: '65025.91', size: '0.01525' }]);
  for (let i = 0; i < TRADES_KEPT + 5; i++) applyTrade(s, { price: '1', size: '1', side: 'sell', s_t: 1700000000 + i });
  assert.equal(s.market.trades.length, TRADES_KEPT);
  assert.equal(s.market.trades[0]!.time, '22:15:04', 'the newest on top');
  s.market.candles.clear();
  applyRestKlines(s, { klines: [{ timestamp: 120, open: '1', high: '2', low: '0.5', close: '1.5', volume: '9' }, { timestamp: 60, open: '1', high: '1', low: '1', close: '1', volume: '1' }] });
  assert.deepEqual([...s.market.candles.keys()].sort(), [120, 60]);
  applyWallet(s, { wallet: [{ id: 'BTC', available: '0.5', frozen: '0.1' }] });
  assert.deepEqual(s.account.balances?.get('BTC'), { available: '0.5', frozen: '0.1' });
  applyRestOrders(s, { orders: [
    { order_id: 1, side: 'buy', type: 'limit', price: '1', size: '1', filled_size: '0', status: '4', create_time: 5, clientOrderId: 'a' },
    { order_id: 2, side: 'sell', type: 'limit', price: '2', size: '1', filled_size: '1', status: '6', create_time: 6 },
  ] });
  assert.deepEqual(openOrders(s).map((o) => [o.id, o.clientOrderId]), [['1', 'a']]);
});

test('--step: the widths both the REST candles and the stream serve; a month is 1M, not a minute', () => {
  assert.deepEqual(candleStep('1m'), { minutes: 1, interval: '1m' });
  assert.deepEqual(candleStep('1h'), { minutes: 60, interval: '1h' });
  assert.deepEqual(candleStep('240'), { minutes: 240, interval: '4h' });
  assert.deepEqual(candleStep('1M'), { minutes: 43200, interval: '1M' });
  assert.throws(() => candleStep('45m'), /--step: '45m' is not a width this venue has \(allowed: 1m, 3m/);
  assert.throws(() => candleStep('soon'), /--step/);
});
