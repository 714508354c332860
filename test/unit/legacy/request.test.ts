import assert from 'node:assert/strict';
import { test } from 'node:test';
import { legacyEndpoint } from '../../../src/legacy/catalogue.js';
import { buildLegacyRequest, buildTokenRequest, redactLegacy } from '../../../src/legacy/request.js';
import { legacyValues } from '../../../src/core/legacy-validate.js';

// Legacy vectors of spec/facts.md section 3.
const KEY = '6591f7c2491db0a23a1d8ad6911c825e';
const SECRET = '8c08d9d5c3d15b105dbddaf96e427ac6';
const MEMO = 'mymemo';
const AUTH = { token: 'tok', secret: SECRET, timestamp: '1589267764859' };
const BASE = 'https://legacy.example';

test('token request: form fields in order, client secret of the vector', () => {
  const r = buildTokenRequest(BASE, KEY, SECRET, MEMO);
  assert.equal(r.method, 'POST');
  assert.equal(r.url, `${BASE}/v2/authentication`);
  assert.equal(r.headers['content-type'], 'application/x-www-form-urlencoded');
  assert.equal(r.body, `grant_type=client_credentials&client_id=${KEY}&client_secret=18b9beb027d9ee75202655f37344ea5829c5c0d66a0781bf642bb3e944cf5019`);
  assert.equal(redactLegacy(r).body, 'grant_type=client_credentials&client_id=[redacted]&client_secret=[redacted]');
});

test('placing: what the user types becomes the signed vector string, and the body has the same order', () => {
  const ep = legacyEndpoint('legacy.order.place');
  const values = legacyValues(ep, { symbol: 'bmx_eth', side: 'BUY', amount: '1', price: '1' });
  const r = buildLegacyRequest(BASE, ep, values, AUTH);
  assert.equal(r.signedText, 'amount=1&price=1&side=buy&symbol=BMX_ETH');
  assert.equal(r.headers['x-bm-signature'], '2302088e474141fc7b498d0fa96c9cc2eda39a5a24fd1495d469d0a72e5fd483');
  assert.equal(r.body, '{"amount":"1","price":"1","side":"buy","symbol":"BMX_ETH"}');
  assert.equal(r.url, `${BASE}/v2/orders`);
  assert.equal(r.headers['x-bm-authorization'], 'Bearer tok');
  assert.equal(r.headers['x-bm-timestamp'], '1589267764859');
  assert.equal(r.headers['content-type'], 'application/json');
});

test('cancelling: entrust_id=<id> signed, id in the path, no body', () => {
  const ep = legacyEndpoint('legacy.order.cancel');
  const r = buildLegacyRequest(BASE, ep, legacyValues(ep, { entrust_id: '1223181' }), AUTH);
  assert.equal(r.method, 'DELETE');
  assert.equal(r.url, `${BASE}/v2/orders/1223181`);
  assert.equal(r.signedText, 'entrust_id=1223181');
  assert.equal(r.headers['x-bm-signature'], 'de4ed768cea4eb2f0fe081009eab1f41c5fd6ff6ed53768df7fe252472c257b3');
  assert.equal(r.body, undefined);
});

test('token-only endpoints carry no signature; public ones no token', () => {
  const list = legacyEndpoint('legacy.order.list');
  const r = buildLegacyRequest(BASE, list, legacyValues(list, { symbol: 'BTC_USDT', status: 'open', offset: '2', limit: '10' }), AUTH);
  assert.equal(r.url, `${BASE}/v2/orders?symbol=BTC_USDT&status=5&offset=2&limit=10`);
  assert.equal(r.headers['x-bm-signature'], undefined);
  assert.equal(r.headers['x-bm-authorization'], 'Bearer tok');
  const book = legacyEndpoint('legacy.book');
  const b = buildLegacyRequest(BASE, book, legacyValues(book, { symbol: 'BTC_USDT', precision: '1' }));
  assert.equal(b.url, `${BASE}/v2/symbols/BTC_USDT/orders?precision=1`);
  assert.equal(b.headers['x-bm-authorization'], undefined);
});

test('redaction hides token and signature', () => {
  const ep = legacyEndpoint('legacy.order.cancel');
  const r = redactLegacy(buildLegacyRequest(BASE, ep, { entrust_id: '1' }, AUTH));
  assert.equal(r.headers['x-bm-authorization'], '[redacted]');
  assert.equal(r.headers['x-bm-signature'], '[redacted]');
  assert.ok(!JSON.stringify(r).includes('tok"'));
});

test('kline: times to ms (ms kept exact), step words to minutes, defaults filled', () => {
  const ep = legacyEndpoint('legacy.kline');
  const now = Date.parse('2026-11-01T12:00:00Z');
  assert.deepEqual(legacyValues(ep, { symbol: 'btc_usdt', from: '2026-11-01T10:00Z', to: '1793534400123', step: '1h' }, now), {
    symbol: 'BTC_USDT', from: String(Date.parse('2026-11-01T10:00:00Z')), to: '1793534400123', step: '60',
  });
  assert.deepEqual(legacyValues(ep, { symbol: 'BTC_USDT', from: '-2h' }, now), {
    symbol: 'BTC_USDT', from: String(now - 7_200_000), to: String(now), step: '1',
  });
  const d = legacyValues(ep, { symbol: 'BTC_USDT', step: '5m' }, now);
  assert.equal(Number(d.to) - Number(d.from), 100 * 5 * 60_000);
});

test('validation: every bad value is a usage error naming the option', () => {
  const place = legacyEndpoint('legacy.order.place');
  const bad: Array<[Record<string, string>, RegExp]> = [
    [{ symbol: 'BTC_USDT', side: 'buy', amount: '1e-5', price: '1' }, /--amount/],
    [{ symbol: 'BTC_USDT', side: 'buy', amount: '1', price: '-1' }, /--price/],
    [{ symbol: 'BTC_USDT', side: 'hold', amount: '1', price: '1' }, /--side/],
    [{ symbol: 'BTCUSDT', side: 'buy', amount: '1', price: '1' }, /SYMBOL/],
    [{ symbol: 'BTC_USDT', side: 'buy', price: '1' }, /--amount is required/],
  ];
  for (const [typed, re] of bad) assert.throws(() => legacyValues(place, typed), (e: Error & { category?: string }) => e.category === 'usage' && re.test(e.message));
  const list = legacyEndpoint('legacy.order.list');
  assert.throws(() => legacyValues(list, { symbol: 'BTC_USDT', status: '7' }), /--status/);
  assert.throws(() => legacyValues(list, { symbol: 'BTC_USDT', status: '1', limit: '0' }), /--limit/);
  assert.throws(() => legacyValues(legacyEndpoint('legacy.order.get'), { entrust_id: '12x' }), /ENTRUST_ID/);
});
