// Both generations on one sandbox exchange: an order placed through the legacy routes is seen and
// cancelled by current-generation commands, and the other way round. A sandbox that does not route /v2/
// fails here: the test never skips what it is about.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { useSandbox } from '../helpers/sandbox-server.js';

// Run in this process against the in-process sandbox (strict, no warm-up).
const h = useSandbox(11, { strict: true });
const env = isolatedEnv({ NO_COLOR: '1' });

test('one exchange, two generations', async () => {
  const url = h.base();
  assert.equal((await fetch(`${url}/v2/ping`)).status, 200, 'the sandbox serves the legacy routes (/v2/ping)');
  const created = await runBm(['sandbox', 'account', 'create', '--base-url', url, '-o', 'json'], env);
  assert.equal(created.code, 0, created.stderr);
  const acct = JSON.parse(created.stdout) as { key: string; secret: string; memo: string };
  const creds = { ...env, BM_API_KEY: acct.key, BM_API_SECRET: acct.secret, BM_API_MEMO: acct.memo };
  const legacy = (args: string[]) => runBm(['legacy', ...args, '--legacy-url', url], creds);
  const current = (args: string[]) => runBm([...args, '--base-url', url], creds);

  const placed = await legacy(['order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.01', '--price', '1000', '--yes']);
  assert.equal(placed.code, 0, placed.stderr);
  const id = placed.stdout.trim();
  assert.match(id, /^[0-9]+$/);
  const seen = await current(['order', 'get', 'BTC_USDT', '--order-id', id, '--json']);
  assert.equal(seen.code, 0, seen.stderr);
  assert.match(seen.stdout, new RegExp(`"order_id": "?${id}"?`));
  assert.match(seen.stdout, /"status": "?4"?/);
  const listed = await legacy(['order', 'list', 'BTC_USDT', '--status', '1', '--fields', 'entrust_id,status']);
  assert.match(listed.stdout, new RegExp(`^${id}\t1$`, 'm'));

  const cancelled = await current(['order', 'cancel', 'BTC_USDT', '--order-id', id, '--yes']);
  assert.equal(cancelled.code, 0, cancelled.stderr);
  const after = await legacy(['order', 'get', id, '--fields', 'status,remaining_amount']);
  assert.equal(after.stdout, '4\t0\n');

  const wallet = await legacy(['wallet', '--fields', 'id,available']);
  assert.match(wallet.stdout, /^USDT\t10000\n/m);
  const again = await legacy(['order', 'cancel', id, '--yes']);
  assert.equal(again.code, 6, again.stderr);
});
