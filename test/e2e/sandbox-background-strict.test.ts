// BM_SANDBOX_STRICT=1: the background sandbox bm starts on first use runs `--strict`, and keeps that
// mode when it is restarted after a crash; unset, it answers as the venue did. The mode is read from
// the venue's answers: a keyed read with the key alone is refused (30006) only by a strict sandbox.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Agent, request } from 'undici';
import { ensureBuilt, isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';

/**
 * The code the background sandbox at `url` answers to a wallet read with X-BM-KEY alone, for a new
 * account. A fresh connection each time: a restarted sandbox has the killed one's port, and a pooled
 * connection to the killed one would fail.
 */
async function keyOnlyWallet(url: string): Promise<number> {
  const dispatcher = new Agent({ pipelining: 0 });
  try {
    const made = await request(`${url}/sandbox/v1/accounts`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, dispatcher });
    const acct = ((await made.body.json()) as { data: { key: string } }).data;
    const r = await request(`${url}/spot/v1/wallet`, { headers: { 'X-BM-KEY': acct.key }, dispatcher });
    return Number(((await r.body.json()) as { code: unknown }).code);
  } finally {
    await dispatcher.close();
  }
}

async function running(env: Record<string, string>): Promise<{ url: string; pid: number }> {
  const r = await runBm(['sandbox', 'status', '-o', 'json'], env);
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout) as { running: boolean; url: string; pid: number };
  assert.ok(s.running, r.stdout);
  return s;
}

test('BM_SANDBOX_STRICT=1: first use starts it strict (the paper account works on it), a restart after a crash keeps it strict', async () => {
  ensureBuilt();
  const env = isolatedEnv({ BM_SANDBOX_STRICT: '1' });
  try {
    const w = await runBm(['wallet', '-o', 'json'], env);
    assert.equal(w.code, 0, w.stderr);
    assert.match(w.stderr, /started the sandbox exchange at .*strict/);
    const first = await running(env);
    assert.equal(await keyOnlyWallet(first.url), 30006);

    process.kill(first.pid, 'SIGKILL');
    const { BM_SANDBOX_STRICT: _asked, ...unset } = env;
    const again = await runBm(['wallet', '-o', 'json'], unset);
    assert.equal(again.code, 0, again.stderr);
    const second = await running(unset);
    assert.notEqual(second.pid, first.pid, 'a new server');
    assert.equal(await keyOnlyWallet(second.url), 30006, 'the recorded mode is kept');
  } finally {
    await runBm(['sandbox', 'stop'], env);
  }
});

test('unset: it answers as the venue did; bm sandbox start asked for strict says the running one is not', async () => {
  ensureBuilt();
  const env = isolatedEnv();
  try {
    const w = await runBm(['wallet', '-o', 'json'], env);
    assert.equal(w.code, 0, w.stderr);
    assert.doesNotMatch(w.stderr, /strict/);
    assert.equal(await keyOnlyWallet((await running(env)).url), 1000);
    const start = await runBm(['sandbox', 'start'], { ...env, BM_SANDBOX_STRICT: '1' });
    assert.equal(start.code, 0, start.stderr);
    assert.match(start.stderr, /the running sandbox is not strict.*bm sandbox stop, then bm sandbox start/);
  } finally {
    await runBm(['sandbox', 'stop'], env);
  }
});

test('BM_SANDBOX_STRICT of another value is exit 2 naming it, and no sandbox is started', async () => {
  ensureBuilt();
  const env = isolatedEnv({ BM_SANDBOX_STRICT: 'yes' });
  const r = await runBm(['wallet'], env);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /BM_SANDBOX_STRICT: must be 1 \(strict\) or 0/);
  const s = JSON.parse((await runBm(['sandbox', 'status', '-o', 'json'], env)).stdout) as { running: boolean };
  assert.equal(s.running, false);
});
