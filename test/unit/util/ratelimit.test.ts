import assert from 'node:assert/strict';
import { test } from 'node:test';
import { custom, perKey } from '../../../src/api/catalogue/limits.js';
import { SlidingWindows } from '../../../src/util/ratelimit.js';

test('reserve: a request in flight holds its place until settled, then counts from its answer', () => {
  const w = new SlidingWindows(custom('KEY', 2, 1000));
  const a = w.reserve(0);
  const b = w.reserve(0);
  assert.equal(a.wait, 0);
  assert.equal(b.wait, 0);
  // Both places held and unanswered: the earliest they can free is their send time plus the window.
  const c = w.reserve(10);
  assert.equal(c.settle, undefined);
  assert.equal(c.wait, 991);
  a.settle!(300);
  b.settle!(450);
  // Counted at 300 and 450, not at 0: the venue may have counted them that late.
  assert.equal(w.reserve(1000).wait, 301);
  const d = w.reserve(1301);
  assert.equal(d.wait, 0);
  assert.equal(w.reserve(1302).wait, 149);
});

test('reserve: still unanswered after a whole window, the place stays held (polled, never freed blindly)', () => {
  const w = new SlidingWindows(custom('KEY', 1, 1000));
  const a = w.reserve(0);
  assert.ok(w.reserve(5000).wait >= 10);
  a.settle!(5000);
  a.settle!(9000); // a second settle changes nothing
  assert.equal(w.reserve(5999).wait, 2);
  assert.equal(w.reserve(6000).wait, 0);
});

test('reserve: every window applies, settled stamps stay in order however answers arrive', () => {
  const w = new SlidingWindows(perKey(2, 3)); // 2 per 2 s and 3 per 5 s
  const slots = [w.reserve(0), w.reserve(0)];
  slots[1]!.settle!(100);
  slots[0]!.settle!(200); // answers out of order
  assert.equal(w.reserve(2000).wait, 101);
  const third = w.reserve(2201);
  assert.equal(third.wait, 0);
  third.settle!(2250);
  // 3 in 5 s: the next place frees when the stamp of 100 leaves the 5-second window.
  assert.equal(w.reserve(4300).wait, 801);
});

test('take (the venue side) is unchanged: counted on arrival', () => {
  const w = new SlidingWindows(custom('IP', 2, 1000));
  assert.equal(w.take(0), 0);
  assert.equal(w.take(1), 0);
  assert.equal(w.take(2), 999);
  assert.equal(w.take(1000), 0);
});
