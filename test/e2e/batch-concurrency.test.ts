import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { useBatchVenue } from '../helpers/batch.js';
import { runBm } from '../helpers/in-process.js';
import { parseJson, scalarText } from '../../src/util/json.js';

const shared = useBatchVenue(5);

test('batch beyond one rate window: requests overlap, no 429 from the venue, outcomes in file order', async () => {
  const env = shared.account();
  const bid = shared.lastPrice() / 2n;
  // 70 requests of 10: more than the 60 per 2 s that /spot/v2/batch_orders allows.
  const orders = Array.from({ length: 700 }, (_, i) => ({ side: 'buy', type: 'limit', size: '0.01', price: `${bid - BigInt(i % 7)}.${i % 10}5`, client_order_id: `cc${i}x` }));
  const file = join(env.HOME!, 'orders.ndjson');
  writeFileSync(file, orders.map((o) => JSON.stringify(o)).join('\n'));
  const t0 = Date.now();
  const r = await runBm(['--base-url', shared.url, 'order', 'batch', 'BTC_USDT', '--file', file, '--yes', '-o', 'ndjson', '-v'], env);
  const took = Date.now() - t0;
  assert.equal(r.code, 0, r.stderr.split('\n').filter((l) => !l.startsWith('[bm]')).join('\n'));
  const rows = r.stdout.trim().split('\n').map((l) => parseJson(l) as { index: unknown; result: string; client_order_id: string; order_id: unknown });
  assert.deepEqual(rows.map((x) => scalarText(x.index)), orders.map((_, i) => String(i + 1)));
  assert.deepEqual(rows.map((x) => x.client_order_id), orders.map((o) => o.client_order_id));
  assert.ok(rows.every((x) => x.result === 'placed' && /^[0-9]+$/.test(scalarText(x.order_id))));
  assert.equal(new Set(rows.map((x) => scalarText(x.order_id))).size, 700);

  const trace = r.stderr.split('\n').filter((l) => /^\[bm\] (> POST|< \d{3} in)/.test(l));
  assert.equal(trace.filter((l) => l.includes('> POST')).length, 70, 'one request per 10 orders, none retried');
  assert.deepEqual(trace.filter((l) => /^\[bm\] < (?!200 )/.test(l)), [], 'every answer 200: no 429');
  let out = 0;
  let most = 0;
  for (const l of trace) most = Math.max(most, (out += l.includes('> POST') ? 1 : -1));
  assert.ok(most > 1 && most <= 8, `at most 8 requests out at once, and more than one (${most})`);
  // The 61st request waits for the first window to pass.
  assert.ok(took >= 2000, `took ${took} ms`);

  // The venue holds every order of the file, each under the id printed for it.
  const venue = shared.venueOrders(env);
  assert.equal(venue.size, 700);
  for (const x of rows) assert.equal(scalarText(x.order_id), venue.get(x.client_order_id));
});
