import assert from 'node:assert/strict';
import { test } from 'node:test';
import { add, cmp, dec, div, fmt, isMultiple, mul, norm, places, sub, truncate } from '../../../src/util/decimal.js';

test('exact arithmetic, plain output', () => {
  assert.equal(fmt(add('0.1', '0.2')), '0.3');
  assert.equal(fmt(sub('1', '0.00000001')), '0.99999999');
  assert.equal(fmt(mul('1.50', '2.0')), '3.000');
  assert.equal(norm(mul('1.50', '2.0')), '3');
  assert.equal(fmt(div('1', '3', 8)), '0.33333333');
  assert.equal(fmt(div('-1', '3', 2)), '-0.33');
});

test('never scientific notation, even from exponent input', () => {
  assert.equal(fmt(dec('1e-7')), '0.0000001');
  assert.equal(fmt(dec('1.5E+3')), '1500');
  assert.equal(fmt('0.000010000000000000000000000000'), '0.000010000000000000000000000000');
  assert.equal(norm('0.000010000000000000000000000000'), '0.00001');
});

test('comparison, precision and steps', () => {
  assert.equal(cmp('1.10', '1.1'), 0);
  assert.equal(cmp('-2', '1'), -1);
  assert.equal(places('1.2300'), 2);
  assert.equal(fmt(truncate('1.239', 2)), '1.23');
  assert.equal(fmt(truncate('1234', -2)), '1200');
  assert.ok(isMultiple('0.003', '0.001'));
  assert.ok(!isMultiple('0.0035', '0.001'));
  assert.throws(() => dec('abc'), RangeError);
});

test('fmt prints plain text as it is and reformats other forms', () => {
  for (const s of ['0', '12', '0.5', '10.00', '0.000010000000000000000000000000', '123456789012345678901234567890.123']) {
    assert.equal(fmt(s), s);
    assert.equal(fmt(s), fmt(dec(s)));
  }
  const cases: Array<[string, number | undefined, string]> = [
    ['05', undefined, '5'], ['5.', undefined, '5'], ['.5', undefined, '0.5'], ['+1.20', undefined, '1.20'],
    ['-0.00', undefined, '0.00'], ['-1.5', undefined, '-1.5'], [' 7', undefined, '7'], ['1e-3', undefined, '0.001'],
    ['1.5', 2, '1.50'], ['1.50', 2, '1.50'], ['1.505', 2, '1.50'], ['12', 0, '12'], ['12.0', 0, '12'], ['12', 1, '12.0'],
    ['1234', -2, '1200'], ['0.0', 1, '0.0'], ['00.10', 2, '0.10'],
  ];
  for (const [s, fixed, want] of cases) assert.equal(fmt(s, fixed), want, `fmt(${JSON.stringify(s)}, ${fixed})`);
  assert.throws(() => fmt('1.2.3'), RangeError);
});
