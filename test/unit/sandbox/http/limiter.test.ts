import assert from 'node:assert/strict';
import { test } from 'node:test';
import { endpoint } from '../../../../src/api/catalogue/index.js';
import { Limiter } from '../../../../src/sandbox/http/limiter.js';

test('both windows of a limit apply; headers report the tightest one', () => {
  const limiter = new Limiter();
  const rate = endpoint('spot.order.cancel_all').rate; // 4 per 2 s and 10 per 5 s
  const take = (t: number, who = 'key:1') => limiter.admit('/spot/v1/cancel_orders', rate, who, t);
  const results = (t: number, n: number) => Array.from({ length: n }, () => take(t).ok);
  assert.deepEqual(results(0, 5), [true, true, true, true, false]);
  assert.deepEqual(take(0, 'key:2').headers, { 'X-BM-RateLimit-Remaining': '3', 'X-BM-RateLimit-Limit': '4', 'X-BM-RateLimit-Reset': '2' });
  assert.deepEqual(results(2001, 5), [true, true, true, true, false]);
  // 8 in the last 5 s: the 5-second window binds before the 2-second one.
  assert.deepEqual(take(4002).headers, { 'X-BM-RateLimit-Remaining': '1', 'X-BM-RateLimit-Limit': '10', 'X-BM-RateLimit-Reset': '5' });
  assert.deepEqual(results(4003, 2), [true, false]);
  assert.equal(take(4003).headers['X-BM-RateLimit-Remaining'], '0');
  // Once the first burst leaves the 5-second window there is room again.
  assert.deepEqual(results(5001, 1), [true]);
});

test('limits are counted per interface', () => {
  const limiter = new Limiter();
  const steps = endpoint('spot.steps').rate;
  assert.equal(limiter.admit('/spot/v1/steps', steps, 'ip:a', 0).ok, true);
  assert.equal(limiter.admit('/spot/v1/steps', steps, 'ip:a', 0).ok, true);
  assert.equal(limiter.admit('/spot/v1/steps', steps, 'ip:a', 0).ok, false);
  assert.equal(limiter.admit('/spot/v1/symbols', endpoint('spot.symbols').rate, 'ip:a', 0).ok, true);
  assert.equal(limiter.admit('/spot/v1/steps', steps, 'ip:b', 0).ok, true);
});
