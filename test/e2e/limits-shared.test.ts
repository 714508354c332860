import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sandboxAccount } from '../helpers/account.js';
import { bm, bmAsync, startSandbox } from '../helpers/bm.js';
import { parseJson } from '../../src/util/json.js';

let url = '';
let stop: () => Promise<void> = async () => {};
before(async () => {
  ({ url, stop } = await startSandbox(['--seed', '12']));
});
after(() => stop());

const account = () => sandboxAccount(url);

/** 400 far-from-market buys: 40 batch requests, two thirds of the 60 per 2 s allowed per key. */
function ordersFile(env: Record<string, string>, tag: string): string {
  const t = parseJson(bm(['--base-url', url, 'ticker', 'BTC_USDT', '--json'], env).stdout) as { tickers: Array<{ last_price: string }> };
  const bid = BigInt(t.tickers[0]!.last_price.split('.')[0]!) / 2n;
  const file = join(mkdtempSync(join(tmpdir(), 'bm-orders-')), 'orders.ndjson');
  writeFileSync(file, Array.from({ length: 400 }, (_, i) => JSON.stringify({ side: 'buy', type: 'limit', size: '0.01', price: `${bid - BigInt(i % 5)}.${i % 10}`, client_order_id: `${tag}${i}x` })).join('\n'));
  return file;
}

/** Two `bm order batch` at once on one key; the POSTs each process sent and every answer it saw, from its trace. */
async function twoAtOnce(a: Record<string, string>, b: Record<string, string>): Promise<string[]> {
  const [fa, fb] = [ordersFile(a, 'pa'), ordersFile(b, 'pb')];
  const run = (env: Record<string, string>, file: string) => bmAsync(['--base-url', url, 'order', 'batch', 'BTC_USDT', '--file', file, '--yes', '-o', 'ndjson', '-v'], env);
  const rs = await Promise.all([run(a, fa), run(b, fb)]);
  for (const r of rs) assert.equal(r.code, 0, r.stderr.split('\n').filter((l) => !l.startsWith('[bm]')).join('\n'));
  return rs.flatMap((r) => r.stderr.split('\n').filter((l) => /^\[bm\] (> POST|< \d{3} in)/.test(l)));
}

test('two bm processes on one key, sharing a state dir, stay within the key\'s limit together: 0 x 429', async () => {
  const env = account();
  const answers = await twoAtOnce(env, { ...env });
  assert.equal(answers.filter((l) => l.includes('> POST')).length, 80, 'one request per 10 orders, none retried');
  assert.deepEqual(answers.filter((l) => l.startsWith('[bm] <') && !l.startsWith('[bm] < 200 ')), [], 'every answer 200');
});

test('control: the same two processes with separate state dirs count apart and meet 429s', async () => {
  const env = account();
  const other = { ...env, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'bm-state-')) };
  const answers = await twoAtOnce(env, other);
  assert.ok(answers.some((l) => l.startsWith('[bm] < 429 ')), 'without the shared counters the venue refuses some');
});
