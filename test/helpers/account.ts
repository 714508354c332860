/** A fresh sandbox account for a test: an isolated home whose environment carries its key. */
import assert from 'node:assert/strict';
import { bm, isolatedEnv, type Result } from './bm.js';
import { runBm } from './in-process.js';

/** The isolated env of the account `sandbox account create --json` printed. */
function accountEnv(r: Result): Record<string, string> {
  assert.equal(r.code, 0, r.stderr);
  const a = JSON.parse(r.stdout) as { key: string; secret: string; memo: string };
  return isolatedEnv({ BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo });
}

const createArgs = (url: string, deposit: string) => ['--base-url', url, 'sandbox', 'account', 'create', '--deposit', deposit, '--json'];

/** Creates an account on the sandbox at `url` with `deposit` (e.g. `USDT=10000000`); its isolated env. */
export function sandboxAccount(url: string, deposit = 'USDT=10000000'): Record<string, string> {
  return accountEnv(bm(createArgs(url, deposit), isolatedEnv()));
}

/** {@link sandboxAccount} for a sandbox that runs in the test's own process (made in process, without blocking it). */
export async function sandboxAccountAsync(url: string, deposit = 'USDT=10000000'): Promise<Record<string, string>> {
  return accountEnv(await runBm(createArgs(url, deposit), isolatedEnv()));
}
