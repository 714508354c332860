import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { call } from '../helpers/signed.js';
import { useSandbox } from '../helpers/sandbox-server.js';

const h = useSandbox(51);
const run = promisify(execFile);

function bm(...args: string[]) {
  return run(process.execPath, ['bin/bm.js', '--base-url', h.base(), 'sandbox', 'account', 'create', ...args], { env: { ...process.env, NO_COLOR: '1' } })
    .then((r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }))
    .catch((e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }));
}

describe('bm sandbox account create', () => {
  before(() => {
    if (!existsSync('dist/main.cjs')) assert.equal(spawnSync(process.execPath, ['build.mjs'], { stdio: 'inherit' }).status, 0);
  });

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
