import assert from 'node:assert/strict';
import { test } from 'node:test';
import { legacyClientSecret, legacySignature, signRequest, signWsLogin } from '../../../src/util/signing.js';

// Known-answer vectors from spec/facts.md section 3.
const SECRET = '6c6c98544461bbe71db2bca4c6d7fd0021e0ba9efc215f9c6ad41852df9d9df9';
const TS = '1589267764859';
const MEMO = 'test001';

test('WebSocket login vector', () => {
  assert.equal(signWsLogin(SECRET, TS, MEMO, 'bitmart'), '3ceeb7e1b8cb165a975e28a2e2dfaca4d30b358873c0351c1a071d8c83314556');
});

test('query-string vector', () => {
  assert.equal(signRequest(SECRET, TS, MEMO, 'contract_id=1&category=1'), '6d5e774446448073f68e99c28ace86503451bed1fd44e43f80b9b518937c4ef1');
});

test('JSON body vector', () => {
  const body = '{"symbol":"BTC_USDT","side":"buy","type":"limit","size":"10","price":"7000"}';
  assert.equal(signRequest(SECRET, TS, MEMO, body), 'e2883bc8d62721335ef0642aec7aded43533ca53d9cebb876273731556e2e37f');
});

test('empty body vector signs {}', () => {
  assert.equal(signRequest(SECRET, TS, MEMO, '{}'), '7d50d0b1f07224bf3660035ee6cca1301bc447e4a293f5bb6659c7cd166d63a5');
});

test('legacy vectors', () => {
  const key = '6591f7c2491db0a23a1d8ad6911c825e';
  const secret = '8c08d9d5c3d15b105dbddaf96e427ac6';
  assert.equal(legacyClientSecret(key, secret, 'mymemo'), '18b9beb027d9ee75202655f37344ea5829c5c0d66a0781bf642bb3e944cf5019');
  assert.equal(
    legacySignature(secret, [['amount', '1'], ['price', '1'], ['side', 'buy'], ['symbol', 'BMX_ETH']]),
    '2302088e474141fc7b498d0fa96c9cc2eda39a5a24fd1495d469d0a72e5fd483',
  );
  assert.equal(legacySignature(secret, [['entrust_id', '1223181']]), 'de4ed768cea4eb2f0fe081009eab1f41c5fd6ff6ed53768df7fe252472c257b3');
});
