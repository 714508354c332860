/**
 * The JSON the command line prints: ids and integers beyond 2^53 as strings, read back exactly by a
 * parser that turns numbers into doubles; counts, times and decimals untouched.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalogue } from '../../../src/api/catalogue/index.js';
import { isIdKey, jsonText, safeIds } from '../../../src/render/json-text.js';
import { parseJson } from '../../../src/util/json.js';

const BIG = '183347420821614948';

test('ids by name and integers beyond 2^53 by value print as strings that JSON.parse keeps exact', () => {
  const sent = parseJson(`{"order_id":${BIG},"clientOrderId":"bm1","detail_id":7,"entrust_id":${BIG},"contractID":2,
    "order_ids":[${BIG},5],"count":3,"create_time":1700000000000,"price":"30000.10","seq":${BIG},"ratio":0.5,
    "nested":{"trades":[{"id":9,"tradeId":${BIG},"size":"1"}]},"valid":true,"paid":1,"id":"BTC"}`);
  const text = jsonText(sent);
  assert.equal(JSON.stringify(JSON.parse(text)), JSON.stringify({
    order_id: BIG, clientOrderId: 'bm1', detail_id: '7', entrust_id: BIG, contractID: '2',
    order_ids: [BIG, '5'], count: 3, create_time: 1700000000000, price: '30000.10', seq: BIG, ratio: 0.5,
    nested: { trades: [{ id: '9', tradeId: BIG, size: '1' }] }, valid: true, paid: 1, id: 'BTC',
  }));
  // As jq 1.6 reads it: the id survives, where the bare number it replaces would not.
  assert.equal((JSON.parse(text) as { order_id: string }).order_id, BIG);
  assert.notEqual(String(JSON.parse(`{"order_id":${BIG}}`).order_id), BIG);
});

test('--raw-ids prints every number exactly as sent', () => {
  const sent = `{"order_id":${BIG},"count":3,"price":"1.5","seq":${BIG},"ratio":0.10}`;
  assert.equal(jsonText(parseJson(sent), { rawIds: true }), sent);
  assert.equal(jsonText(parseJson(sent), { indent: 2 }).split('\n').length, 7);
});

test('bigints, JS integers beyond 2^53 and decimal text kept exact; the input is left as it was', () => {
  const row = { a: 2n ** 70n, b: 2 ** 60, c: 12n, d: 1.25, order_id: 12n };
  assert.deepEqual(safeIds(row), { a: (2n ** 70n).toString(), b: (2n ** 60n).toString(), c: 12n, d: 1.25, order_id: '12' });
  assert.equal(row.order_id, 12n);
  const decimal = parseJson('{"price":30000.123456789012345678}');
  assert.equal(jsonText(decimal), '{"price":30000.123456789012345678}');
});

test('every id-named field of the catalogue is an id; times, counts, sizes and statuses are not', () => {
  const names = new Set<string>();
  for (const ep of catalogue()) {
    for (const c of ep.columns ?? []) names.add(c);
    for (const p of ep.params ?? []) names.add(p.name);
  }
  const ids = [...names].filter(isIdKey).sort();
  for (const n of ['order_id', 'clientOrderId', 'client_order_id', 'detail_id', 'deposit_id', 'withdraw_id', 'tx_id', 'contract_id', 'position_id', 'account_id', 'custom_id']) {
    assert.ok(ids.includes(n), `${n} is an id (ids: ${ids.join(', ')})`);
  }
  const plainNames = [...names].filter((n) => /(?:^|_)(?:time|size|count|status|price|amount|limit|page|volume|vol|notional|at)(?:_|$)|^N$|[a-z](?:Time|Size|Count|Price)$/.test(n));
  assert.ok(plainNames.length > 20, plainNames.join(', '));
  for (const n of plainNames) assert.ok(!isIdKey(n), `${n} is not an id`);
});
