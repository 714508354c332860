// The terminal's order path: market context (pure), and place/cancel through the careful path against
// the real sandbox, with a proxy that loses answers so the lookup by client order id is exercised.
import type { Side } from '../../../../src/api/catalogue/vocab.js';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { Context } from '../../../../src/context.js';
import { IO, type InStream } from '../../../../src/render/io.js';
import { checkOrder } from '../../../../src/core/order/check.js';
import { amendOrder, cancelAll, cancelOrder, guardError, marketContext, outcomeOfError, placeOrder, preflight } from '../../../../src/commands/trade/orders.js';
import { BmError } from '../../../../src/errors.js';
import { startFaultProxy } from '../../../helpers/fault-proxy.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { algoJournalPath, AlgoJournal } from '../../../../src/core/algo/journal.js';
import { noteFired } from '../../../../src/core/algo/moves.js';
import type { AlgoSpec } from '../../../../src/core/algo/model/spec.js';
import { skipClock, type SkipClock } from '../../../helpers/skip-clock.js';
import { useSandbox } from '../../../helpers/sandbox-server.js';
import { RULES } from './fixture.js';

const book = { asks: [['100.00', '1'], ['101.00', '2'], ['102.00', '3']] as const, bids: [['99.00', '1'], ['98.00', '2']] as const, last: '99.50' };

test('the deviation guard is bm order place\'s, read on the live last price; the form names its fields', () => {
  const at = (side: Side, price: string) => ({ side, type: 'limit' as const, price });
  assert.equal(guardError(at('buy', '110'), '100', '10'), undefined, 'exactly 10% is allowed');
  assert.equal(guardError(at('buy', '110.01'), '100', '10'), 'price: 110.01 is 10.01% above the last price 100; a buy may be at most 10% above it (up to 110); nothing was sent');
  assert.match(guardError(at('sell', '89'), '100', '10')!, /^price: 89 is 11% below the last price 100; a sell may be at most 10% below it/);
  assert.equal(guardError(at('buy', '50'), '100', '10'), undefined, 'a buy far below the market is not through it');
  assert.equal(guardError(at('buy', '500'), '100', undefined), undefined, '--max-deviation none');
  assert.match(guardError(at('buy', '100'), undefined, '10')!, /^price: the venue shows no last price/, 'no last price: refused, as bm order place does');
  assert.equal(guardError({ side: 'buy', type: 'market' }, undefined, '10'), undefined, 'a market order has no price to guard');
});

test('market context of a checked order on the live book: distance, crossing, a market order walked through the book', () => {
  const limit = checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.1', price: '100.00' }, RULES);
  assert.deepEqual(marketContext(limit, book), { last: '99.50', bestBid: '99.00', bestAsk: '100.00', fromLast: '0.5', crosses: true, fill: undefined });
  const resting = checkOrder({ symbol: 'BTC_USDT', side: 'sell', type: 'limit', size: '0.1', price: '99.01' }, RULES);
  assert.equal(marketContext(resting, book).crosses, false);
  // 100 at 100.00, then 150 of the 202 at 101.00.
  const buy = checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'market', notional: '250' }, RULES);
  assert.deepEqual(marketContext(buy, book).fill, { size: '2.485148514851', cost: '249.999999999951', average: '100.5976', levels: 2, complete: true });
  const thin = checkOrder({ symbol: 'BTC_USDT', side: 'sell', type: 'market', size: '5' }, RULES);
  assert.deepEqual(marketContext(thin, book).fill, { size: '3', cost: '295', average: '98.3333', levels: 2, complete: false });
  assert.equal(marketContext(thin, { asks: [], bids: [], last: '1' }).fill?.average, '', 'an empty side fills nothing');
  assert.throws(() => preflight({ symbol: 'BTC_USDT', side: 'buy', type: 'market' }, RULES, book, '10'), { message: 'amount is required for a market buy (quote amount, e.g. 100 USDT)' });
  assert.throws(() => preflight({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '1', price: '120' }, RULES, book, '10'), { message: /^price: 120 is 20\.6% above/ });
});

test('a write that failed is said as the venue proved it: refused by the venue, not sent (a network error, whatever its code), or unknown', () => {
  const what = 'place buy 0.01 BTC_USDT @ 20000';
  const refused = outcomeOfError(what, new BmError('venue', 'order refused', { code: '50008', venueMessage: 'balance not enough', trace: 't1' }));
  assert.deepEqual(refused, { kind: 'rejected', text: `${what}: rejected: order refused (code 50008: balance not enough, trace t1)` });
  const network = outcomeOfError(what, new BmError('network', 'GET 127.0.0.1:1: timed out after 1500 ms (code ETIMEDOUT)', { code: 'ETIMEDOUT' }));
  assert.equal(network.text, `${what}: not sent: GET 127.0.0.1:1: timed out after 1500 ms (code ETIMEDOUT)`);
  assert.equal(outcomeOfError(what, new BmError('unknown', `${what}: outcome unknown`, { hint: 'check with: bm order get' })).kind, 'unknown');
});

const harness = useSandbox(21);

function contextFor(base: string, creds: { key: string; secret: string; memo: string }, notes: string[], clock?: SkipClock): Context {
  const env = { BM_API_KEY: creds.key, BM_API_SECRET: creds.secret, BM_API_MEMO: creds.memo, HOME: '/nonexistent', XDG_CACHE_HOME: '/tmp/bm-test-cache-trade' };
  const sink = { write: (s: string) => (notes.push(s), true) };
  const io = new IO({ write: () => true }, sink, new PassThrough() as unknown as InStream, env, 'never');
  return new Context(io, { baseUrl: base, timeout: '30000' }, env, undefined, clock ? { clock } : {});
}

test('place and cancel through the careful path: a lost answer is looked up, never sent twice', async () => {
  const sb = harness.sandbox();
  const acct = sb.exchange.createAccount({ USDT: '100000', BTC: '1' });
  const proxy = await startFaultProxy(sb.url);
  const notes: string[] = [];
  try {
    // A hung request's timeout is skipped the moment the proxy holds it, never waited for.
    const clock = skipClock();
    const ctx = contextFor(proxy.url, acct, notes, clock);
    const order = checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001', price: '20000.00', client_order_id: 'tradeLost1' }, RULES);
    proxy.add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'lose' }, times: 1, held: () => clock.skip(30_000) });
    const placed = await placeOrder(ctx, order);
    assert.equal(placed.kind, 'ok', placed.text);
    assert.match(placed.text, /^placed buy 0\.001 BTC_USDT @ 20000\.00 \(order \d+, client order id tradeLost1, proven by looking it up\)$/);
    assert.equal(proxy.count('POST', '/spot/v2/submit_order'), 1, 'sent once');
    assert.match(notes.join(''), /looking it up \(bm order get BTC_USDT --client-order-id tradeLost1\) instead of sending it again/);

    const hung = checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001', price: '20000.00', client_order_id: 'tradeHung1' }, RULES);
    proxy.add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'hang' }, times: 1, held: () => clock.skip(30_000) });
    const unknown = await placeOrder(ctx, hung);
    assert.equal(unknown.kind, 'unknown');
    assert.match(unknown.text, /outcome unknown: .*check with: bm order get BTC_USDT --client-order-id tradeHung1/);

    const rejected = await placeOrder(ctx, checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '100', price: '20000.00' }, RULES));
    assert.equal(rejected.kind, 'rejected');
    assert.match(rejected.text, /rejected: .*\(code \d+: /, 'the venue code and message are kept');

    const open = { id: placed.orderId!, clientOrderId: 'tradeLost1', side: 'buy' as const, type: 'limit', price: '20000.00', size: '0.001', filled: '0', time: 0 };
    proxy.add({ method: 'POST', path: '/spot/v3/cancel_order', fault: { kind: 'lose' }, times: 1, held: () => clock.skip(30_000) });
    const cancelled = await cancelOrder(ctx, 'BTC_USDT', open);
    assert.equal(cancelled.kind, 'ok', cancelled.text);
    assert.match(cancelled.text, /proven by looking it up/, 'claimed from the order status read after the lost answer');
    const again = await cancelOrder(ctx, 'BTC_USDT', open);
    assert.equal(again.kind, 'rejected', again.text);
    assert.equal((await cancelAll(ctx, 'BTC_USDT')).kind, 'ok');
  } finally {
    await proxy.close();
  }
});

test('amend through the same core as bm order amend: the cancel proven, then the new order; one of each sent', async () => {
  const sb = harness.sandbox();
  const acct = sb.exchange.createAccount({ USDT: '100000' });
  const placed = sb.exchange.placeOrder(acct.id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000.00', size: '0.001' });
  const proxy = await startFaultProxy(sb.url);
  try {
    const ctx = contextFor(proxy.url, acct, []);
    const open = { id: placed.order_id, clientOrderId: placed.client_order_id, side: 'buy' as const, type: 'limit', price: '20000', size: '0.001', filled: '0', time: 0 };
    const out = await amendOrder(ctx, RULES, open, { price: '20100.00', size: '0.002' });
    assert.equal(out.kind, 'ok', out.text);
    assert.match(out.text, new RegExp(`^amended: order ${placed.order_id} cancelled \\(0 filled\\); placed buy 0\\.002 BTC_USDT @ 20100\\.00 \\(order \\d+, client order id \\w+\\)$`));
    assert.deepEqual([proxy.count('POST', '/spot/v3/cancel_order'), proxy.count('POST', '/spot/v2/submit_order')], [1, 1]);
    assert.equal(sb.exchange.order(acct.id, 'BTC_USDT', { order_id: out.orderId! })!.size, '0.002');
    const again = await amendOrder(ctx, RULES, open, { price: '20100.00', size: '0.002' });
    assert.equal(again.kind, 'rejected', again.text);
    assert.match(again.text, /is cancelled: there is nothing to amend/);
    assert.equal(proxy.count('POST', '/spot/v3/cancel_order'), 1, 'nothing sent for an order that is over');
  } finally {
    await proxy.close();
  }
});

test('amend of a bracket\'s entry whose exit fires as the old order is cancelled: nothing new is placed (it would have no exit)', async () => {
  const sb = harness.sandbox();
  const acct = sb.exchange.createAccount({ USDT: '100000' });
  const placed = sb.exchange.placeOrder(acct.id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '20000.00', size: '0.001' });
  const home = mkdtempSync(join(tmpdir(), 'bm-amend-fired-'));
  const env = { BM_API_KEY: acct.key, BM_API_SECRET: acct.secret, BM_API_MEMO: acct.memo, HOME: home, XDG_CACHE_HOME: '/tmp/bm-test-cache-trade' };
  // A bracket that follows the order, armed on this machine.
  const spec: AlgoSpec = {
    v: 1, id: 'abr', kind: 'bracket', symbol: 'BTC_USDT', side: 'buy', created: 1,
    legs: [
      { name: 'entry', clientOrderId: 'abrentry', params: [], what: 'entry' },
      { name: 'stop', clientOrderId: 'abrstop', params: [], what: 'stop', after: 'entry', group: 'exit', side: 'sell', trigger: { dir: 'down', level: '1' } },
    ],
  };
  const j = AlgoJournal.create(algoJournalPath(env, 'abr'), spec);
  j.write({ at: 2, st: { legs: { entry: { status: 'placed', orderId: placed.order_id }, stop: { status: 'armed', size: '0.001' } } }, notes: [] }, false);
  j.close();
  const proxy = await startFaultProxy(sb.url);
  // Its stop fires as the amend's cancel reaches the venue: the runner notes it beside the bracket.
  proxy.add({ method: 'POST', path: '/spot/v3/cancel_order', when: () => (noteFired(env, 'abr', placed.order_id, 'stop'), false), fault: { kind: 'delay', ms: 0 } });
  try {
    const sink = { write: () => true };
    const io = new IO({ write: () => true }, sink, new PassThrough() as unknown as InStream, env, 'never');
    const ctx = new Context(io, { baseUrl: proxy.url, timeout: '30000' }, env, undefined, {});
    const open = { id: placed.order_id, clientOrderId: placed.client_order_id, side: 'buy' as const, type: 'limit', price: '20000', size: '0.001', filled: '0', time: 0 };
    const out = await amendOrder(ctx, RULES, open, { price: '20100.00', size: '0.001' });
    assert.equal(out.kind, 'rejected', out.text);
    assert.match(out.text, /algo abr fired its stop on it meanwhile: the rest was not placed \(no exit would protect it\)/);
    assert.deepEqual([proxy.count('POST', '/spot/v3/cancel_order'), proxy.count('POST', '/spot/v2/submit_order')], [1, 0]);
  } finally {
    await proxy.close();
  }
});
