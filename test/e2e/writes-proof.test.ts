// Careful writes of one order against the real sandbox (in this process) behind a fault proxy: an outcome is
// claimed only when an answer or a lookup proves it by our client order id; a place is never sent twice, a
// cancel (safe to repeat) is; an answer about another order proves nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { envelope } from '../helpers/fault-proxy.js';
import { detailRewritten, garbage, useWriteVenue } from '../helpers/write-venue.js';
import { parseJson, scalarText } from '../../src/util/json.js';

const v = useWriteVenue();
const { run, direct, fresh, restingBid, place, statusOf, stall } = v;

test('an unreadable answer to a place is looked up: proven by our client order id, sent once', async () => {
  fresh();
  v.proxy().add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'rewrite', fn: () => garbage } });
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid(), '--client-order-id', 'garbled1', '--yes');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /the venue's answer could not be read: <html>upstream hiccup<\/html>; looking it up[\s\S]*placed \(client order id garbled1\) \(proven by looking it up\)/);
  assert.equal(v.proxy().count('POST', '/spot/v2/submit_order'), 1, 'sent once');
  assert.equal(await statusOf('garbled1'), '4');
});

test('an unreadable answer and an unreadable lookup: outcome unknown, exit 11, the command to check', async () => {
  fresh();
  v.proxy().add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'rewrite', fn: () => garbage } });
  v.proxy().add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'reply', answer: garbage } });
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid(), '--client-order-id', 'garbled2', '--yes', '--json');
  assert.equal(r.code, 11, r.stderr);
  assert.doesNotMatch(r.stderr, /\bplaced\b/);
  assert.match(r.stderr, /order place: outcome unknown[\s\S]*the lookup failed too/);
  const err = JSON.parse(r.stderr.split('\n').find((l) => l.startsWith('{'))!) as { error: { category: string; exit_code: number; hint: string } };
  assert.equal(err.error.category, 'unknown');
  assert.equal(err.error.exit_code, 11);
  assert.equal(err.error.hint, 'check with: bm order get BTC_USDT --client-order-id garbled2 (do not send it again before you know)');
  assert.equal(v.proxy().count('POST', '/spot/v2/submit_order'), 1, 'sent once');
});

test('a lookup that finds another client order id is not proof: outcome unknown, never "placed"', async () => {
  fresh();
  stall({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'lose' } });
  v.proxy().add({
    method: 'GET', path: '/spot/v1/order_detail',
    fault: { kind: 'rewrite', fn: (a) => {
      const env0 = parseJson(a.body) as { data: Record<string, unknown> };
      return envelope(200, 1000, 'OK', { ...env0.data, order_id: '7', clientOrderId: 'somebodyElse' });
    } },
  });
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid(), '--client-order-id', 'foreign1', '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.doesNotMatch(r.stderr, /\bplaced\b(?!,)/);
  assert.match(r.stderr, /another order \(clientOrderId 'somebodyElse', not 'foreign1'\): not proof of ours/);
  assert.match(r.stderr, /hint: check with: bm order get BTC_USDT --client-order-id foreign1/);
  assert.equal(v.proxy().count('POST', '/spot/v2/submit_order'), 1, 'sent once');
});

test('a cancel that never gets an answer is sent again (it is idempotent), then proven by the order', async () => {
  const id = await place('cancelRetry1');
  fresh();
  stall({ method: 'POST', path: '/spot/v3/cancel_order', times: 1, fault: { kind: 'hang' } });
  const r = await run('order', 'cancel', 'BTC_USDT', '--order-id', id, '--yes', '--json');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /sending it again, as it is safe to repeat \(1 of 2\)/);
  assert.equal(v.proxy().count('POST', '/spot/v3/cancel_order'), 2);
  assert.equal(await statusOf('cancelRetry1'), '8');
});

test('a cancel whose answer is lost: the repeat answers result false, the lookup proves it cancelled', async () => {
  const id = await place('cancelLost1');
  fresh();
  stall({ method: 'POST', path: '/spot/v3/cancel_order', times: 1, fault: { kind: 'lose' } });
  const r = await run('order', 'cancel', 'BTC_USDT', '--order-id', id, '--yes');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /order cancel: cancelled \(proven by looking it up\)/);
  assert.equal(r.stdout, `${id}\tcancelLost1\tcancelled\n`);
});

test('a cancel whose order still shows open after the lookup: outcome unknown, exit 11, not "cancelled"', async () => {
  const id = await place('stillOpen1');
  fresh();
  stall({ method: 'POST', path: '/spot/v3/cancel_order', fault: { kind: 'hang' } });
  const r = await run('order', 'cancel', 'BTC_USDT', '--order-id', id, '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.equal(r.stdout, '');
  assert.equal(v.proxy().count('POST', '/spot/v3/cancel_order'), 3, 'sent once, then again twice');
  assert.match(r.stderr, /order cancel: outcome unknown: .*the order still shows status pending \(4\) after the lookup/);
  assert.match(r.stderr, new RegExp(`hint: check with: bm order get BTC_USDT --order-id ${id}`));
  assert.doesNotMatch(r.stderr, /: cancelled/);
  assert.equal(await statusOf('stillOpen1'), '4');
});

test('order get answered with another order is no such order: exit 6, the other order named on stderr, nothing on stdout', async () => {
  const id = await place('mine42');
  fresh();
  v.proxy().add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'rewrite', fn: detailRewritten({ order_id: '7', clientOrderId: 'abc123' }) } });
  const byCid = await run('order', 'get', 'BTC_USDT', '--client-order-id', 'mine42', '--json');
  assert.equal(byCid.code, 6, byCid.stderr);
  assert.equal(byCid.stdout, '');
  assert.match(byCid.stderr, /error: order get: no such order: the venue answered order 7 with client order id 'abc123', not 'mine42'\nhint: list orders with: bm order list BTC_USDT/);
  const byId = await run('order', 'get', 'BTC_USDT', '--order-id', id);
  assert.equal(byId.code, 6, byId.stderr);
  assert.equal(byId.stdout, '');
  assert.match(byId.stderr, new RegExp(`order get: no such order: the venue answered order 7, not order ${id}`));
  fresh();
  const ours = await run('order', 'get', 'BTC_USDT', '--client-order-id', 'mine42', '--json');
  assert.equal(ours.code, 0, ours.stderr);
  assert.equal(scalarText((parseJson(ours.stdout) as { order_id: unknown }).order_id), id, 'the order itself is found as before');
});

test('legacy order get answered with another order is no such order: exit 6, the other order named on stderr, nothing on stdout', async () => {
  const placed = await direct('legacy', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.01', '--price', await restingBid(), '--yes');
  assert.equal(placed.code, 0, placed.stderr);
  const id = placed.stdout.trim();
  fresh();
  v.proxy().add({ method: 'GET', path: `/v2/orders/${id}`, fault: { kind: 'rewrite', fn: detailRewritten({ entrust_id: '7' }) } });
  const other = await run('legacy', 'order', 'get', id, '--json');
  assert.equal(other.code, 6, other.stderr);
  assert.equal(other.stdout, '');
  assert.match(other.stderr, new RegExp(`error: legacy order get: no such order: the venue answered order 7, not order ${id}\nhint: list orders with: bm legacy order list SYMBOL --status 5`));
  assert.equal(v.proxy().count('GET', `/v2/orders/${id}`), 1);
  fresh();
  const ours = await run('legacy', 'order', 'get', id, '--json');
  assert.equal(ours.code, 0, ours.stderr);
  assert.equal(scalarText((parseJson(ours.stdout) as { entrust_id: unknown }).entrust_id), id, 'the order itself is found as before');
});
