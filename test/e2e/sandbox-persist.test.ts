import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { scalarText } from '../../src/util/json.js';
import { call, newAccount, type Creds } from '../helpers/signed.js';

const dir = mkdtempSync(join(tmpdir(), 'bm-sandbox-state-'));
const statePath = join(dir, 'state.json');
const children: ChildProcess[] = [];

/** Spawns the built `bm sandbox serve` on the state file; resolves with its URL. */
function serve(): Promise<{ child: ChildProcess; url: string; stdout: () => string; stderr: () => string }> {
  const child = spawn(process.execPath, ['bin/bm.js', 'sandbox', 'serve', '--port', '0', '--state', statePath], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /^listening (http:\/\/\S+)\n/.exec(out);
      if (m) resolve({ child, url: m[1]!, stdout: () => out, stderr: () => err });
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${err}`)));
  });
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('sandbox persistence', () => {
  before(() => {
    if (!existsSync('dist/main.cjs')) assert.equal(spawnSync(process.execPath, ['build.mjs'], { stdio: 'inherit' }).status, 0);
  });
  after(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  test('every acknowledged order survives a SIGKILL', async () => {
    const first = await serve();
    const acct: Creds = await newAccount(first.url, { deposit: { USDT: '100000', BTC: '1' } });
    const [t] = (await call(first.url, 'GET', '/spot/v1/ticker', { query: 'symbol=BTC_USDT' })).json.data.tickers;
    const bodies = Array.from({ length: 24 }, (_, i) => ({
      symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001',
      // Most rest far below the market; every fourth crosses and fills at once.
      price: i % 4 === 3 ? String(Math.ceil(Number(t.best_ask) * 1.02)) : String(20000 + i), client_order_id: `persist${i}`,
    }));
    const answers = await Promise.all(bodies.map((body) => call(first.url, 'POST', '/spot/v2/submit_order', { body, creds: acct })));
    const ids = answers.map((a) => {
      assert.equal(a.json.code, 1000, a.text);
      return scalarText(a.json.data.order_id);
    });
    const cancelled = await call(first.url, 'POST', '/spot/v3/cancel_order', { body: { symbol: 'BTC_USDT', order_id: ids[0] }, creds: acct });
    assert.equal(cancelled.json.code, 1000);
    const before = (await call(first.url, 'GET', '/spot/v1/wallet', { creds: acct, auth: 'KEYED' })).json.data.wallet;
    await kill9(first.child);
    // stdout holds the listening line only; the request log goes to stderr.
    assert.equal(first.stdout(), `listening ${first.url}\n`);
    assert.match(first.stderr(), /POST \/spot\/v2\/submit_order 200 1000/);

    const second = await serve();
    for (const [i, id] of ids.entries()) {
      const r = await call(second.url, 'GET', '/spot/v1/order_detail', { query: `symbol=BTC_USDT&order_id=${id}`, creds: acct, auth: 'KEYED' });
      assert.equal(r.json.code, 1000, `order ${i}: ${r.text}`);
      assert.equal(r.json.data.clientOrderId, `persist${i}`);
      assert.equal(r.json.data.status, i === 0 ? '8' : i % 4 === 3 ? '6' : '4');
    }
    const afterKill = (await call(second.url, 'GET', '/spot/v1/wallet', { creds: acct, auth: 'KEYED' })).json.data.wallet;
    assert.deepEqual(afterKill, before);
    const next = await call(second.url, 'POST', '/spot/v2/submit_order', { body: { ...bodies[1], client_order_id: 'after1' }, creds: acct });
    assert.ok(BigInt(scalarText(next.json.data.order_id)) > BigInt(ids[ids.length - 1]!));
    await kill9(second.child);
  });
});
