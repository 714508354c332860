import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MarketState } from '../../../../src/core/usecases/live.js';
import { ORDERS_SHOWN, watchState } from '../../../../src/commands/watch/state.js';
import { update } from '../../../../src/commands/watch/update.js';
import { klineView, ordersView, tickerView } from '../../../../src/commands/watch/views.js';

// The update of `bm watch` driven by messages alone: no socket, no terminal.
const fresh = () => watchState(new MarketState());
const wide = { columns: 200, rows: 40 };

test('a market push goes into the live layer\'s market and moves its version; another channel\'s moves nothing', () => {
  const s = fresh();
  update(s, { kind: 'push', table: 'spot/ticker', entry: { symbol: 'BTC_USDT', last_price: '1.5' } });
  assert.equal(s.versions.market, 1);
  assert.equal(s.market.ticker('BTC_USDT')?.last_price, '1.5');
  update(s, { kind: 'push', table: 'spot/unknown', entry: { symbol: 'BTC_USDT' } });
  assert.deepEqual(s.versions, { market: 1, orders: 0, feed: 0 });
});

test('the candles read before the stream come first; a pushed candle of the same start replaces its row', () => {
  const s = fresh();
  update(s, { kind: 'candles', symbol: 'BTC_USDT', candles: [[60, '1', '2', '0.5', '1.5', '10'], [120, '1.5', '3', '1', '2', '5']] });
  const v = klineView('BTC_USDT');
  assert.deepEqual(v.rows(s).map((r) => r.close), ['2', '1.5'], 'newest first');
  update(s, { kind: 'push', table: 'spot/kline1m', entry: { symbol: 'BTC_USDT', candle: ['120', '1.5', '4', '1', '3.5', '9'] } });
  update(s, { kind: 'push', table: 'spot/kline1m', entry: { symbol: 'BTC_USDT', candle: ['180', '3.5', '3.5', '3.5', '3.5', '1'] } });
  assert.deepEqual(v.rows(s).map((r) => [r.high, r.close]), [['3.5', '3.5'], ['4', '3.5'], ['2', '1.5']]);
  assert.equal(s.versions.market, 3);
});

test('an order read back after a gap shows the order as it is now, and keeps the price of its last fill', () => {
  const s = fresh();
  const v = ordersView();
  update(s, { kind: 'order', entry: { order_id: '7', side: 'buy', state: '5', filled_size: '1', last_fill_price: '100', ms_t: '1000' } });
  update(s, { kind: 'order', entry: { order_id: '8', side: 'sell', state: '4', filled_size: '0', last_fill_price: '', ms_t: '1500' } });
  // The recovery's entry of order 8 (cancelled during the gap) is shaped as a push with no fill.
  update(s, { kind: 'order', entry: { order_id: '8', side: 'sell', state: '8', filled_size: '0', last_fill_price: '', ms_t: '2000' } });
  update(s, { kind: 'order', entry: { order_id: '7', side: 'buy', state: '8', filled_size: '1', last_fill_price: '', ms_t: '2500' } });
  assert.deepEqual(v.rows(s).map((r) => [r.order_id, r.state, r.last_fill_price]), [['7', 'cancelled', '100'], ['8', 'cancelled', '']]);
  assert.equal(s.versions.orders, 4);
  assert.equal(s.versions.market, 0);
});

test('orders kept are bounded: the one longest unchanged goes first', () => {
  const s = fresh();
  for (let i = 0; i <= ORDERS_SHOWN; i++) update(s, { kind: 'order', entry: { order_id: String(i), state: '4', ms_t: String(i) } });
  assert.equal(s.orders.size, ORDERS_SHOWN);
  assert.ok(!s.orders.has('0') && s.orders.has(String(ORDERS_SHOWN)));
});

test('the counters move the feed\'s version only when one of them changed', () => {
  const s = fresh();
  const c = { kind: 'counters', state: 'ready', lastMessageAt: 5, reconnects: 0, messages: 3, notice: '' } as const;
  update(s, c);
  update(s, c);
  assert.equal(s.versions.feed, 1);
  update(s, { ...c, state: 'waiting', reconnects: 1 });
  assert.equal(s.versions.feed, 2);
  assert.deepEqual(s.feed, { state: 'waiting', lastMessageAt: 5, reconnects: 1, messages: 3, notice: '' });
});

test('a view orders its rows again only when the version of its slice moved', () => {
  const s = fresh();
  const v = tickerView();
  update(s, { kind: 'push', table: 'spot/ticker', entry: { symbol: 'B_USDT', last_price: '2' } });
  update(s, { kind: 'push', table: 'spot/ticker', entry: { symbol: 'A_USDT', last_price: '1' } });
  assert.deepEqual(v.rows(s).map((r) => r.symbol), ['A_USDT', 'B_USDT']);
  // The market changed behind the update's back (version unchanged): the view still shows what it had.
  s.market.apply('spot/ticker', { symbol: '0_USDT', last_price: '0' });
  assert.deepEqual(v.lines(s, wide, 0, false).slice(1).map((l) => l.split(' ')[0]), ['A_USDT', 'B_USDT']);
  update(s, { kind: 'push', table: 'spot/ticker', entry: { symbol: 'C_USDT', last_price: '3' } });
  assert.deepEqual(v.rows(s).map((r) => r.symbol), ['0_USDT', 'A_USDT', 'B_USDT', 'C_USDT']);
});
