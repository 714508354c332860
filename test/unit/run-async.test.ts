// The tests' way to run a program (test/helpers/bm.ts `runAsync`): a program that ends without reading its
// input is a result with its exit code, never an uncaught broken pipe in the test's process.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runAsync } from '../helpers/bm.js';

test('a program that exits without reading a large input: its exit code and output, no EPIPE thrown', async () => {
  // A megabyte is more than a pipe holds: writing it to a program that has gone breaks the pipe every time.
  const r = await runAsync('sh', ['-c', 'echo gone; exit 3'], { input: 'x'.repeat(1 << 20) });
  assert.deepEqual(r, { code: 3, stdout: 'gone\n', stderr: '' });
});

test('input is all of stdin; none is an empty stdin', async () => {
  assert.equal((await runAsync('sh', ['-c', 'cat'], { input: 'a\nb\n' })).stdout, 'a\nb\n');
  assert.deepEqual(await runAsync('sh', ['-c', 'wc -c'], {}), { code: 0, stdout: '0\n', stderr: '' });
});
