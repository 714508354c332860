// `bm api` on the venue's later endpoints, as the catalogue knows them: a v4 query is a POST that only
// reads (no confirmation), a v4 batch, cancel-all or withdrawal a write of the careful-write pipeline
// (confirmed, sent once, a lost batch answer looked up by its lines' client order ids on the v4 query).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useWriteVenue } from '../helpers/write-venue.js';

const v = useWriteVenue(9);
const { run, fresh, restingBid, statusOf, stall } = v;

test('a v4 query is a read: answered without confirmation or --yes, signed', async () => {
  fresh();
  const r = await run('api', 'POST', '/spot/v4/query/open-orders', '-f', 'symbol=BTC_USDT');
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), []);
  assert.equal(v.proxy().count('POST', '/spot/v4/query/open-orders'), 1);
  assert.match(String(v.proxy().seen[0]!.headers['x-bm-sign'] ?? ''), /^[0-9a-f]{64}$/, 'signed as its catalogue entry says');
});

test('v4 cancel-all and a withdrawal are writes: with no terminal and no --yes, exit 2 and nothing sent', async () => {
  fresh();
  const cancel = await run('api', 'POST', '/spot/v4/cancel_all', '-f', 'symbol=BTC_USDT');
  assert.equal(cancel.code, 2, cancel.stderr);
  assert.match(cancel.stderr, /Cancel every open order on BTC_USDT/);
  const withdraw = await run('api', 'POST', '/account/v1/withdraw/apply', '-f', 'currency=USDT', '-f', 'amount=5', '-f', 'address=x');
  assert.equal(withdraw.code, 2, withdraw.stderr);
  assert.match(withdraw.stderr, /Withdraw 5 USDT to x/);
  assert.equal(v.proxy().seen.length, 0, 'nothing was sent');
});

test('a v4 batch whose answer is lost: each line gets a client order id, sent once, and proven placed by the v4 query', async () => {
  fresh();
  const bid = await restingBid();
  const lines = JSON.stringify([{ side: 'buy', type: 'limit', size: '0.01', price: bid }, { side: 'buy', type: 'limit', size: '0.01', price: bid }]);
  stall({ method: 'POST', path: '/spot/v4/batch_orders', fault: { kind: 'lose' } });
  const r = await run('api', 'POST', '/spot/v4/batch_orders', '-f', 'symbol=BTC_USDT', '-F', `orderParams=${lines}`, '--yes');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(v.proxy().count('POST', '/spot/v4/batch_orders'), 1, 'sent once, never re-sent');
  const sent = JSON.parse(v.proxy().seen.find((s) => s.path === '/spot/v4/batch_orders')!.body) as { orderParams: Array<{ clientOrderId: string }> };
  const cids = sent.orderParams.map((l) => l.clientOrderId);
  assert.equal(cids.length, 2);
  assert.ok(cids.every((c) => /^bm[0-9a-z]+$/.test(c)), cids.join());
  assert.equal(v.proxy().count('POST', '/spot/v4/query/client-order'), 2, 'each line looked up on the v4 query');
  assert.match(r.stderr, /every line looked up/);
  for (const c of cids) assert.equal(await statusOf(c), '4');
});

test('a withdrawal whose answer is lost: sent once, outcome unknown (exit 11): no read proves it', async () => {
  fresh();
  stall({ method: 'POST', path: '/account/v1/withdraw/apply', fault: { kind: 'lose' } });
  const r = await run('api', 'POST', '/account/v1/withdraw/apply', '-f', 'currency=USDT', '-f', 'amount=5', '-f', 'address=x', '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.equal(v.proxy().count('POST', '/account/v1/withdraw/apply'), 1, 'sent once');
});
