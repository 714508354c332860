// `bm watch` without a terminal (NDJSON, --once, --duration), run in this process against the in-process
// sandbox. Ctrl-C end to end (a real SIGINT to a real process) is in watch-signal.test.ts, on the binary.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SandboxAccount } from '../../src/sandbox/exchange-api.js';
import { isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { useSandbox } from '../helpers/sandbox-server.js';

// The real sandbox: its simulated market trades and moves the book on its own.
// Strict: bm follows the spec's letter (docs/sandbox.md, "Two modes").
const h = useSandbox(23, { strict: true, warm: true });
let made: SandboxAccount | undefined;
const account = () => (made ??= h.sandbox().exchange.createAccount({ USDT: '1000000' }));

const venue = () => ['--ws-url', h.base().replace(/^http/, 'ws'), '--base-url', h.base()];
const creds = (secret = account().secret) => isolatedEnv({ BM_API_KEY: account().key, BM_API_SECRET: secret, BM_API_MEMO: account().memo });
const lines = (out: string) => out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

// A watch that is not connected when its --duration ends is exit 8: the durations leave a loaded machine time to connect.
test('watch depth -o ndjson --duration 4: one JSON object per push, no ANSI, ends by itself with exit 0', async () => {
  const r = await runBm(['watch', 'depth', 'BTC_USDT', '--levels', '20', '-o', 'ndjson', '--duration', '4', ...venue()], isolatedEnv());
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /\x1b/);
  const objs = lines(r.stdout);
  assert.ok(objs.length >= 1, 'the current book at once');
  for (const o of objs) {
    assert.equal(o.table, 'spot/depth20');
    assert.equal(o.symbol, 'BTC_USDT');
    assert.equal((o.asks as unknown[]).length, 20);
  }
  // The book at once, then at most one push per 0.5 s: within 4 s, at most 1 + 4 / 0.5 + 1 frames (a load
  // can only make fewer). The pushes' `ms_t` is when the book last changed, not when it was sent, so two
  // stamps can be closer than 0.5 s; the count is what the pacing bounds.
  assert.ok(objs.length <= 10, `${objs.length} pushes in 4 s`);
});

test('watch ticker of two pairs piped (no -o): NDJSON routed by symbol; --fields narrows it', async () => {
  const r = await runBm(['watch', 'ticker', 'BTC_USDT', 'ETH_USDT', '--duration', '4', '--fields', 'symbol,last_price', ...venue()], isolatedEnv());
  assert.equal(r.code, 0, r.stderr);
  const objs = lines(r.stdout);
  assert.deepEqual([...new Set(objs.map((o) => o.symbol))].sort(), ['BTC_USDT', 'ETH_USDT']);
  for (const o of objs) assert.deepEqual(Object.keys(o), ['symbol', 'last_price']);
});

test('watch trades --once prints the recent trades and exits 0; kline --once one candle', async () => {
  // The sandbox starts with no trade: ten seconds of its market (a trade every 0.5 s) put some on the tape.
  h.skip(10_000);
  const r = await runBm(['watch', 'trades', 'BTC_USDT', '--once', ...venue()], isolatedEnv());
  assert.equal(r.code, 0, r.stderr);
  const objs = lines(r.stdout);
  assert.ok(objs.length >= 1);
  assert.deepEqual(Object.keys(objs[0]!).sort(), ['ms_t', 'price', 's_t', 'side', 'size', 'symbol', 'table']);
  const k = await runBm(['watch', 'kline', 'BTC_USDT', '--interval', '1H', '--once', '-o', 'json', ...venue()], isolatedEnv());
  assert.equal(k.code, 0, k.stderr);
  const arr = JSON.parse(k.stdout) as { table: string; candle: unknown[] }[];
  assert.equal(arr[0]!.table, 'spot/kline1H');
  assert.equal(arr[0]!.candle.length, 6);
});

test('watch orders with a wrong secret: login refused, code 91011, exit 4, JSON error on stderr', async () => {
  const r = await runBm(['watch', 'orders', 'BTC_USDT', '-o', 'ndjson', '--duration', '5', ...venue()], creds('wrong'));
  assert.equal(r.code, 4);
  assert.match(r.stderr, /WebSocket login failed/);
  assert.match(r.stderr, /"code":"91011"/);
  assert.match(r.stderr, /memo or service/);
});

test('an unknown pair is refused by the venue (exit 6); a malformed one never leaves (exit 2)', async () => {
  const r = await runBm(['watch', 'ticker', 'NOPE_USDT', '--once', ...venue()], isolatedEnv());
  assert.equal(r.code, 6);
  assert.match(r.stderr, /92001/);
  const u = await runBm(['watch', 'depth', 'BTCUSDT', '--levels', '7', ...venue()], isolatedEnv());
  assert.equal(u.code, 2);
  const d = await runBm(['watch', 'depth', 'BTC_USDT', '--duration', 'soon', ...venue()], isolatedEnv());
  assert.equal(d.code, 2);
  assert.match(d.stderr, /--duration/);
});

test('the login constant follows the venue service (--service): the sandbox\'s own (exchange) accepted, another 91011', async () => {
  const env = creds();
  const ok = await runBm(['watch', 'orders', 'BTC_USDT', '--once', '--service', 'exchange', ...venue()], env);
  assert.equal(ok.code, 0, ok.stderr);
  const bad = await runBm(['watch', 'orders', 'BTC_USDT', '--once', '--service', 'bitmart', ...venue()], env);
  assert.equal(bad.code, 4);
  assert.match(bad.stderr, /91011/);
});

test('--duration with no venue at the address: exit 8 with a hint, as without --duration', async () => {
  // Port 1: nothing listens there. (A port just freed could be taken meanwhile by a venue another test starts.)
  const port = 1;
  const r = await runBm(['watch', 'ticker', 'BTC_USDT', '-o', 'ndjson', '--duration', '1', '--ws-url', `ws://127.0.0.1:${port}`, '--base-url', `http://127.0.0.1:${port}`], isolatedEnv());
  assert.equal(r.code, 8, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /no connection to ws:\/\/127\.0\.0\.1:\d+\/api\?protocol=1\.1 within --duration/);
});
