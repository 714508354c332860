import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { call, newAccount, type Answer, type Creds } from '../helpers/signed.js';
import { useSandbox } from '../helpers/sandbox-server.js';
import { RawNumber } from '../../src/util/json.js';

const h = useSandbox(21, { strict: true });
let acct: Creds;
const TWO53 = 2n ** 53n;

const post = (path: string, body: object | string, creds: Creds = acct) => call(h.base(), 'POST', path, { body, creds });
const get = (path: string, query: string, creds: Creds = acct, auth: 'KEYED' | 'SIGNED' = 'KEYED') => call(h.base(), 'GET', path, { query, creds, auth });

function ok(r: Answer) {
  assert.equal(r.json?.code, 1000, r.text);
  assert.equal(r.status, 200);
  return r.json.data;
}

function fails(r: Answer, code: number, status = 400) {
  assert.equal(r.json?.code, code, r.text);
  assert.equal(r.status, status, r.text);
}

/** An id written as a JSON number beyond 2^53 (kept exact by the lossless parser). */
function bigId(v: unknown): string {
  assert.ok(v instanceof RawNumber, `id ${String(v)} is not an exact big JSON number`);
  assert.ok(BigInt(v.raw) > TWO53);
  return v.raw;
}

function limit(price: string, size = '0.01', extra: object = {}) {
  return { symbol: 'BTC_USDT', side: 'buy', type: 'limit', size, price, ...extra };
}

async function wallet(creds: Creds = acct): Promise<Record<string, { available: string; frozen: string }>> {
  const w = ok(await get('/spot/v1/wallet', '', creds)).wallet;
  return Object.fromEntries(w.map((e: { id: string; available: string; frozen: string }) => [e.id, e]));
}

describe('sandbox REST: spot trading', () => {
  before(async () => {
    acct = await newAccount(h.base(), { deposit: { USDT: '100000', BTC: '2' } });
  });

  test('the admin route creates accounts with the requested deposit and permission', async () => {
    assert.match(acct.key, /^[0-9a-f]{32}$/);
    assert.match(acct.secret, /^[0-9a-f]{64}$/);
    assert.ok(acct.memo.length > 0);
    const w = await wallet();
    assert.deepEqual(w.USDT, { id: 'USDT', name: 'Tether USD', available: '100000', frozen: '0' });
    const defaults = await newAccount(h.base());
    assert.equal(defaults.permissions, 'trade');
    const dw = await wallet(defaults);
    assert.deepEqual([dw.USDT!.available, dw.BTC!.available, dw.ETH!.available], ['10000', '1', '10']);
    const one = ok(await get('/spot/v1/wallet', 'currency=ETH', defaults)).wallet;
    assert.deepEqual(one.map((e: { id: string }) => e.id), ['ETH']);
    fails(await call(h.base(), 'POST', '/sandbox/v1/accounts', { body: { permissions: 'admin' } }), 50021);
    fails(await call(h.base(), 'GET', '/sandbox/v1/accounts'), 57001, 405);
  });

  test('place, look up (by id and client id, keyed or signed), list and cancel a resting order', async () => {
    const r = await post('/spot/v2/submit_order', limit('30000', '0.5', { client_order_id: 'rest1' }));
    assert.match(r.text, /"order_id":[0-9]{18,}[,}]/);
    const id = bigId(ok(r).order_id);
    assert.equal((await wallet()).USDT!.frozen, '15000');
    for (const [q, auth] of [[`symbol=BTC_USDT&order_id=${id}`, 'KEYED'], [`symbol=BTC_USDT&clientOrderId=rest1`, 'SIGNED']] as const) {
      const o = ok(await get('/spot/v1/order_detail', q, acct, auth));
      assert.equal(bigId(o.order_id), id);
      assert.deepEqual([o.status, o.clientOrderId, o.price, o.size, o.filled_size, o.unfilled_volume, o.type, o.side], ['4', 'rest1', '30000', '0.5', '0', '0.5', 'limit', 'buy']);
    }
    fails(await get('/spot/v1/order_detail', 'symbol=BTC_USDT&order_id=1'), 50005);
    fails(await get('/spot/v1/order_detail', 'symbol=BTC_USDT'), 50039);
    const open = ok(await get('/spot/v2/orders', 'symbol=BTC_USDT&N=10&status=9'));
    assert.equal(open.current_page, 1);
    assert.ok(open.orders.some((o: { order_id: RawNumber }) => o.order_id.raw === id));
    assert.equal(ok(await get('/spot/v2/orders', 'symbol=BTC_USDT&N=10&status=4')).orders.length, open.orders.length);
    assert.ok(!ok(await get('/spot/v2/orders', 'symbol=BTC_USDT&N=10&status=10')).orders.some((o: { order_id: RawNumber }) => o.order_id.raw === id));
    fails(await get('/spot/v2/orders', 'symbol=BTC_USDT&N=10&status=7'), 50019);
    fails(await get('/spot/v2/orders', 'symbol=BTC_USDT&N=101&status=9'), 50021);

    assert.deepEqual(ok(await post('/spot/v3/cancel_order', { symbol: 'BTC_USDT', order_id: id })), { result: true });
    assert.equal((await wallet()).USDT!.frozen, '0');
    assert.deepEqual(ok(await post('/spot/v3/cancel_order', { symbol: 'BTC_USDT', order_id: id })), { result: false });
    assert.deepEqual(ok(await post('/spot/v2/cancel_order', { symbol: 'BTC_USDT', client_order_id: 'rest1' })), { result: false });
    fails(await post('/spot/v3/cancel_order', { symbol: 'BTC_USDT', order_id: '183347420821295423' }), 50032);
    fails(await post('/spot/v3/cancel_order', { symbol: 'BTC_USDT' }), 50039);
    assert.equal(ok(await get('/spot/v1/order_detail', `symbol=BTC_USDT&order_id=${id}`)).status, '8');
    // An order id sent as a bare JSON number beyond 2^53 is read exactly.
    const id2 = bigId(ok(await post('/spot/v2/submit_order', limit('30000'))).order_id);
    assert.deepEqual(ok(await post('/spot/v3/cancel_order', `{"symbol":"BTC_USDT","order_id":${id2}}`)), { result: true });
  });

  test('a crossing order fills against the market maker; fills are listed and paged', async () => {
    const [ticker] = ok(await call(h.base(), 'GET', '/spot/v1/ticker', { query: 'symbol=BTC_USDT' })).tickers;
    const id = bigId(ok(await post('/spot/v2/submit_order', limit(String(Math.ceil(Number(ticker.best_ask) * 1.01)), '0.001'))).order_id);
    const o = ok(await get('/spot/v1/order_detail', `symbol=BTC_USDT&order_id=${id}`));
    assert.equal(o.status, '6');
    assert.equal(o.filled_size, '0.001');
    assert.ok(Number(o.price_avg) <= Number(ticker.best_ask) * 1.01);
    assert.deepEqual(ok(await post('/spot/v3/cancel_order', { symbol: 'BTC_USDT', order_id: id })), { result: false }, 'already filled');
    const m = bigId(ok(await post('/spot/v2/submit_order', { symbol: 'BTC_USDT', side: 'buy', type: 'market', notional: '200' })).order_id);
    const fills = ok(await get('/spot/v1/trades', `symbol=BTC_USDT&order_id=${id}`)).trades;
    assert.ok(fills.length >= 1);
    const f = fills[0];
    bigId(f.detail_id);
    assert.equal(bigId(f.order_id), id);
    assert.deepEqual([f.side, f.exec_type, f.fee_coin_name], ['buy', 'T', 'BTC']);
    assert.equal(typeof f.fees, 'string');
    const all = ok(await get('/spot/v1/trades', 'symbol=BTC_USDT&limit=100'));
    assert.equal(all.current_page, 1);
    assert.ok(all.trades.some((t: { order_id: RawNumber }) => t.order_id.raw === m));
    const page2 = ok(await get('/spot/v1/trades', 'symbol=BTC_USDT&offset=2&limit=1')).trades;
    assert.equal(page2.length, 1);
    assert.equal(page2[0].detail_id.raw, all.trades[1].detail_id.raw);
    fails(await get('/spot/v1/trades', 'symbol=BTC_USDT&limit=0'), 50015);
    fails(await get('/spot/v1/trades', 'symbol=BTC_USDT&limit=101'), 50016);
    fails(await get('/spot/v1/trades', 'symbol=BTC_USDT&offset=0'), 50018);
  });

  test('order rules answer the spec codes', async () => {
    const cases: Array<[object, number]> = [
      [limit('60000', '0.000001'), 50006],
      [limit('60000', '1000000000'), 50007],
      [limit('0', '0.01'), 50008],
      [limit('99999999', '0.01'), 50025],
      [limit('100', '0.01'), 50009],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '60000' }, 50010],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01' }, 50011],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'market' }, 50012],
      [{ symbol: 'BTC_USDT', side: 'buy', type: 'market', size: '0.01' }, 50021],
      [limit('60000', '10'), 50020],
      [limit('60000', '0.01', { client_order_id: 'x'.repeat(33) }), 50037],
      [limit('60000', '0.01', { client_order_id: 'no_underscores' }), 50038],
      [{ ...limit('60000'), symbol: 'NOPE_USDT' }, 50001],
      [{ ...limit('60000'), side: 'long' }, 50021],
      [{ ...limit('60000'), type: 'fok' }, 50021],
    ];
    for (const [body, code] of cases) fails(await post('/spot/v2/submit_order', body), code);
    ok(await post('/spot/v2/submit_order', limit('1000', '0.01', { client_order_id: 'dup1' })));
    fails(await post('/spot/v2/submit_order', limit('1000', '0.01', { client_order_id: 'dup1' })), 50042);
    fails(await post('/spot/v2/submit_order', '{"symbol":'), 50000);
  });

  test('batch orders answer per order; more than 10 is refused; cancel_orders empties a side', async () => {
    const r = ok(await post('/spot/v2/batch_orders', { order_params: [limit('20000'), limit('20000', '0.000001'), { ...limit('200000'), side: 'sell' }] }));
    assert.equal(r.responses.length, 3);
    assert.equal(r.responses[0].code, 0);
    bigId(r.responses[0].data.order_id);
    assert.equal(r.responses[1].code, 50006);
    assert.equal(typeof r.responses[1].msg, 'string');
    fails(await post('/spot/v2/batch_orders', { order_params: Array.from({ length: 11 }, () => limit('20000')) }), 50033);
    fails(await post('/spot/v2/batch_orders', { order_params: [] }), 50033);
    assert.deepEqual(ok(await post('/spot/v1/cancel_orders', { symbol: 'BTC_USDT', side: 'buy' })), {});
    const open = ok(await get('/spot/v2/orders', 'symbol=BTC_USDT&N=100&status=9')).orders;
    assert.deepEqual(open.map((o: { side: string }) => o.side), ['sell']);
    ok(await post('/spot/v1/cancel_orders', { symbol: 'BTC_USDT' }));
    assert.equal(ok(await get('/spot/v2/orders', 'symbol=BTC_USDT&N=100&status=9')).orders.length, 0);
    const w = await wallet();
    assert.deepEqual([w.USDT!.frozen, w.BTC!.frozen], ['0', '0']);
  });

  test('authentication failures over HTTP', async () => {
    const body = limit('1000');
    const send = (headers: Record<string, string>, o: { creds?: Creds; auth?: 'KEYED' | 'SIGNED' | 'NONE' } = {}) =>
      call(h.base(), 'POST', '/spot/v2/submit_order', { body, headers, ...o });
    fails(await send({}), 30001, 401);
    fails(await send({ 'X-BM-KEY': 'f'.repeat(32), 'X-BM-TIMESTAMP': String(Date.now()), 'X-BM-SIGN': 'ab' }), 30002, 401);
    fails(await send({}, { creds: acct, auth: 'KEYED' }), 30004, 401);
    fails(await send({ 'X-BM-SIGN': '0'.repeat(64) }, { creds: acct }), 30005, 401);
    fails(await call(h.base(), 'POST', '/spot/v2/submit_order', { body, creds: { ...acct, memo: 'wrong' } }), 30005, 401);
    fails(await send({ 'X-BM-KEY': acct.key }), 30006, 401);
    fails(await call(h.base(), 'POST', '/spot/v2/submit_order', { body, creds: acct, timestamp: String(Date.now() - 120_000) }), 30007, 401);
    fails(await call(h.base(), 'POST', '/spot/v2/submit_order', { body, creds: acct, timestamp: '2026-11-22T08:00:00Z' }), 30008, 401);
    const ro = await newAccount(h.base(), { permissions: 'read-only' });
    fails(await post('/spot/v2/submit_order', body, ro), 30012, 403);
    ok(await get('/spot/v1/wallet', '', ro));
    // A GET signs the query string exactly as sent.
    ok(await call(h.base(), 'GET', '/spot/v1/test-get', { query: 'symbol=BTC_USDT', creds: acct }));
    fails(await call(h.base(), 'GET', '/spot/v1/test-get', { query: 'symbol=BTC_USDT', creds: acct, headers: { 'X-BM-SIGN': 'a'.repeat(64) } }), 30005, 401);
  });
});
