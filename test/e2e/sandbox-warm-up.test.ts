// `bm sandbox serve --warm-up <ms>`: 0 answers with the book quoted and no trade from before it started;
// 20000 (the default) has traded before it started; a value that is no ms count is exit 2. Trades are told
// apart by their time, not their number: the market runs on once started, however slowly the test reads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureBuilt, isolatedEnv, startSandbox } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { call } from '../helpers/signed.js';

/** The times (ms) of BTC_USDT's recent trades and 5 levels of its book, as the served sandbox answers them. */
async function market(url: string): Promise<{ times: number[]; bids: unknown[]; asks: unknown[] }> {
  const t = await call(url, 'GET', '/spot/v1/symbols/trades', { query: 'symbol=BTC_USDT&N=50' });
  const b = await call(url, 'GET', '/spot/v1/symbols/book', { query: 'symbol=BTC_USDT&size=5' });
  assert.equal(t.status, 200, t.text);
  assert.equal(b.status, 200, b.text);
  return { times: (t.json.data.trades as Array<{ order_time: unknown }>).map((x) => Number(x.order_time)), bids: b.json.data.buys, asks: b.json.data.sells };
}

test('--warm-up 0 answers with a quoted book and no earlier trade; 20000 has traded before; a bad value is exit 2', async () => {
  ensureBuilt();
  for (const bad of ['-1', 'soon', '3600001']) {
    const r = await runBm(['sandbox', 'serve', '--warm-up', bad], isolatedEnv());
    assert.equal(r.code, 2, `--warm-up ${bad}: ${r.stderr}`);
    assert.match(r.stderr, /--warm-up/);
  }
  const before = Date.now();
  const cold = await startSandbox(['--warm-up', '0']);
  const warm = await startSandbox(['--warm-up', '20000']);
  try {
    const c = await market(cold.url);
    assert.deepEqual(c.times.filter((t) => t < before), [], 'no trade from before the sandbox started');
    assert.equal(c.bids.length, 5);
    assert.equal(c.asks.length, 5);
    const w = await market(warm.url);
    assert.ok(w.times.some((t) => t < before), `a trade from the warm-up, before ${before}: ${w.times.join(' ')}`);
  } finally {
    await Promise.all([cold.stop(), warm.stop()]);
  }
});
