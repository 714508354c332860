// What an amend places once the old order is over: the new total less what filled, nothing when nothing
// (or less than the pair allows) is left, and what is refused before the cancel leaves.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkChange, oldOrderOf, planReplace, remainder } from '../../../../src/core/order/amend-plan.js';
import { RULES } from '../../commands/trade/fixture.js';

const OPEN = oldOrderOf({ order_id: '7', clientOrderId: 'old1', side: 'buy', type: 'limit', price: '30000.00', size: '0.01', filled_size: '0.002', status: '5' });

test('the new order: the old one\'s side and type, the new price and size, the old ones where none is given', () => {
  const p = planReplace(OPEN, { price: '29900.50' }, RULES, 'new1');
  assert.deepEqual([p.side, p.type, p.price, p.size, p.clientOrderId], ['buy', 'limit', '29900.50', '0.01', 'new1']);
  assert.deepEqual(planReplace(OPEN, { size: '0.02' }, RULES).price, '30000.00');
});

test('what is left: the total less what filled; nothing when that is nothing, or below the pair\'s minimum', () => {
  const p = planReplace(OPEN, { size: '0.015' }, RULES, 'new1');
  const rest = remainder(p, '0.004', RULES);
  assert.ok(rest.send);
  assert.deepEqual([rest.order.size, rest.order.clientOrderId], ['0.011', 'new1']);
  assert.deepEqual(remainder(p, '0.015', RULES), { send: false, why: '0.015 of it filled, as much as the new size 0.015 or more' });
  assert.equal(remainder(p, '0.02', RULES).send, false);
  // 0.015 - 0.0149 = 0.0001 BTC at 30000 is 3 USDT: under the 5 USDT a buy must be.
  const small = remainder(p, '0.0149', RULES);
  assert.equal(small.send, false);
  assert.match(!small.send ? small.why : '', /^0\.0149 of it filled; the 0\.0001 left is refused by the pair's rules \(size x --price: at least 5 USDT/);
  assert.equal(remainder(p, '', RULES).send, false, 'a filled size not shown: nothing is placed');
});

test('refused before anything is sent: no change, an order that is over, one that does not rest on the book', () => {
  assert.throws(() => checkChange(undefined, undefined), { category: 'usage', message: 'give --price, --size or both: what the order becomes' });
  assert.throws(() => checkChange('-1', undefined), { category: 'usage' });
  assert.throws(() => planReplace({ ...OPEN, status: '6' }, { price: '1' }, RULES), { category: 'venue', message: /order 7 is filled: there is nothing to amend/ });
  assert.throws(() => planReplace({ ...OPEN, type: 'market' }, { price: '1' }, RULES), { category: 'usage', message: /a market order: only limit and limit_maker/ });
  assert.throws(() => planReplace(OPEN, { price: '29900.505' }, RULES), { category: 'usage', message: /--price: at most 2 decimal places/ });
});
