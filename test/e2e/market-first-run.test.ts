// The first run with no configuration: the built binary, as `npx bm ticker BTC_USDT` runs it, starts the
// built-in sandbox (a `bm sandbox serve` process of its own). What follows finds it: those runs are in process.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bmAsync, ensureBuilt, isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';

test('with no configuration, bm starts the sandbox once, says so on stderr, and finds it after', async () => {
  ensureBuilt();
  const fresh = isolatedEnv();
  const first = await bmAsync(['ticker', 'BTC_USDT'], fresh);
  try {
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^BTC_USDT\t/);
    assert.match(first.stderr, /started the sandbox exchange at http:\/\/127\.0\.0\.1:[0-9]+/);
    const second = await runBm(['ticker', 'BTC_USDT'], fresh);
    assert.equal(second.code, 0);
    assert.equal(second.stderr, '');
    const status = JSON.parse((await runBm(['sandbox', 'status', '--json'], fresh)).stdout);
    assert.equal(status.running, true);
  } finally {
    assert.equal((await runBm(['sandbox', 'stop'], fresh)).code, 0);
  }
  assert.equal(JSON.parse((await runBm(['sandbox', 'status', '--json'], fresh)).stdout).running, false);
});
