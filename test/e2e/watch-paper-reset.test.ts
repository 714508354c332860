import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { bmAsync, ensureBuilt, isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';

test('watch orders after the built-in sandbox lost its accounts: 91002 re-creates the paper account, as REST does', async () => {
  ensureBuilt();
  const env = isolatedEnv();
  const dir = join(env.XDG_STATE_HOME!, 'bm', 'sandbox');
  try {
    assert.equal((await runBm(['wallet', '-o', 'tsv'], env)).code, 0, 'the paper account is made on first use');
    const paper = readFileSync(join(dir, 'paper.json'), 'utf8');
    assert.equal((await runBm(['sandbox', 'stop'], env)).code, 0);
    rmSync(join(dir, 'state.json'), { force: true });
    const r = await bmAsync(['-v', 'watch', 'orders', 'BTC_USDT', '--once', '-o', 'ndjson'], env);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /reconnecting: the key was renewed/);
    assert.notEqual(readFileSync(join(dir, 'paper.json'), 'utf8'), paper, 'a new paper account');
  } finally {
    await runBm(['sandbox', 'stop'], env);
  }
});
