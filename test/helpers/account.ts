/** A fresh sandbox account for a test: an isolated home whose environment carries its key. */
import assert from 'node:assert/strict';
import { bm, isolatedEnv } from './bm.js';

/** Creates an account on the sandbox at `url` with `deposit` (e.g. `USDT=10000000`); its isolated env. */
export function sandboxAccount(url: string, deposit = 'USDT=10000000'): Record<string, string> {
  const r = bm(['--base-url', url, 'sandbox', 'account', 'create', '--deposit', deposit, '--json'], isolatedEnv());
  assert.equal(r.code, 0, r.stderr);
  const a = JSON.parse(r.stdout) as { key: string; secret: string; memo: string };
  return isolatedEnv({ BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo });
}
