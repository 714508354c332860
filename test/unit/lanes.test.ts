// Every test file runs in exactly one lane of test/lanes.mjs, so `--fast` leaves out only what the
// slow lane names, and `npm test` (every lane) still runs every file.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers/bm.js';
import { ALONE, covers, LANES, lanesOf, SERIAL, testFiles } from '../lanes.mjs';

const files = testFiles(join(ROOT, 'test')).map((f) => f.slice(ROOT.length + 1).split('\\').join('/'));

test('each test file is in exactly one lane', () => {
  assert.ok(files.length > 100, `found ${files.length} test files`);
  const wrong = files.map((f) => ({ f, lanes: lanesOf(f) })).filter((x) => x.lanes.length !== 1);
  assert.deepEqual(wrong, [], 'a file in no lane (or in two): add it to test/lanes.mjs');
});

test('each entry of a lane names a file or folder that exists, once', () => {
  for (const [lane, entries] of Object.entries(LANES)) {
    assert.deepEqual(entries.filter((e, i) => entries.indexOf(e) !== i), [], `${lane}: an entry listed twice`);
    for (const entry of entries) {
      assert.ok(existsSync(join(ROOT, entry)), `${lane}: ${entry} does not exist`);
      assert.ok(files.some((f) => covers(entry, f)), `${lane}: ${entry} holds no test file`);
    }
  }
});

test('each file run alone or serially is a test file, and none is both', () => {
  for (const file of ALONE) assert.ok(files.includes(file), `ALONE: ${file} is not a test file`);
  const serial = Object.values(SERIAL).flat();
  for (const file of serial) assert.ok(files.includes(file) && !ALONE.includes(file), `SERIAL: ${file} is not a test file, or is ALONE too`);
  assert.deepEqual(serial.filter((f, i) => serial.indexOf(f) !== i), [], 'a file in two SERIAL groups');
});

test('a file that mocks the global timers runs apart from the pools (SERIAL.state): a pool\'s files share one process', () => {
  const mocking = files.filter((f) => /\bmock\.timers\b/.test(readFileSync(join(ROOT, f), 'utf8')));
  assert.ok(mocking.includes('test/unit/ws/connection.test.ts'), `the search finds the mocking files: ${mocking.join(', ')}`);
  const apart = [...(SERIAL.state ?? []), ...ALONE];
  assert.deepEqual(mocking.filter((f) => f !== 'test/unit/lanes.test.ts' && !apart.includes(f)), [], 'mock timers in a pool: another file\'s timers would be held or fired by its ticks');
});
