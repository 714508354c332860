// The command line, run in this process as a user types it: a bad output format, variable or --fields name on a write is
// exit 2 with one error line, and the fault proxy in front of the sandbox proves nothing was sent.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { useLibraryVenue } from '../helpers/library-venue.js';

const v = useLibraryVenue(37, { USDT: '10000000', BTC: '100' });

function env(extra: Record<string, string> = {}): Record<string, string> {
  const c = v.credentials;
  return isolatedEnv({ BM_BASE_URL: v.proxy.url, BM_API_KEY: c.key, BM_API_SECRET: c.secret, BM_API_MEMO: c.memo, ...extra });
}

const PLACE = ['order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', '30000', '--max-deviation', 'none', '--yes'];

test('order place, cancel and batch with a bad format, variable or field: exit 2, one line, nothing sent', async () => {
  const e = env();
  const orders = join(e.HOME!, 'orders.ndjson');
  writeFileSync(orders, '{"side":"buy","type":"limit","size":"0.01","price":"30000"}\n');
  const cases: Array<[readonly string[], Record<string, string>, RegExp]> = [
    [['-o', 'xml', ...PLACE], e, /^error: --output: must be one of table, json, ndjson, csv, tsv \(got 'xml'\)\n$/],
    [PLACE, { ...e, BM_OUTPUT: 'xml' }, /^error: BM_OUTPUT: must be one of table, json, ndjson, csv, tsv \(got 'xml'\)\n$/],
    [[...PLACE, '--fields', 'nosuchfield'], e, /^error: --fields: no column 'nosuchfield' here \(valid: order_id, client_order_id\)\n$/],
    [['order', 'cancel', 'BTC_USDT', '--order-id', '1', '--yes', '--fields', 'nosuchfield'], e, /^error: --fields: no column 'nosuchfield' here \(valid: order_id, client_order_id, result\)\n$/],
    [['order', 'batch', 'BTC_USDT', '--file', orders, '--yes', '--fields', 'nosuchfield'], e, /^error: --fields: no column 'nosuchfield' here \(valid: index, result, order_id, client_order_id, code, message\)\n$/],
  ];
  for (const [argv, environment, message] of cases) {
    const r = await runBm(argv, environment);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, message);
    assert.equal(r.stdout, '');
  }
  assert.deepEqual(v.proxy.seen.map((s) => `${s.method} ${s.path}`), []);
});

test('the same placement with good options is placed and printed with the fields asked', async () => {
  const r = await runBm([...PLACE, '--fields', 'CLIENT_ORDER_ID,order_id', '--client-order-id', 'precheck2'], env());
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^precheck2\t\d+\n$/);
  assert.equal(v.proxy.count('POST', '/spot/v2/submit_order'), 1);
});
