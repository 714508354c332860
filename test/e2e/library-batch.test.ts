/**
 * `client.order.batch` against the real sandbox behind the fault proxy: the command line's batch code
 * (checks before anything is sent, 10 orders per request, each its own client order id, a request that
 * proved nothing settled by looking its orders up, never re-sent), with outcomes per order.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BmError, Client } from '../../src/lib/index.js';
import { envelope } from '../helpers/fault-proxy.js';
import { useLibraryVenue } from '../helpers/library-venue.js';
import { isolatedEnv } from '../helpers/bm.js';

const venue = useLibraryVenue(23, { USDT: '100000', BTC: '1' });
const env = isolatedEnv();
const BATCH = '/spot/v2/batch_orders';

type Api = Omit<Client, 'legacy'> & Record<string, any>;
function client(): Api {
  return new Client({ baseUrl: venue.proxy.url, credentials: venue.credentials, env, timeoutMs: 30_000 }) as Api;
}

/** `n` resting buys far below the market, each a cent apart. */
async function orders(c: Api, n: number): Promise<Array<Record<string, string>>> {
  const last = (await c.ticker({ symbol: 'BTC_USDT' })).tickers[0].last_price as string;
  const base = BigInt(last.split('.')[0]!) / 2n;
  return Array.from({ length: n }, (_, i) => ({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001', price: `${base - BigInt(i)}.25` }));
}

test('12 orders: two requests, each order placed with its own client order id and order id', async () => {
  const c = client();
  const list = await orders(c, 12);
  const before = venue.proxy.count('POST', BATCH);
  const r = await c.order.batch(list);
  assert.equal(venue.proxy.count('POST', BATCH) - before, 2, 'ten per request');
  assert.deepEqual([r.placed, r.failed, r.unknown], [12, 0, 0]);
  assert.deepEqual(r.orders.map((o: { index: number }) => o.index), Array.from({ length: 12 }, (_, i) => i + 1));
  assert.equal(new Set(r.orders.map((o: { clientOrderId: string }) => o.clientOrderId)).size, 12, 'a client order id each');
  assert.ok(r.orders.every((o: { orderId?: string }) => BigInt(o.orderId ?? '0') > 2n ** 53n), 'order ids exact beyond 2^53');
  await c.order.cancelAll({ symbol: 'BTC_USDT' });
});

test('a request whose answer is lost is settled by looking each order up by client order id, never re-sent', async () => {
  const c = client();
  const list = (await orders(c, 3)).map((o, i) => ({ ...o, client_order_id: `libbatchlost${i}` }));
  const remove = venue.proxy.add({ method: 'POST', path: BATCH, fault: { kind: 'cut' } });
  const before = venue.proxy.count('POST', BATCH);
  const r = await c.order.batch(list);
  remove();
  assert.equal(venue.proxy.count('POST', BATCH) - before, 1, 'sent once');
  assert.deepEqual(r.orders.map((o: { result: string; clientOrderId: string }) => [o.result, o.clientOrderId]), [0, 1, 2].map((i) => ['placed', `libbatchlost${i}`]));
  assert.ok(r.orders.every((o: { message: string }) => /found by client order id/.test(o.message)));
  await c.order.cancelAll({ symbol: 'BTC_USDT' });
});

test('a lost answer whose lookups fail leaves the orders unknown: reported as such, not re-sent', async () => {
  const c = client();
  const list = await orders(c, 2);
  const removes = [
    venue.proxy.add({ method: 'POST', path: BATCH, fault: { kind: 'cut' } }),
    venue.proxy.add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'reply', answer: envelope(400, 50000, 'Bad Request') } }),
  ];
  const before = venue.proxy.count('POST', BATCH);
  const r = await c.order.batch(list);
  for (const x of removes) x();
  assert.equal(venue.proxy.count('POST', BATCH) - before, 1, 'sent once');
  assert.deepEqual([r.placed, r.failed, r.unknown], [0, 0, 2]);
  assert.ok(r.orders.every((o: { message: string }) => /outcome unknown/.test(o.message)));
  await c.order.cancelAll({ symbol: 'BTC_USDT' });
});

test('every order is checked against its pair\'s rules before any is sent; a dry run sends nothing', async () => {
  const c = client();
  const list = await orders(c, 3);
  const before = venue.proxy.count('POST', BATCH);
  const bad = [list[0], { ...list[1], price: `${list[1]!.price}5` }, list[2]];
  const err = await c.order.batch(bad).then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof BmError, String(err));
  assert.equal(err.exitCode, 2);
  assert.match(err.message, /^order\.batch: 1 of 3 orders refused; nothing was sent\n {2}order 2: price: at most 2 decimal places/);
  const money = await c.order.batch([{ ...list[0], size: 0.001 }]).then(() => undefined, (e: unknown) => e);
  assert.ok(money instanceof BmError && money.exitCode === 2, String(money));
  assert.match((money as Error).message, /size: give a decimal as a string/);
  const dry = await c.order.batch(list, { dryRun: true });
  assert.equal(dry.length, 1);
  assert.equal(JSON.parse(dry[0].body).order_params.length, 3);
  assert.equal(dry[0].headers['x-bm-sign'], '[redacted]');
  assert.equal(venue.proxy.count('POST', BATCH) - before, 0, 'nothing sent');
});

test('maxDeviation: the guard of bm order batch, every order too far through the market named at once, nothing sent; absent, no check', async () => {
  const c = client();
  const last = BigInt(((await c.ticker({ symbol: 'BTC_USDT' })).tickers[0].last_price as string).split('.')[0]!);
  const far = [
    { symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001', price: `${(last * 154n) / 100n}` },
    { symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001', price: `${last / 2n}` },
    { symbol: 'BTC_USDT', side: 'sell', type: 'limit', size: '0.001', price: `${last / 2n}` },
  ];
  const before = venue.proxy.count('POST', BATCH);
  const err = await c.order.batch(far, { maxDeviation: '10' }).then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof BmError && err.exitCode === 2, String(err));
  assert.match(err.message, /^order\.batch: 2 of 3 orders refused; nothing was sent\n {2}order 1: price: \d+ is 5[34](\.\d+)?% above the last price[^\n]*\n {2}order 3: price: \d+ is (49|50)(\.\d+)?% below/);
  const bad = await c.order.batch(far, { maxDeviation: 10 }).then(() => undefined, (e: unknown) => e);
  assert.match(String((bad as Error).message), /maxDeviation: give a percentage as text/);
  const dry = await c.order.batch(far, { dryRun: true });
  assert.equal(dry.length, 1, 'no maxDeviation: no check');
  assert.equal(venue.proxy.count('POST', BATCH) - before, 0, 'nothing sent');
});

test('a 418 stops the batch: the orders not sent are "not sent", and the client sends nothing more to the venue until the block ends', async () => {
  const c = client();
  const list = await orders(c, 20);
  let n = 0;
  const remove = venue.proxy.add({ method: 'POST', path: BATCH, when: () => ++n === 2, fault: { kind: 'reply', answer: envelope(418, 30017, 'temporarily rejected', {}, { 'retry-after': '30' }) } });
  const before = venue.proxy.count('POST', BATCH);
  const r = await c.order.batch(list);
  remove();
  assert.deepEqual([r.placed, r.failed, r.unknown, r.notSent], [10, 0, 0, 10]);
  assert.deepEqual(r.orders.map((o: { result: string }) => o.result), [...Array(10).fill('placed'), ...Array(10).fill('not sent')]);
  assert.match(r.orders[19].message, /HTTP 418|30017|failed/);
  assert.equal(venue.proxy.count('POST', BATCH) - before, 2, 'the first request and the blocked one');
  const seen = venue.proxy.seen.length;
  const next = await c.ticker({ symbol: 'BTC_USDT' }).then(() => undefined, (e: unknown) => e);
  assert.ok(next instanceof BmError && next.code === '30017', String(next));
  assert.match((next as Error).message, /not sent: the venue blocked this address \(HTTP 418\)/);
  assert.equal(venue.proxy.seen.length, seen, 'refused here: nothing reached the venue');
  await client().order.cancelAll({ symbol: 'BTC_USDT' });
});
