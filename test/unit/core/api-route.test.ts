import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readApiPath } from '../../../src/core/api-route.js';
import { BmError } from '../../../src/errors.js';

function usageOf(fn: () => unknown): BmError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof BmError && err.category === 'usage', String(err));
    return err;
  }
  assert.fail('no usage error');
}

test('every spelling of a catalogued write names its entry, sent by the catalogue spelling', () => {
  const spellings = ['/spot/v2/submit_order', '/spot/v2/submit_order?', '/spot/v2/submit_order#', '/spot/v2/submit_order#frag', '/spot//v2/submit_order/',
    '/SPOT/V2/Submit_Order', '/spot/v2/%73ubmit_order', '/spot/./v2/submit_order', '/spot/x/../v2/submit_order', '/spot\\v2\\submit_order'];
  for (const raw of spellings) {
    const { route } = readApiPath('POST', raw);
    assert.equal(route.gen, 'current', raw);
    assert.equal(route.ep?.id, 'spot.order.submit', raw);
    assert.equal(route.path, '/spot/v2/submit_order', raw);
  }
  assert.equal(readApiPath('POST', '/spot/v3/cancel_order?').route.ep?.id, 'spot.order.cancel');
  assert.equal(readApiPath('POST', '/spot/v1/cancel_orders#').route.ep?.id, 'spot.order.cancel_all');
  assert.equal(readApiPath('POST', '/spot/v2/submit_order#frag').fragment, '#frag');
});

test('a query on a method that sends a body is refused, naming it; on GET and DELETE it is parameters', () => {
  const err = usageOf(() => readApiPath('POST', '/spot/v2/submit_order?x=1'));
  assert.match(err.message, /a POST sends its parameters in a signed body, not in a query string \('\?x=1'\)/);
  assert.equal(err.details.hint, 'give them as fields: -f x=1');
  usageOf(() => readApiPath('PUT', '/spot/v9/x?a=b'));
  const get = readApiPath('GET', '/spot/v1/ticker?symbol=BTC_USDT&x=a%20b');
  assert.equal(get.route.ep?.id, 'spot.ticker');
  assert.deepEqual(get.query, [['symbol', 'BTC_USDT'], ['x', 'a b']]);
  assert.deepEqual(readApiPath('DELETE', '/spot/v9/x?a=1').query, [['a', '1']]);
});

test('a path with no entry for its method is sent as the client sends it, with no entry', () => {
  const r = readApiPath('POST', '/spot/v9/submit_order?');
  assert.deepEqual(r.route, { gen: 'current', path: '/spot/v9/submit_order' });
  assert.equal(readApiPath('DELETE', '/spot/v2/submit_order').route.ep, undefined, 'the catalogue has it for POST only');
  assert.equal(readApiPath('POST', '//spot/v2/x').route.path, '//spot/v2/x', 'a leading // stays a path, never a host');
});

test('paths under /v2/ are the first generation: templated entries matched, values kept as given', () => {
  const cancel = readApiPath('DELETE', '/V2/orders/123/');
  assert.equal(cancel.route.gen, 'legacy');
  assert.equal(cancel.route.ep?.id, 'legacy.order.cancel');
  assert.deepEqual(cancel.route.gen === 'legacy' && cancel.route.pathValues, { entrust_id: '123' });
  assert.equal(readApiPath('POST', '/v2/orders?').route.ep?.id, 'legacy.order.place');
  assert.equal(readApiPath('DELETE', '/v2/orders?symbol=BTC_USDT&side=buy').route.ep?.id, 'legacy.order.cancel_all');
  const kline = readApiPath('GET', '/v2/symbols/btc_usdt/kline');
  assert.deepEqual(kline.route.gen === 'legacy' && kline.route.pathValues, { symbol: 'btc_usdt' });
  assert.deepEqual(readApiPath('POST', '/v2/nothing').route, { gen: 'legacy', path: '/v2/nothing', pathValues: {} });
});

test('a placeholder left in the path, or a path not starting with /, is refused', () => {
  assert.match(usageOf(() => readApiPath('DELETE', '/v2/orders/{entrust_id}')).message, /'\{entrust_id\}' is a placeholder/);
  assert.match(usageOf(() => readApiPath('GET', 'spot/v1/ticker')).message, /must start with \//);
  usageOf(() => readApiPath('DELETE', '/v2/orders/%zz'));
});
