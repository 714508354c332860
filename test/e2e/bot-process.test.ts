// The built binary as a process: `bm backtest`'s exit codes (0, a usage error 2, a damaged recording 5
// with nothing run), and `bm bot run` stopped by a real SIGINT: its bot returns, its order is cancelled,
// exit 130. The rest of bots and backtests is proven in process (test/unit/bot/, bot-run.test.ts).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { BIN, ensureBuilt, isolatedEnv } from '../helpers/bm.js';
import { fileOf, recordingOf } from '../helpers/recording-rows.js';
import { useSandbox } from '../helpers/sandbox-server.js';

const h = useSandbox(37);
const GRID = join(import.meta.dirname, '../../examples/bots/grid.mjs');

test('bm backtest exits 0 with its report, 2 on a bad option, 5 on a damaged recording with nothing run', async () => {
  ensureBuilt();
  const rec = await recordingOf([[0, '100', '0.01', 'sell'], [10, '99', '0.3', 'sell']], { spreadBps: '2', levels: 5, depth: '0.1' });
  const env = isolatedEnv();
  const run = (...args: string[]) => spawnSync(process.execPath, [BIN, 'backtest', GRID, ...args], { env, encoding: 'utf8' });
  const ok = run('--recording', rec, '--param', 'levels=1', '--param', 'step=1', '--json');
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal((JSON.parse(ok.stdout) as { total: { fills: number } }).total.fills, 1);
  const usage = run('--recording', rec, '--simulated');
  assert.equal(usage.status, 2, usage.stderr);
  const damaged = run('--recording', fileOf('damaged.ndjson', '{"format":"bm-recording","version":1,"venue":"x","topics":[],"started":0}\nnot json\n'));
  assert.equal(damaged.status, 5, damaged.stderr);
  assert.match(damaged.stderr, /line 2 is not a recorded event.*nothing was run/);
});

test('bm bot run stopped by SIGINT: the bot returns, the order it left open is cancelled, exit 130', async () => {
  ensureBuilt();
  const a = h.sandbox().exchange.createAccount({ USDT: '1000' });
  const price = String(Math.floor(Number(h.sandbox().exchange.ticker('BTC_USDT').last_price) * 0.95));
  const bot = fileOf('rest.mjs', `export default async function ({ client, clock, log }) {
  await client.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001', price: '${price}' });
  log('resting');
  try { await clock.sleep(3_600_000); } finally { log('stopped'); }
}\n`);
  const child = spawn(process.execPath, [BIN, 'bot', 'run', bot, '--on-exit', 'cancel'], {
    env: { ...isolatedEnv(), BM_BASE_URL: h.base(), BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    stderr += c;
    if (/bot: resting/.test(stderr) && !child.killed) child.kill('SIGINT');
  });
  const code = await new Promise<number | null>((r) => child.on('close', r));
  assert.equal(code, 130, stderr);
  assert.match(stderr, /bot: stopped/);
  assert.match(stdout, /1 order\(s\) placed \(BTC_USDT 1\); open at the end: 1 cancelled, 0 left/);
  assert.deepEqual(h.sandbox().exchange.orders(a.id, 'BTC_USDT', [4, 5], 10), []);
});
