// The first run with no configuration: bm starts the built-in sandbox, a `bm sandbox serve` process of
// its own started from the bm executable, so this stays on the built binary.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bmAsync, ensureBuilt, isolatedEnv } from '../helpers/bm.js';

test('with no configuration, bm starts the sandbox once, says so on stderr, and finds it after', async () => {
  ensureBuilt();
  const fresh = isolatedEnv();
  const first = await bmAsync(['ticker', 'BTC_USDT'], fresh);
  try {
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^BTC_USDT\t/);
    assert.match(first.stderr, /started the sandbox exchange at http:\/\/127\.0\.0\.1:[0-9]+/);
    const second = await bmAsync(['ticker', 'BTC_USDT'], fresh);
    assert.equal(second.code, 0);
    assert.equal(second.stderr, '');
    const status = JSON.parse((await bmAsync(['sandbox', 'status', '--json'], fresh)).stdout);
    assert.equal(status.running, true);
  } finally {
    assert.equal((await bmAsync(['sandbox', 'stop'], fresh)).code, 0);
  }
  assert.equal(JSON.parse((await bmAsync(['sandbox', 'status', '--json'], fresh)).stdout).running, false);
});
