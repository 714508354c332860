// Rate windows shared through the state directory. The proof across processes runs two built binaries
// at once; its control (separate state dirs count apart) runs the two commands in this process. The
// sandbox is in process, with no warm-up, and not strict: the control meets 429s on purpose, and the strict
// sandbox blocks an address (418) after twenty of them in a minute, which a retry more would reach.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { bmAsync, ensureBuilt, isolatedEnv, type Result } from '../helpers/bm.js';
import { runBm, runCli } from '../helpers/in-process.js';
import { useSandbox } from '../helpers/sandbox-server.js';
import { parseJson } from '../../src/util/json.js';

const h = useSandbox(12);
before(() => ensureBuilt());

/** A fresh funded account's isolated environment. */
function account(): Record<string, string> {
  const a = h.sandbox().exchange.createAccount({ USDT: '10000000' });
  return isolatedEnv({ BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo });
}

type Runner = (argv: readonly string[], env: Record<string, string>) => Promise<Result>;

/** 400 far-from-market buys: 40 batch requests, two thirds of the 60 per 2 s allowed per key. */
async function ordersFile(env: Record<string, string>, tag: string): Promise<string> {
  const t = parseJson((await runBm(['--base-url', h.base(), 'ticker', 'BTC_USDT', '--json'], env)).stdout) as { tickers: Array<{ last_price: string }> };
  const bid = BigInt(t.tickers[0]!.last_price.split('.')[0]!) / 2n;
  const file = join(mkdtempSync(join(tmpdir(), 'bm-orders-')), 'orders.ndjson');
  writeFileSync(file, Array.from({ length: 400 }, (_, i) => JSON.stringify({ side: 'buy', type: 'limit', size: '0.01', price: `${bid - BigInt(i % 5)}.${i % 10}`, client_order_id: `${tag}${i}x` })).join('\n'));
  return file;
}

/** Two `bm order batch` at once on one key (by `bm`); the POSTs each run sent and every answer it saw, from its trace. */
async function twoAtOnce(bm: Runner, a: Record<string, string>, b: Record<string, string>): Promise<string[]> {
  const [fa, fb] = [await ordersFile(a, 'pa'), await ordersFile(b, 'pb')];
  // A generous timeout: a loaded machine's slow answer is not what these tests are about.
  const run = (env: Record<string, string>, file: string) => bm(['--base-url', h.base(), '--timeout', '60000', 'order', 'batch', 'BTC_USDT', '--file', file, '--yes', '-o', 'ndjson', '-v'], env);
  const rs = await Promise.all([run(a, fa), run(b, fb)]);
  for (const r of rs) assert.equal(r.code, 0, r.stderr.split('\n').filter((l) => !l.startsWith('[bm]')).join('\n'));
  return rs.flatMap((r) => r.stderr.split('\n').filter((l) => /^\[bm\] (> POST|< \d{3} in)/.test(l)));
}

test('two bm processes on one key, sharing a state dir, stay within the key\'s limit together: 0 x 429', async () => {
  const env = account();
  const answers = await twoAtOnce(bmAsync, env, { ...env });
  assert.equal(answers.filter((l) => l.includes('> POST')).length, 80, 'one request per 10 orders, none retried');
  assert.deepEqual(answers.filter((l) => l.startsWith('[bm] <') && !l.startsWith('[bm] < 200 ')), [], 'every answer 200');
});

test('control: the same two commands with separate state dirs count apart and meet 429s (in this process)', async () => {
  const env = account();
  const other = { ...env, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'bm-state-')) };
  // The venue's clock is held until its first refusal: the 80 requests fall in one window however slowly
  // this machine sends them (on the system clock a slow run could spread them over several).
  const release = h.hold();
  const watching: Runner = (argv, e) => runCli(argv, { env: e, onStderr: (_, all) => void (all.includes('[bm] < 429 ') && release()) });
  try {
    const answers = await twoAtOnce(watching, env, other);
    assert.ok(answers.some((l) => l.startsWith('[bm] < 429 ')), 'without the shared counters the venue refuses some');
  } finally {
    release();
  }
});
