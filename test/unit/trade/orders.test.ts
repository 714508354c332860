// The terminal's order path: market context (pure), and place/cancel through the careful path against
// the real sandbox, with a proxy that loses answers so the lookup by client order id is exercised.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { Context } from '../../../src/context.js';
import { IO, type InStream } from '../../../src/render/io.js';
import { checkOrder } from '../../../src/commands/order/check.js';
import { cancelAll, cancelOrder, crossesBook, deviationError, distancePct, estimateFill, marketContext, placeOrder, preflight } from '../../../src/commands/trade/orders.js';
import { startFaultProxy } from '../../helpers/fault-proxy.js';
import { useSandbox } from '../../helpers/sandbox-server.js';
import { RULES } from './fixture.js';

const book = { asks: [['100.00', '1'], ['101.00', '2'], ['102.00', '3']] as const, bids: [['99.00', '1'], ['98.00', '2']] as const, last: '99.50' };

test('distance from last, crossing the book, the deviation guard: exact decimals', () => {
  assert.equal(distancePct('110', '100'), '10.00');
  assert.equal(distancePct('99.5', '100', 3), '-0.500');
  assert.equal(distancePct('1', undefined), undefined);
  assert.equal(crossesBook('buy', '100.00', book), true);
  assert.equal(crossesBook('buy', '99.99', book), false);
  assert.equal(crossesBook('sell', '99.00', book), true);
  assert.equal(crossesBook('sell', '99.01', book), false);
  assert.equal(deviationError({ side: 'buy', price: '110' }, '100', '10'), undefined, 'exactly 10% is allowed');
  assert.equal(deviationError({ side: 'buy', price: '110.01' }, '100', '10'), 'price: 110.01 is 10.01% above the last price 100 (more than --max-deviation 10%)');
  assert.equal(deviationError({ side: 'sell', price: '89' }, '100', '10'), 'price: 89 is 11.00% below the last price 100 (more than --max-deviation 10%)');
  assert.equal(deviationError({ side: 'buy', price: '50' }, '100', '10'), undefined, 'a buy far below the market is not through it');
});

test('estimated fill walks the opposite side: by quote spent (market buy) or base size (sell); thin books said', () => {
  // 100 at 100.00, then 150 of the 202 at 101.00: 1 + 1.48514851... BTC.
  assert.deepEqual(estimateFill('buy', '250', true, book), { size: '2.48514851', notional: '250', avgPrice: '100.5976', complete: true });
  assert.deepEqual(estimateFill('sell', '2', false, book), { size: '2', notional: '197', avgPrice: '98.5', complete: true });
  assert.deepEqual(estimateFill('sell', '5', false, book), { size: '3', notional: '295', avgPrice: '98.3333', complete: false });
  assert.equal(estimateFill('buy', '10', true, { asks: [], bids: [] }), undefined);
});

test('market context of a checked order; preflight names the form fields', () => {
  const limit = checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.1', price: '100.00' }, RULES);
  assert.deepEqual(marketContext(limit, book), { last: '99.50', bestBid: '99.00', bestAsk: '100.00', fromLast: '0.502', crosses: true, fill: undefined });
  const market = checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'market', notional: '100' }, RULES);
  assert.equal(marketContext(market, book).fill?.size, '1');
  assert.throws(() => preflight({ symbol: 'BTC_USDT', side: 'buy', type: 'market' }, RULES, book, '10'), { message: 'amount is required for a market buy (quote amount, e.g. 100 USDT)' });
  assert.throws(() => preflight({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '1', price: '120' }, RULES, book, '10'), /price: 120 is 20\.60% above/);
});

const harness = useSandbox(21);

function contextFor(base: string, creds: { key: string; secret: string; memo: string }, notes: string[]): Context {
  const env = { BM_API_KEY: creds.key, BM_API_SECRET: creds.secret, BM_API_MEMO: creds.memo, HOME: '/nonexistent', XDG_CACHE_HOME: '/tmp/bm-test-cache-trade' };
  const sink = { write: (s: string) => (notes.push(s), true) };
  const io = new IO({ write: () => true }, sink, new PassThrough() as unknown as InStream, env, 'never');
  return new Context(io, { baseUrl: base, timeout: '1500' }, env);
}

test('place and cancel through the careful path: a lost answer is looked up, never sent twice', async () => {
  const sb = harness.sandbox();
  const acct = sb.exchange.createAccount({ USDT: '100000', BTC: '1' });
  const proxy = await startFaultProxy(sb.url);
  const notes: string[] = [];
  try {
    const ctx = contextFor(proxy.url, acct, notes);
    const order = checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001', price: '20000.00', client_order_id: 'tradeLost1' }, RULES);
    proxy.add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'lose' }, times: 1 });
    const placed = await placeOrder(ctx, order);
    assert.equal(placed.kind, 'ok', placed.text);
    assert.match(placed.text, /^placed buy 0\.001 BTC_USDT @ 20000\.00 \(order \d+, client order id tradeLost1\)$/);
    assert.equal(proxy.count('POST', '/spot/v2/submit_order'), 1, 'sent once');
    assert.match(notes.join(''), /looking the order up by client order id tradeLost1/);

    const hung = checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001', price: '20000.00', client_order_id: 'tradeHung1' }, RULES);
    proxy.add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'hang' }, times: 1 });
    const unknown = await placeOrder(ctx, hung);
    assert.equal(unknown.kind, 'unknown');
    assert.match(unknown.text, /outcome unknown: .*check with: bm order get BTC_USDT --client-order-id tradeHung1/);

    const rejected = await placeOrder(ctx, checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '100', price: '20000.00' }, RULES));
    assert.equal(rejected.kind, 'rejected');
    assert.match(rejected.text, /rejected: .*\(code \d+: /, 'the venue code and message are kept');

    const open = { id: placed.orderId!, clientOrderId: 'tradeLost1', side: 'buy' as const, type: 'limit', price: '20000.00', size: '0.001', filled: '0', time: 0 };
    proxy.add({ method: 'POST', path: '/spot/v3/cancel_order', fault: { kind: 'lose' }, times: 1 });
    const cancelled = await cancelOrder(ctx, 'BTC_USDT', open);
    assert.equal(cancelled.kind, 'ok', cancelled.text);
    assert.match(cancelled.text, /found after/, 'claimed from the order status read after the lost answer');
    const again = await cancelOrder(ctx, 'BTC_USDT', open);
    assert.equal(again.kind, 'rejected', again.text);
    assert.equal((await cancelAll(ctx, 'BTC_USDT')).kind, 'ok');
  } finally {
    await proxy.close();
  }
});
