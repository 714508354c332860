// Orders the venue may end at once (limit_maker, ioc), from `order place` and from `bm api`: placed is said
// only with the state read after it, against the real sandbox (in this process) behind a fault v.proxy().
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detailRewritten, useWriteVenue } from '../helpers/write-venue.js';
import { parseJson, scalarText } from '../../src/util/json.js';

const v = useWriteVenue();
const { run, direct, fresh, last, restingBid, statusOf } = v;

test('a limit_maker that would cross and an ioc that fills nothing: placed, then cancelled by the venue, exit 6, one state read each', async () => {
  const through = String((BigInt((await last()).split('.')[0]!) * 105n) / 100n);
  fresh();
  const maker = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit_maker', '--size', '0.01', '--price', through, '--client-order-id', 'makerCross1', '--yes', '--json');
  assert.equal(maker.code, 6, maker.stderr);
  assert.equal(maker.stdout, '');
  assert.match(maker.stderr, /error: order place: order \d+ \(client order id makerCross1\) was placed, then cancelled by the venue: limit_maker would have taken liquidity\n/);
  assert.match(maker.stderr, /hint: see it with: bm order get BTC_USDT --order-id \d+/);
  assert.deepEqual([v.proxy().count('POST', '/spot/v2/submit_order'), v.proxy().count('GET', '/spot/v1/order_detail')], [1, 1]);
  assert.equal(await statusOf('makerCross1'), '8');

  fresh();
  const ioc = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'ioc', '--size', '0.01', '--price', await restingBid(), '--client-order-id', 'iocNone1', '--yes');
  assert.equal(ioc.code, 6, ioc.stderr);
  assert.match(ioc.stderr, /was placed, then cancelled by the venue: ioc found nothing to fill/);
  assert.doesNotMatch(ioc.stderr, /^bm: order \d+ placed/m);
  assert.deepEqual([v.proxy().count('POST', '/spot/v2/submit_order'), v.proxy().count('GET', '/spot/v1/order_detail')], [1, 1]);

  fresh();
  const resting = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit_maker', '--size', '0.01', '--price', await restingBid(), '--yes');
  assert.equal(resting.code, 0, resting.stderr);
  assert.match(resting.stderr, /bm: order \d+ placed \(client order id bm[0-9a-z]+\)/);
  const plain = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', through, '--yes');
  assert.equal(plain.code, 0, plain.stderr);
  assert.equal(v.proxy().count('GET', '/spot/v1/order_detail'), 1, 'a limit_maker that rests is read once; a plain limit order is not read at all');
});

test('bm api POST /spot/v2/submit_order of a limit_maker that would cross and an ioc that fills nothing: as order place, exit 6 from one state read', async () => {
  const through = String((BigInt((await last()).split('.')[0]!) * 105n) / 100n);
  const order = (type: string, price: string, cid: string) => ['api', 'POST', '/spot/v2/submit_order', '-f', 'symbol=BTC_USDT', '-f', 'side=buy', '-f', `type=${type}`, '-f', 'size=0.01', '-f', `price=${price}`, '-f', `client_order_id=${cid}`, '--yes'];
  fresh();
  const maker = await run(...order('limit_maker', through, 'apiMakerX1'));
  assert.equal(maker.code, 6, maker.stderr);
  assert.equal(maker.stdout, '');
  assert.match(maker.stderr, /error: api POST \/spot\/v2\/submit_order: order \d+ \(client order id apiMakerX1\) was placed, then cancelled by the venue: limit_maker would have taken liquidity\n/);
  assert.match(maker.stderr, /hint: see it with: bm order get BTC_USDT --order-id \d+/);
  assert.deepEqual([v.proxy().count('POST', '/spot/v2/submit_order'), v.proxy().count('GET', '/spot/v1/order_detail')], [1, 1]);
  assert.equal(await statusOf('apiMakerX1'), '8');

  fresh();
  const ioc = await run(...order('ioc', await restingBid(), 'apiIocNone1'));
  assert.equal(ioc.code, 6, ioc.stderr);
  assert.match(ioc.stderr, /api POST \/spot\/v2\/submit_order: order \d+ \(client order id apiIocNone1\) was placed, then cancelled by the venue: ioc found nothing to fill/);
  assert.deepEqual([v.proxy().count('POST', '/spot/v2/submit_order'), v.proxy().count('GET', '/spot/v1/order_detail')], [1, 1]);

  fresh();
  const resting = await run(...order('limit_maker', await restingBid(), 'apiMakerRest1'));
  assert.equal(resting.code, 0, resting.stderr);
  assert.match(resting.stderr, /bm: api POST \/spot\/v2\/submit_order: placed\n/);
  assert.match(resting.stdout, /"order_id"/, 'the venue\'s answer printed as bm api prints it');
  const plain = await run(...order('limit', await restingBid(), 'apiPlain1'));
  assert.equal(plain.code, 0, plain.stderr);
  assert.equal(v.proxy().count('GET', '/spot/v1/order_detail'), 1, 'a limit_maker that rests is read once; a plain limit order is not read at all');
});

test('an ioc partly filled is a success that says what filled; the rest cancelled by the venue', async () => {
  // Half a percent above the best ask: some of the book fills, never all of 10 BTC (the sandbox's depth is far thinner there).
  const t = parseJson((await direct('ticker', 'BTC_USDT', '--json')).stdout) as { tickers: Array<{ best_ask: string }> };
  const price = String((BigInt(t.tickers[0]!.best_ask.split('.')[0]!) * 1005n) / 1000n);
  fresh();
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'ioc', '--size', '10', '--price', price, '--client-order-id', 'iocPart1', '--yes', '--json');
  assert.equal(r.code, 0, r.stderr);
  const m = /bm: order \d+ placed; ([0-9.]+) of 10 filled, the rest cancelled by the venue \(client order id iocPart1\)/.exec(r.stderr);
  assert.ok(m, r.stderr);
  const row = parseJson(r.stdout) as { status: unknown; filled_size: unknown; client_order_id: string };
  assert.equal(scalarText(row.status), '8');
  assert.equal(scalarText(row.filled_size), m[1]);
  assert.equal(row.client_order_id, 'iocPart1');
});

test('the state read after a limit_maker answers another order: placed, whether it stood unknown, exit 11 with the check', async () => {
  const through = String((BigInt((await last()).split('.')[0]!) * 105n) / 100n);
  fresh();
  v.proxy().add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'rewrite', fn: detailRewritten({ clientOrderId: 'abc123' }) } });
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit_maker', '--size', '0.01', '--price', through, '--client-order-id', 'makerForeign1', '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /order place: outcome unknown: order \d+ \(client order id makerForeign1\) was placed; whether the venue let the limit_maker order stand is not known; the lookup answered with another order \(clientOrderId 'abc123', not 'makerForeign1'\)/);
  assert.match(r.stderr, /hint: check with: bm order get BTC_USDT --order-id \d+ \(do not send it again before you know\)/);
  assert.equal(v.proxy().count('POST', '/spot/v2/submit_order'), 1, 'sent once');
});

test('an ioc the venue cancelled without showing how much filled: neither refused nor filled is claimed, exit 11, check its fills', async () => {
  fresh();
  v.proxy().add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'rewrite', fn: (a) => ({ ...a, body: a.body.replace(/"filled_size":"[^"]*",?/, '') }) } });
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'ioc', '--size', '0.01', '--price', await restingBid(), '--client-order-id', 'iocHidden1', '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /error: order place: outcome unknown: order (\d+) \(client order id iocHidden1\) was placed, then cancelled by the venue; how much of it filled is not shown\nhint: check with: bm order fills BTC_USDT --order-id \1\n/);
});
