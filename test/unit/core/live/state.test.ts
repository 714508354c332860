import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AccountState, type AccountReads } from '../../../../src/core/live/account.js';
import { MarketState, TRADES_KEPT } from '../../../../src/core/live/market.js';
import type { Entry } from '../../../../src/ws/codec.js';

test('market: tickers and books by pair (each push whole), trades newest first, candles by start', () => {
  const m = new MarketState();
  assert.equal(m.apply('spot/ticker', { symbol: 'BTC_USDT', last_price: '100.10' }), 'ticker');
  assert.equal(m.apply('spot/ticker', { symbol: 'BTC_USDT', last_price: '100.20' }), 'ticker');
  assert.equal(m.apply('spot/depth5', { symbol: 'BTC_USDT', asks: [['101', '1']], bids: [['99', '2']] }), 'book');
  assert.equal(m.apply('spot/trade', { symbol: 'BTC_USDT', price: '100.2', size: '0.1', side: 'buy' }), 'trade');
  assert.equal(m.apply('spot/trade', { symbol: 'BTC_USDT', price: '100.3', size: '0.2', side: 'sell' }), 'trade');
  assert.equal(m.apply('spot/kline1m', { symbol: 'BTC_USDT', candle: ['120', '1', '2', '0.5', '1.5', '10'] }), 'candle');
  assert.equal(m.apply('spot/kline1m', { symbol: 'BTC_USDT', candle: ['120', '1', '3', '0.5', '2.5', '12'] }), 'candle');
  assert.equal(m.apply('spot/user/order', { symbol: 'BTC_USDT' }), undefined, 'an order push is no market event');
  assert.equal(m.ticker('BTC_USDT')?.last_price, '100.20');
  assert.deepEqual(m.book('BTC_USDT')?.bids, [['99', '2']]);
  assert.deepEqual(m.trades('BTC_USDT').map((t) => t.price), ['100.3', '100.2']);
  assert.deepEqual(m.candles('BTC_USDT').map((c) => (c.candle as string[])[4]), ['2.5'], 'the same start: the newer candle');
  assert.equal(m.ticker('ETH_USDT'), undefined);
  m.apply('spot/ticker', { symbol: 'ETH_USDT', last_price: '2000' });
  assert.deepEqual(m.tickers().map((t) => [t.symbol, t.last_price]), [['BTC_USDT', '100.20'], ['ETH_USDT', '2000']], 'every pair\'s latest');
  assert.equal(m.version, 8);
});

test('market: a REST snapshot of candles fills those a gap missed; a snapshot of trades starts the tape', () => {
  const m = new MarketState();
  m.apply('spot/kline1m', { symbol: 'BTC_USDT', candle: ['60', '1', '1', '1', '1', '1'] });
  m.apply('spot/kline1m', { symbol: 'BTC_USDT', candle: ['240', '4', '4', '4', '4', '4'] });
  m.seedCandles('BTC_USDT', [[120, '2', '2', '2', '2', '2'], [180, '3', '3', '3', '3.5', '3'], [240, '4', '4', '4', '4.5', '5']]);
  assert.deepEqual(m.candles('BTC_USDT').map((c) => (c.candle as string[]).slice(0, 1).concat((c.candle as string[])[4]!)), [['60', '1'], ['120', '2'], ['180', '3.5'], ['240', '4.5']]);
  m.apply('spot/trade', { symbol: 'BTC_USDT', price: '9.99' });
  m.seedTrades('BTC_USDT', Array.from({ length: TRADES_KEPT + 2 }, (_, i) => ({ symbol: 'BTC_USDT', price: String(i) })));
  const tape = m.trades('BTC_USDT');
  assert.equal(tape.length, TRADES_KEPT, 'bounded');
  assert.equal(tape[0]?.price, String(TRADES_KEPT + 1), 'the newest first');
  assert.ok(!tape.some((t) => t.price === '9.99'), 'the snapshot replaces the tape');
});

const push = (id: string, state: string, fill?: { detail: string; count: string }): Entry => ({
  symbol: 'BTC_USDT', order_id: id, state, filled_size: fill ? fill.count : '0', detail_id: fill?.detail ?? '', last_fill_count: fill?.count ?? '0',
});

test('account: an order push with a fill is a fill (once by trade id); without, an order change', () => {
  const a = new AccountState('BTC_USDT');
  assert.equal(a.apply(push('1', '4')), 'order');
  assert.equal(a.apply(push('1', '5', { detail: 'd1', count: '0.5' })), 'fill');
  assert.equal(a.apply(push('1', '5', { detail: 'd1', count: '0.5' })), 'order', 'the same trade again is no new fill');
  assert.equal(a.apply(push('1', '6', { detail: 'd2', count: '0.5' })), 'fill');
  assert.deepEqual(a.fills().map((f) => f.detail_id), ['d2', 'd1']);
  assert.deepEqual(a.orders.open(), []);
});

test('account: after a gap the balances and the orders are read again', async () => {
  const a = new AccountState('BTC_USDT');
  a.applyWallet([{ id: 'USDT', available: '100.00', frozen: '10.00' }]);
  a.apply(push('1', '4'));
  const reads: AccountReads = {
    wallet: async () => [{ id: 'USDT', available: '110.00', frozen: '0' }, { id: 'BTC', available: '0.1', frozen: '0' }],
    open: async () => [],
    one: async (id) => ({ order_id: id, symbol: 'BTC_USDT', status: '8', filled_size: '0' }),
  };
  const changed = await a.recover(reads);
  assert.deepEqual(changed.map((e) => [e.order_id, e.state]), [['1', '8']]);
  assert.deepEqual(Object.fromEntries(a.balances()), { USDT: { available: '110.00', frozen: '0' }, BTC: { available: '0.1', frozen: '0' } });
});
