// The strict sandbox (`--strict`): raw HTTP requests a lenient server would have accepted. What the
// default mode lets pass as the venue did is in sandbox-modes.test.ts.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { call, newAccount, type Answer, type Creds } from '../helpers/signed.js';
import { useSandbox } from '../helpers/sandbox-server.js';

const h = useSandbox(5, { strict: true });
let acct: Creds;

function fails(r: Answer, code: number, status = 400): void {
  assert.equal(r.status, status, r.text);
  assert.equal(r.json.code, code, r.text);
}

const order = { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '1000', size: '0.01' };

describe('sandbox strictness (raw HTTP)', () => {
  before(async () => {
    acct = await newAccount(h.base(), { deposit: { USDT: '100000' } });
  });

  test('a signed POST with a body that is not JSON by its content type is 415/58001', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const r = await call(h.base(), 'POST', '/spot/v2/submit_order', { body: order, creds: acct, headers: { 'content-type': type } });
      fails(r, 58001, 415);
    }
    const charset = await call(h.base(), 'POST', '/spot/v2/submit_order', { body: order, creds: acct, headers: { 'content-type': 'application/json; charset=utf-8' } });
    assert.equal(charset.json.code, 1000, charset.text);
  });

  test('a number where the venue sends a decimal string is refused, naming the field', async () => {
    const r = await call(h.base(), 'POST', '/spot/v2/submit_order', { body: '{"symbol":"BTC_USDT","side":"buy","type":"limit","price":"1000","size":0.01}', creds: acct });
    fails(r, 50021);
    assert.match(r.json.message, /size/);
    const p = await call(h.base(), 'POST', '/spot/v2/submit_order', { body: '{"symbol":"BTC_USDT","side":"buy","type":"limit","price":1000,"size":"0.01"}', creds: acct });
    fails(p, 50021);
    assert.match(p.json.message, /price/);
    const inBatch = await call(h.base(), 'POST', '/spot/v2/batch_orders', { body: '{"order_params":[{"symbol":"BTC_USDT","side":"buy","type":"limit","price":"1000","size":0.01}]}', creds: acct });
    assert.equal(inBatch.json.data.responses[0].code, 50021, inBatch.text);
  });

  test('a key in the wrong case is refused, not ignored (body and query)', async () => {
    const r = await call(h.base(), 'POST', '/spot/v2/submit_order', { body: { ...order, clientOrderID: 'abc' }, creds: acct });
    assert.equal(r.json.code, 1000, 'a key the endpoint does not know in any case is ignored');
    const cased = await call(h.base(), 'POST', '/spot/v2/submit_order', { body: { ...order, Price: '1000' }, creds: acct });
    fails(cased, 50021);
    assert.match(cased.json.message, /Price/);
    fails(await call(h.base(), 'GET', '/spot/v1/ticker', { query: 'SYMBOL=BTC_USDT' }), 50021);
  });

  test('malformed JSON is 50000 Bad Request (spot family), 60000 on funding paths', async () => {
    fails(await call(h.base(), 'POST', '/spot/v2/submit_order', { body: '{"symbol":', creds: acct }), 50000);
    fails(await call(h.base(), 'POST', '/spot/v2/submit_order', { body: '[1,2]', creds: acct }), 50000);
  });

  test('funding paths answer the 600xx family: missing parameter 60000, wrong method 405/60030', async () => {
    const missing = await call(h.base(), 'GET', '/account/v1/deposit-withdraw/history', { query: 'offset=1&limit=10', creds: acct, auth: 'KEYED' });
    fails(missing, 60000);
    fails(await call(h.base(), 'DELETE', '/account/v1/currencies'), 60030, 405);
    fails(await call(h.base(), 'GET', '/account/v1/deposit-withdraw/detail', { query: 'id=nope', creds: acct, auth: 'KEYED' }), 60010);
  });

  test('a known path with the wrong method is 405/57001 on spot paths', async () => {
    fails(await call(h.base(), 'PUT', '/spot/v2/submit_order', { body: order }), 57001, 405);
  });
});

describe('the list of all tickers is cached 5 minutes (spec 4.2); one pair is real-time', () => {
  test('over HTTP: the list keeps its time stamp while one pair moves on', async () => {
    const first = (await call(h.base(), 'GET', '/spot/v1/ticker')).json.data.tickers;
    // One pair is answered afresh: ask until its time stamp has moved past the list's.
    let one = first[0];
    while (one.ms_t <= first[0].ms_t) one = (await call(h.base(), 'GET', '/spot/v1/ticker', { query: 'symbol=BTC_USDT' })).json.data.tickers[0];
    const again = (await call(h.base(), 'GET', '/spot/v1/ticker')).json.data.tickers;
    assert.deepEqual(again, first);
  });

  test('the cache expires after 5 minutes of the exchange clock', async () => {
    const { MARKET_ROUTES, ALL_TICKERS_CACHE_MS } = await import('../../src/sandbox/http/routes-market.js');
    let n = 0;
    const ex = { symbols: () => ['BTC_USDT'], ticker: () => ({ n: ++n }) };
    const at = (now: number) => (MARKET_ROUTES['spot.ticker']!({ ex, now, q: {} } as never) as { tickers: Array<{ n: number }> }).tickers[0]!.n;
    assert.equal(at(0), 1);
    assert.equal(at(ALL_TICKERS_CACHE_MS - 1), 1);
    assert.equal(at(ALL_TICKERS_CACHE_MS), 2);
  });
});
