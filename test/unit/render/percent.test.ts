import assert from 'node:assert/strict';
import { test } from 'node:test';
import { percentText } from '../../../src/render/percent.js';

test('a ratio reads as a signed percentage, exact, with at least two places', () => {
  assert.equal(percentText('+0.0076'), '+0.76%');
  assert.equal(percentText('0.0211'), '+2.11%');
  assert.equal(percentText('-0.05'), '-5.00%');
  assert.equal(percentText('0.000123'), '+0.0123%');
  assert.equal(percentText('0'), '0.00%');
  assert.equal(percentText('n/a'), 'n/a');
});
