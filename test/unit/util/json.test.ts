import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseJson, RawNumber, scalarText, stringifyJson } from '../../../src/util/json.js';

test('ids beyond 2^53 survive parse and print', () => {
  const text = '{"code":1000,"data":{"order_id":183347420821295423,"small":42,"s":"183347420821295423"}}';
  const v = parseJson(text) as { data: { order_id: RawNumber; small: number; s: string } };
  assert.ok(v.data.order_id instanceof RawNumber);
  assert.equal(scalarText(v.data.order_id), '183347420821295423');
  assert.equal(v.data.small, 42);
  assert.equal(stringifyJson(v), text);
});

test('decimals written as numbers keep every digit, exponents stay as sent', () => {
  const text = '{"a":0.10000000000000000001,"b":1e-7,"c":[-9007199254740993,1.50]}';
  assert.equal(stringifyJson(parseJson(text)), text);
});

test('digits inside strings are untouched and escapes are honoured', () => {
  const text = '{"k":"x\\"99999999999999999999","n":1}';
  assert.deepEqual(parseJson(text), { k: 'x"99999999999999999999', n: 1 });
});

test('bigints are written as exact digits', () => {
  assert.equal(stringifyJson({ id: 2n ** 64n }), '{"id":18446744073709551616}');
});
