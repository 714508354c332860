import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { endpoint } from '../../../../src/api/catalogue/index.js';
import type { AccountRec } from '../../../../src/sandbox/accounts.js';
import { ExchangeError } from '../../../../src/sandbox/exchange-api.js';
import { authenticate, type AuthInput } from '../../../../src/sandbox/http/verify.js';

// The known-answer vectors of spec/facts.md section 3.
const SECRET = '6c6c98544461bbe71db2bca4c6d7fd0021e0ba9efc215f9c6ad41852df9d9df9';
const TS = '1589267764859';
const NOW = Number(TS) + 1500;
const QUERY = 'contract_id=1&category=1';
const QUERY_SIGN = '6d5e774446448073f68e99c28ace86503451bed1fd44e43f80b9b518937c4ef1';
const BODY = '{"symbol":"BTC_USDT","side":"buy","type":"limit","size":"10","price":"7000"}';
const BODY_SIGN = 'e2883bc8d62721335ef0642aec7aded43533ca53d9cebb876273731556e2e37f';

const account = (permissions: AccountRec['permissions']): AccountRec => ({
  id: '1', key: 'k'.repeat(32), secret: SECRET, memo: 'test001', permissions, created: 0,
});

function codeOf(ep: string, input: Partial<AuthInput>, permissions: AccountRec['permissions'] = 'trade'): number {
  const a = account(permissions);
  try {
    authenticate(endpoint(ep), { key: a.key, timestamp: TS, payload: '', ...input }, (k) => (k === a.key ? a : undefined), NOW);
    return 1000;
  } catch (err) {
    if (err instanceof ExchangeError) return err.code;
    throw err;
  }
}

describe('sandbox authentication', () => {
  test('accepts the vector signatures of a query string and of a body', () => {
    assert.equal(codeOf('test.get', { payload: QUERY, sign: QUERY_SIGN }), 1000);
    assert.equal(codeOf('spot.order.submit', { payload: BODY, sign: BODY_SIGN }), 1000);
  });

  test('each header problem has its code', () => {
    assert.equal(codeOf('test.get', { key: '', payload: QUERY, sign: QUERY_SIGN }), 30001);
    assert.equal(codeOf('test.get', { key: 'x'.repeat(32), payload: QUERY, sign: QUERY_SIGN }), 30002);
    assert.equal(codeOf('test.get', { payload: QUERY }), 30004);
    assert.equal(codeOf('test.get', { payload: `${QUERY}&x=1`, sign: QUERY_SIGN }), 30005);
    assert.equal(codeOf('test.get', { payload: QUERY, sign: QUERY_SIGN.toUpperCase() }), 30005);
    assert.equal(codeOf('test.get', { timestamp: '', payload: QUERY, sign: QUERY_SIGN }), 30006);
    assert.equal(codeOf('test.get', { timestamp: '1589267764', payload: QUERY, sign: QUERY_SIGN }), 30008);
    assert.equal(codeOf('test.get', { timestamp: 'abc', payload: QUERY, sign: QUERY_SIGN }), 30008);
    assert.equal(codeOf('test.get', { timestamp: String(NOW - 61_000), payload: QUERY }), 30007);
  });

  test('a read-only key may read and sign, but not trade', () => {
    assert.equal(codeOf('spot.wallet', {}, 'read-only'), 1000);
    assert.equal(codeOf('test.get', { payload: QUERY, sign: QUERY_SIGN }, 'read-only'), 1000);
    assert.equal(codeOf('spot.order.submit', { payload: BODY, sign: BODY_SIGN }, 'read-only'), 30012);
    assert.equal(codeOf('spot.order.submit', { payload: BODY, sign: BODY_SIGN }, 'withdraw'), 1000);
  });

  test('a keyed endpoint takes no signature, but checks one when sent', () => {
    assert.equal(codeOf('spot.order.detail', {}), 1000);
    assert.equal(codeOf('spot.order.detail', { payload: QUERY, sign: QUERY_SIGN }), 1000);
    assert.equal(codeOf('spot.order.detail', { payload: QUERY, sign: BODY_SIGN }), 30005);
    assert.equal(codeOf('spot.ticker', { key: '', timestamp: '' }), 1000);
  });
});
