// Ctrl-C end to end on the built binary: a real SIGINT to a streaming `bm watch orders` ends it with
// exit 130 after what it printed. Only a process can show this; the rest of `bm watch` without a terminal
// runs in process (watch.test.ts).
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { SandboxAccount } from '../../src/sandbox/exchange-api.js';
import { bmStart, ensureBuilt, isolatedEnv } from '../helpers/bm.js';
import { useSandbox } from '../helpers/sandbox-server.js';

const h = useSandbox(23, { strict: true });
before(() => ensureBuilt());
let made: SandboxAccount | undefined;
const account = () => (made ??= h.sandbox().exchange.createAccount({ USDT: '1000000' }));

const venue = () => ['--ws-url', h.base().replace(/^http/, 'ws'), '--base-url', h.base()];
const creds = () => isolatedEnv({ BM_API_KEY: account().key, BM_API_SECRET: account().secret, BM_API_MEMO: account().memo });
const lines = (out: string) => out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

test('watch orders: logs in with the credentials and streams order progress with exact ids', async () => {
  const ex = h.sandbox().exchange;
  const bid = ex.ticker('BTC_USDT').best_bid;
  // Far under the market: it rests until cancelled.
  const low = String(BigInt(bid.split('.')[0]!) / 2n);
  const resting = ex.placeOrder(account().id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: low, size: '0.001' });
  const run = bmStart(['watch', 'orders', 'BTC_USDT', '-o', 'ndjson', '--duration', '60', ...venue()], creds());
  // The open order comes first; only then is the change made, so the stream must carry it.
  await run.waitFor(new RegExp(`"order_id":"${resting.order_id}"`));
  const later = ex.placeOrder(account().id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: low, size: '0.002' });
  ex.cancelOrder(account().id, 'BTC_USDT', { order_id: later.order_id });
  await run.waitFor(/"state":"8"/);
  run.signal('SIGINT');
  const r = await run.done;
  assert.equal(r.code, 130, r.stderr);
  const rows = lines(r.stdout);
  assert.deepEqual(rows.map((o) => [o.order_id, o.state]), [[resting.order_id, '4'], [later.order_id, '4'], [later.order_id, '8']]);
  // Ids above 2^53 are printed exactly as the venue sent them.
  assert.ok(BigInt(later.order_id) > 2n ** 53n);
});

