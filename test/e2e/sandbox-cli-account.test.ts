// `bm sandbox account create`, run in this process against the in-process sandbox.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { call } from '../helpers/signed.js';
import { useSandbox } from '../helpers/sandbox-server.js';

const h = useSandbox(51);

function bm(...args: string[]) {
  return runBm(['--base-url', h.base(), 'sandbox', 'account', 'create', ...args], isolatedEnv({ NO_COLOR: '1' }));
}

describe('bm sandbox account create', () => {
  test('--json prints key, secret, memo, account id and permission; the key works', async () => {
    const r = await bm('--deposit', 'USDT=250,BTC=0.5', '--permissions', 'read-only', '--json');
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(Object.keys(out), ['key', 'secret', 'memo', 'account_id', 'permissions']);
    assert.equal(out.permissions, 'read-only');
    const w = await call(h.base(), 'GET', '/spot/v1/wallet', { creds: out, auth: 'KEYED', query: 'currency=USDT' });
    assert.deepEqual(w.json.data.wallet, [{ id: 'USDT', name: 'Tether USD', available: '250', frozen: '0' }]);
  });

  test('tab-separated in a pipe; bad input is a usage error', async () => {
    const r = await bm();
    assert.equal(r.code, 0, r.stderr);
    const cells = r.stdout.trim().split('\n').pop()!.split('\t');
    assert.match(cells[0]!, /^[0-9a-f]{32}$/);
    assert.equal(cells[4], 'trade');
    assert.equal((await bm('--deposit', 'USDT')).code, 2);
    assert.equal((await bm('--permissions', 'admin')).code, 2);
  });
});
