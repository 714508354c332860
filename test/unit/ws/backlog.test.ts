/** The bounded backlog behind a slow reader: keyed items replaced, keyless ones capped by count and size. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Backlog } from '../../../src/ws/backlog.js';

test('keyless items are capped by count and by size, the oldest dropped; keyed ones replaced and moved back', () => {
  const b = new Backlog<string>(5, 10, (s) => s.length);
  b.push('aaaa');
  b.push('book1', 'depth');
  b.push('bbbb');
  b.push('cccc');
  assert.deepEqual([b.dropped, b.size], [1, 3], 'size 12 > 10: aaaa dropped');
  b.push('book2', 'depth');
  b.push('x'.repeat(50));
  assert.equal(b.size, 2, 'one item is kept whatever its size');
  assert.deepEqual(b.unsaid(), { dropped: 3, replaced: 1 });
  assert.equal(b.unsaid(), undefined, 'said once');
  assert.deepEqual([b.shift(), b.shift(), b.shift()], ['book2', 'x'.repeat(50), undefined]);
  for (let i = 0; i < 100; i++) b.push('y');
  assert.equal(b.size, 5);
  b.clear();
  assert.equal(b.shift(), undefined);
});
