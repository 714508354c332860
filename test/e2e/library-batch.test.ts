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
  return new Client({ baseUrl: venue.proxy.url, credentials: venue.credentials, env, timeoutMs: 1500 }) as Api;
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
  const remove = venue.proxy.add({ method: 'POST', path: BATCH, fault: { kind: 'lose' } });
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
    venue.proxy.add({ method: 'POST', path: BATCH, fault: { kind: 'lose' } }),
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
