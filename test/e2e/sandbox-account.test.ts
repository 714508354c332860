import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { call, newAccount, type Answer, type Creds } from '../helpers/signed.js';
import { useSandbox } from '../helpers/sandbox-server.js';
import { RawNumber } from '../../src/util/json.js';

const h = useSandbox(31);
let acct: Creds;
const get = (path: string, query = '', auth: 'KEYED' | 'SIGNED' = 'KEYED') => call(h.base(), 'GET', path, { query, creds: acct, auth });

function ok(r: Answer) {
  assert.equal(r.json?.code, 1000, r.text);
  return r.json.data;
}

function fails(r: Answer, code: number, status = 400) {
  assert.equal(r.json?.code, code, r.text);
  assert.equal(r.status, status, r.text);
}

describe('sandbox REST: funding, contract, broker, signing tests', () => {
  before(async () => {
    acct = await newAccount(h.base());
  });

  test('funding currencies use the field currency', async () => {
    const cur = ok(await call(h.base(), 'GET', '/account/v1/currencies')).currencies;
    assert.ok(cur.length >= 3);
    assert.deepEqual(Object.keys(cur[0]).sort(), ['currency', 'deposit_enabled', 'name', 'withdraw_enabled']);
  });

  test('deposit and withdraw history: both spellings, pages, only the last 100', async () => {
    const d1 = ok(await get('/account/v1/deposit-withdraw/history', 'operation_type=deposit&offset=1&limit=50')).records;
    assert.equal(d1.length, 50);
    const alias = ok(await get('/account/v1/deposit-withdraw/history', 'operationType=deposit&offset=1&limit=50')).records;
    assert.deepEqual(alias, d1);
    for (const r of d1) {
      assert.equal(r.operation_type, 'deposit');
      assert.equal(r.withdraw_id, '');
      assert.match(r.deposit_id, /^[0-9]+$/);
      assert.ok([0, 1, 2, 3, 4, 5].includes(r.status));
    }
    for (let i = 1; i < d1.length; i++) assert.ok(d1[i].apply_time <= d1[i - 1].apply_time);
    const d2 = ok(await get('/account/v1/deposit-withdraw/history', 'operation_type=deposit&offset=2&limit=50')).records;
    assert.equal(d2.length, 50);
    assert.ok(!d2.some((r: { deposit_id: string }) => d1.some((x: { deposit_id: string }) => x.deposit_id === r.deposit_id)));
    assert.deepEqual(ok(await get('/account/v1/deposit-withdraw/history', 'operation_type=deposit&offset=3&limit=50')).records, []);
    const w = ok(await get('/account/v1/deposit-withdraw/history', 'operation_type=withdraw&offset=1&limit=50&currency=USDT')).records;
    assert.ok(w.length > 0 && w.every((r: { operation_type: string; currency: string }) => r.operation_type === 'withdraw' && r.currency === 'USDT'));
    fails(await get('/account/v1/deposit-withdraw/history', 'operation_type=deposit&offset=1&limit=51'), 60000);
    fails(await get('/account/v1/deposit-withdraw/history', 'operation_type=deposit&offset=0&limit=5'), 60000);
    fails(await get('/account/v1/deposit-withdraw/history', 'operation_type=deposit&offset=1'), 60000);
    fails(await get('/account/v1/deposit-withdraw/history', 'operation_type=deposit&limit=5'), 60000);
    fails(await get('/account/v1/deposit-withdraw/history', 'operation_type=refund&offset=1&limit=5'), 60000);

    const one = ok(await get('/account/v1/deposit-withdraw/detail', `id=${d2[3].deposit_id}`)).record;
    assert.deepEqual(one, d2[3]);
    fails(await get('/account/v1/deposit-withdraw/detail', 'id=42'), 60010);
    const other = await newAccount(h.base());
    fails(await call(h.base(), 'GET', '/account/v1/deposit-withdraw/detail', { query: `id=${d1[0].deposit_id}`, creds: other, auth: 'KEYED' }), 60010);
  });

  test('contract accounts, liquidation records, contract order', async () => {
    const accounts = ok(await get('/contract/v1/ifcontract/accounts')).accounts;
    assert.ok(accounts.length >= 1);
    assert.equal(typeof accounts[0].account_id, 'number');
    assert.ok(!Number.isNaN(Date.parse(accounts[0].created_at)));
    const usdt = ok(await get('/contract/v1/ifcontract/accounts', 'coinCode=USDT')).accounts;
    assert.deepEqual(usdt.map((a: { coin_code: string }) => a.coin_code), ['USDT']);
    const all = ok(await get('/contract/v1/ifcontract/userLiqRecords')).records;
    assert.ok(all.length >= 2);
    const by = ok(await get('/contract/v1/ifcontract/userLiqRecords', 'contractID=2')).records;
    assert.ok(by.length >= 1 && by.length < all.length && by.every((r: { contract_id: number }) => r.contract_id === 2));
    assert.ok(all[0].order_id instanceof RawNumber);
    const body = { contract_id: 1, category: 1, way: 1, open_type: 1, leverage: 10, price: '60000', vol: 1, nonce: Math.floor(Date.now() / 1000) };
    const order = ok(await call(h.base(), 'POST', '/contract/v1/ifcontract/submitOrder', { body, creds: acct }));
    assert.ok(order.order_id instanceof RawNumber);
    fails(await call(h.base(), 'POST', '/contract/v1/ifcontract/submitOrder', { body: { ...body, leverage: 500 }, creds: acct }), 50021);
  });

  test('broker rebates: seconds or milliseconds, at most 180 days back', async () => {
    const now = Date.now();
    const ms = ok(await get('/spot/v1/broker/rebate', `start_time=${now - 10 * 86_400_000}&end_time=${now}`)).rebates;
    const sec = ok(await get('/spot/v1/broker/rebate', `start_time=${Math.floor((now - 10 * 86_400_000) / 1000)}&end_time=${Math.floor(now / 1000)}`)).rebates;
    assert.deepEqual(sec, ms);
    const days = Object.keys(ms);
    assert.ok(days.length >= 1 && days.length <= 11);
    for (const d of days) {
      assert.match(d, /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/);
      for (const e of ms[d]) assert.equal(typeof e.rebate_amount, 'string');
    }
    h.skip(1100); // 1 request per second: the window passes on the sandbox's clock
    fails(await get('/spot/v1/broker/rebate', `start_time=${now - 200 * 86_400_000}`), 50041);
  });

  test('signing test endpoints answer an empty object', async () => {
    assert.deepEqual(ok(await get('/spot/v1/test-get', 'symbol=BTC_USDT', 'SIGNED')), {});
    assert.deepEqual(ok(await call(h.base(), 'POST', '/spot/v1/test-post', { body: { symbol: 'BTC_USDT', price: '1', count: '1' }, creds: acct })), {});
    assert.deepEqual(ok(await call(h.base(), 'POST', '/spot/v1/test-post', { body: '{}', creds: acct })), {});
    fails(await get('/spot/v1/test-get', 'symbol=BTC_USDT', 'KEYED'), 30004, 401);
  });

  test('endpoints named only by the spec (4.8): auth and limits apply, then 30000', async () => {
    fails(await call(h.base(), 'GET', '/contract/public/depth'), 30000, 404);
    fails(await call(h.base(), 'GET', '/spot/v1/margin/isolated/pairs'), 30001, 401);
    fails(await get('/spot/v1/margin/isolated/pairs'), 30000, 404);
  });
});
