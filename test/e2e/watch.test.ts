import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { bmAsync, ensureBuilt, isolatedEnv } from '../helpers/bm.js';
import { ACCOUNT, order } from '../helpers/fake-exchange.js';
import { startWsServer, type TestServer } from '../helpers/ws-server.js';

let srv: TestServer;
let stopFeed: () => void;
before(async () => {
  ensureBuilt();
  srv = await startWsServer();
  stopFeed = srv.ex.tick(50);
});
after(async () => {
  stopFeed();
  await srv.close();
});

const venue = () => ['--ws-url', srv.wsUrl, '--base-url', srv.httpUrl];
const lines = (out: string) => out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

test('watch depth -o ndjson --duration 2: one JSON object per push, no ANSI, exit 0', async () => {
  const t0 = Date.now();
  const r = await bmAsync(['watch', 'depth', 'BTC_USDT', '--levels', '20', '-o', 'ndjson', '--duration', '2', ...venue()], isolatedEnv());
  assert.equal(r.code, 0, r.stderr);
  const took = Date.now() - t0;
  assert.ok(took >= 2000 && took < 6000, `took ${took} ms`);
  assert.doesNotMatch(r.stdout, /\x1b/);
  const objs = lines(r.stdout);
  // The current book at once, then one push per 0.5 s at most: 3 to 6 in 2 s.
  assert.ok(objs.length >= 3 && objs.length <= 6, `${objs.length} pushes`);
  for (const o of objs) {
    assert.equal(o.table, 'spot/depth20');
    assert.equal(o.symbol, 'BTC_USDT');
    assert.equal((o.asks as unknown[]).length, 20);
  }
});

test('watch ticker of two pairs piped (no -o): NDJSON routed by symbol; --fields narrows it', async () => {
  const r = await bmAsync(['watch', 'ticker', 'BTC_USDT', 'ETH_USDT', '--duration', '1', '--fields', 'symbol,last_price', ...venue()], isolatedEnv());
  assert.equal(r.code, 0, r.stderr);
  const objs = lines(r.stdout);
  assert.deepEqual([...new Set(objs.map((o) => o.symbol))].sort(), ['BTC_USDT', 'ETH_USDT']);
  for (const o of objs) assert.deepEqual(Object.keys(o), ['symbol', 'last_price']);
});

test('watch trades --once prints the recent trades and exits 0; kline --once one candle', async () => {
  const r = await bmAsync(['watch', 'trades', 'BTC_USDT', '--once', ...venue()], isolatedEnv());
  assert.equal(r.code, 0, r.stderr);
  const objs = lines(r.stdout);
  assert.ok(objs.length >= 1);
  assert.deepEqual(Object.keys(objs[0]!).sort(), ['ms_t', 'price', 's_t', 'side', 'size', 'symbol', 'table']);
  const k = await bmAsync(['watch', 'kline', 'BTC_USDT', '--interval', '1H', '--once', '-o', 'json', ...venue()], isolatedEnv());
  assert.equal(k.code, 0, k.stderr);
  const arr = JSON.parse(k.stdout) as { table: string; candle: unknown[] }[];
  assert.equal(arr[0]!.table, 'spot/kline1H');
  assert.equal(arr[0]!.candle.length, 6);
});

test('watch orders: logs in with the credentials and streams order progress with exact ids', async () => {
  srv.ex.openOrders = [order()];
  const env = isolatedEnv({ BM_API_KEY: ACCOUNT.key, BM_API_SECRET: ACCOUNT.secret, BM_API_MEMO: ACCOUNT.memo });
  const run = bmAsync(['watch', 'orders', 'BTC_USDT', '-o', 'ndjson', '--duration', '1.5', ...venue()], env);
  setTimeout(() => srv.ex.emit('order', order({ order_id: '983347420821295423', status: 8, update_time: Date.now() })), 700);
  const r = await run;
  assert.equal(r.code, 0, r.stderr);
  const ids = lines(r.stdout).map((o) => o.order_id);
  assert.deepEqual(ids, ['183347420821295423', '983347420821295423']);
  assert.match(r.stdout, /"state":"8"/);
});

test('watch orders with a wrong secret: login refused, code 91011, exit 4, JSON error on stderr', async () => {
  const env = isolatedEnv({ BM_API_KEY: ACCOUNT.key, BM_API_SECRET: 'wrong', BM_API_MEMO: ACCOUNT.memo });
  const r = await bmAsync(['watch', 'orders', 'BTC_USDT', '-o', 'ndjson', '--duration', '5', ...venue()], env);
  assert.equal(r.code, 4);
  assert.match(r.stderr, /WebSocket login failed/);
  assert.match(r.stderr, /"code":"91011"/);
  assert.match(r.stderr, /memo or service/);
});

test('an unknown pair is refused by the venue (exit 6); a malformed one never leaves (exit 2)', async () => {
  const r = await bmAsync(['watch', 'ticker', 'NOPE_USDT', '--once', ...venue()], isolatedEnv());
  assert.equal(r.code, 6);
  assert.match(r.stderr, /92001/);
  const u = await bmAsync(['watch', 'depth', 'BTCUSDT', '--levels', '7', ...venue()], isolatedEnv());
  assert.equal(u.code, 2);
  const d = await bmAsync(['watch', 'depth', 'BTC_USDT', '--duration', 'soon', ...venue()], isolatedEnv());
  assert.equal(d.code, 2);
  assert.match(d.stderr, /--duration/);
});

test('the login constant follows the venue service (--service): bitmart accepted, anything else 91011', async () => {
  const env = isolatedEnv({ BM_API_KEY: ACCOUNT.key, BM_API_SECRET: ACCOUNT.secret, BM_API_MEMO: ACCOUNT.memo });
  const ok = await bmAsync(['watch', 'orders', 'BTC_USDT', '--once', '--service', 'bitmart', ...venue()], env);
  assert.equal(ok.code, 0, ok.stderr);
  const bad = await bmAsync(['watch', 'orders', 'BTC_USDT', '--once', '--service', 'acme', ...venue()], env);
  assert.equal(bad.code, 4);
  assert.match(bad.stderr, /91011/);
});

test('--duration with no venue at the address: exit 8 with a hint, as without --duration', async () => {
  // A port that was just free: nothing listens there.
  const { createServer } = await import('node:net');
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  const r = await bmAsync(['watch', 'ticker', 'BTC_USDT', '-o', 'ndjson', '--duration', '1', '--ws-url', `ws://127.0.0.1:${port}`, '--base-url', `http://127.0.0.1:${port}`], isolatedEnv());
  assert.equal(r.code, 8, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /no connection to ws:\/\/127\.0\.0\.1:\d+\/api\?protocol=1\.1 within --duration/);
});
