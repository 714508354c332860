import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkClientOrderId, checkOrder, describe, newClientOrderId } from '../../../../src/core/order/check.js';
import type { PairRules } from '../../../../src/core/order/pairs.js';
import { BmError } from '../../../../src/errors.js';

const BTC: PairRules = {
  symbol: 'BTC_USDT', base_currency: 'BTC', quote_currency: 'USDT', quote_increment: '0.00001', base_min_size: '0.00010',
  base_max_size: '100.000000000000000000000000000000', price_max_precision: '2', min_buy_amount: '5', min_sell_amount: '5', trade_status: 'trading',
};

function usageError(fn: () => unknown, field: RegExp): void {
  assert.throws(fn, (e: unknown) => e instanceof BmError && e.exitCode === 2 && field.test(e.message), `expected a usage error matching ${field}`);
}

test('a valid limit order becomes wire params in the order sent, with a client order id', () => {
  const o = checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price: '30000.5' }, BTC);
  assert.deepEqual(o.params.map(([k]) => k), ['symbol', 'side', 'type', 'size', 'price', 'client_order_id']);
  assert.equal(o.notional, '300.005');
  assert.match(o.clientOrderId, /^[A-Za-z0-9]{1,32}$/);
  assert.equal(describe(o, BTC), 'limit BUY 0.01 BTC on BTC_USDT at 30000.5 USDT (notional 300.005 USDT)');
});

test('market buy needs notional, never size', () => {
  usageError(() => checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'market', size: '1' }, BTC), /--size: not allowed for a market buy/);
  usageError(() => checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'market' }, BTC), /--notional is required/);
  const o = checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'market', notional: '100' }, BTC);
  assert.deepEqual(o.params.slice(0, 4), [['symbol', 'BTC_USDT'], ['side', 'buy'], ['type', 'market'], ['notional', '100']]);
});

test('market sell takes size and no price', () => {
  usageError(() => checkOrder({ symbol: 'BTC_USDT', side: 'sell', type: 'market', size: '0.1', price: '1' }, BTC), /--price: not allowed/);
  assert.ok(checkOrder({ symbol: 'BTC_USDT', side: 'sell', type: 'market', size: '0.1' }, BTC));
});

test('size bounds, increment, price precision and minimum amount are enforced', () => {
  const base = { symbol: 'BTC_USDT', side: 'buy', type: 'limit' } as const;
  usageError(() => checkOrder({ ...base, size: '0.00001', price: '30000' }, BTC), /--size: at least 0.0001 BTC/);
  usageError(() => checkOrder({ ...base, size: '101', price: '30000' }, BTC), /--size: at most 100 BTC/);
  usageError(() => checkOrder({ ...base, size: '0.000105', price: '30000' }, BTC), /multiple of 0.00001/);
  usageError(() => checkOrder({ ...base, size: '0.01', price: '30000.123' }, BTC), /--price: at most 2 decimal places/);
  usageError(() => checkOrder({ ...base, size: '0.0001', price: '100' }, BTC), /at least 5 USDT \(got 0.01\)/);
  usageError(() => checkOrder({ ...base, size: '1e-3', price: '100' }, BTC), /--size: '1e-3' is not a plain positive decimal/);
  usageError(() => checkOrder({ ...base, size: '-1', price: '100' }, BTC), /--size/);
  usageError(() => checkOrder({ ...base, side: 'bye', size: '1', price: '100' } as never, BTC), /--side: must be one of buy, sell/);
  usageError(() => checkOrder({ ...base, type: 'stop', size: '1', price: '100' } as never, BTC), /--type: must be one of limit, market, limit_maker, ioc/);
});

test('client order id rules (50037, 50038)', () => {
  usageError(() => checkClientOrderId('a'.repeat(33)), /1 to 32 characters/);
  usageError(() => checkClientOrderId('my-id'), /only letters and digits/);
  assert.equal(checkClientOrderId('Abc123'), 'Abc123');
  for (let i = 0; i < 100; i++) assert.match(newClientOrderId(), /^[A-Za-z0-9]{1,32}$/);
});

test('a pair that is not trading refuses orders', () => {
  usageError(() => checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '1', price: '1' }, { ...BTC, trade_status: 'pre-trade' }), /not trading/);
});
