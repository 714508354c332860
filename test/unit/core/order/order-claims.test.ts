// What an order read proves: the order asked for or not (order get), and what a limit_maker or ioc
// placement became from its state (spec 3 statuses). Pure functions; the e2e tests run them on the sandbox.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkAnswered, notAsked } from '../../../../src/core/order/answered.js';
import { stateVerdict } from '../../../../src/core/order/standing.js';
import { BmError } from '../../../../src/errors.js';

test('an answer is the order asked for only when it carries that order id or our client order id', () => {
  const row = { order_id: '11', clientOrderId: 'mine42', status: '4' };
  assert.equal(notAsked({ clientOrderId: 'mine42' }, row), undefined);
  assert.equal(notAsked({ orderId: '11' }, row), undefined);
  assert.equal(notAsked({ orderId: '11', clientOrderId: 'mine42' }, { order_id: 11n, client_order_id: 'mine42' }), undefined, 'either name of the field, an id as a bigint');
  assert.equal(notAsked({ clientOrderId: 'mine42' }, { ...row, clientOrderId: 'abc123' }), "the venue answered order 11 with client order id 'abc123', not 'mine42'");
  assert.equal(notAsked({ clientOrderId: 'mine42' }, { order_id: '11' }), "the venue answered order 11 without a client order id, not 'mine42'");
  assert.equal(notAsked({ orderId: '12' }, row), 'the venue answered order 11, not order 12');
  assert.equal(notAsked({ orderId: '12' }, { status: '4' }), 'the venue answered an order without an order id, not order 12');
  assert.throws(
    () => checkAnswered('order get', [['symbol', 'BTC_USDT'], ['clientOrderId', 'mine42']], { ...row, clientOrderId: 'abc123' }),
    (e: unknown) => e instanceof BmError && e.exitCode === 6 && e.message === "order get: no such order: the venue answered order 11 with client order id 'abc123', not 'mine42'" && e.details.hint === 'list orders with: bm order list BTC_USDT',
  );
});

test('a limit_maker or ioc placement from its state: cancelled with nothing filled is settled, anything filled or standing is done', () => {
  const at = (status: string, filled_size?: string) => ({ order_id: '1', status, size: '0.3', ...(filled_size !== undefined ? { filled_size } : {}) });
  assert.deepEqual(stateVerdict('limit_maker', at('8', '0')), { outcome: 'settled', say: 'placed, then cancelled by the venue: limit_maker would have taken liquidity' });
  assert.deepEqual(stateVerdict('ioc', at('8', '0.000')), { outcome: 'settled', say: 'placed, then cancelled by the venue: ioc found nothing to fill' });
  assert.deepEqual(stateVerdict('ioc', at('8', '0.1')), { outcome: 'done', say: 'placed; 0.1 of 0.3 filled, the rest cancelled by the venue' });
  assert.deepEqual(stateVerdict('ioc', at('12', '0.1')), { outcome: 'done', say: 'placed; 0.1 of 0.3 filled, the rest cancelled by the venue' });
  assert.deepEqual(stateVerdict('ioc', at('6', '0.3')), { outcome: 'done', say: 'placed and filled (0.3)' });
  assert.deepEqual(stateVerdict('ioc', at('8')), { outcome: 'pending', say: 'placed, then cancelled by the venue; how much of it filled is not shown' }, 'neither a refusal nor a success is proven');
  assert.deepEqual(stateVerdict('limit_maker', at('4', '0')), { outcome: 'done', say: 'placed' });
  assert.deepEqual(stateVerdict('ioc', at('4', '0')), { outcome: 'done', say: 'placed (status pending (4) when read: the venue had not finished it yet)' });
  assert.deepEqual(stateVerdict('limit_maker', at('3', '0')), { outcome: 'settled', say: 'placed, then failed' });
});
