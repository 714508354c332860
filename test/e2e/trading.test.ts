// Trading through the command line, run in this process against the in-process sandbox (strict, no warm-up).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { isolatedEnv } from '../helpers/bm.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { runBm, runCli } from '../helpers/in-process.js';
import { skipClock } from '../helpers/skip-clock.js';
import { useSandbox } from '../helpers/sandbox-server.js';
import { parseJson, scalarText } from '../../src/util/json.js';

const h = useSandbox(3, { strict: true });
let made: Promise<Record<string, string>> | undefined;
/** The funded account's isolated environment, made on first use (the sandbox starts in a hook of its own). */
const creds = () => (made ??= account('USDT=1000000,BTC=5').then(isolatedEnv));
const run = async (...args: string[]) => runBm(['--base-url', h.base(), ...args], await creds());

async function account(deposit: string, permissions = 'trade'): Promise<Record<string, string>> {
  const r = await runBm(['--base-url', h.base(), 'sandbox', 'account', 'create', '--deposit', deposit, '--permissions', permissions, '--json'], isolatedEnv());
  assert.equal(r.code, 0, r.stderr);
  const a = JSON.parse(r.stdout) as { key: string; secret: string; memo: string };
  return { BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo };
}

async function price(symbol: string): Promise<string> {
  const t = parseJson((await run('ticker', symbol, '--json')).stdout) as { tickers: Array<{ last_price: string; best_bid: string; best_ask: string }> };
  return t.tickers[0]!.last_price;
}

/** A price well below the market with at most 2 decimals, so a buy rests in the book. */
async function restingBid(): Promise<string> {
  const p = await price('BTC_USDT');
  return String(BigInt(p.split('.')[0]!) / 2n);
}

test('wallet shows the deposit as exact decimals', async () => {
  const r = await run('wallet', '--json');
  assert.equal(r.code, 0, r.stderr);
  const usdt = (JSON.parse(r.stdout).wallet as Array<{ id: string; available: string }>).find((w) => w.id === 'USDT');
  assert.match(usdt!.available, /^1000000(\.0+)?$/);
});

test('a limit order rests, is found by client order id, listed as open, and cancelled once', async () => {
  const bid = await restingBid();
  const placed = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', bid, '--client-order-id', 'e2eRest1', '--yes', '--json');
  assert.equal(placed.code, 0, placed.stderr);
  const d = parseJson(placed.stdout) as { order_id: unknown; client_order_id: string };
  const id = scalarText(d.order_id);
  assert.ok(BigInt(id) > 2n ** 53n, `order id ${id} is beyond 2^53 and exact`);
  assert.equal(d.client_order_id, 'e2eRest1');

  const got = parseJson((await run('order', 'get', 'BTC_USDT', '--client-order-id', 'e2eRest1', '--json')).stdout) as Record<string, unknown>;
  assert.equal(scalarText(got.order_id), id);
  assert.equal(scalarText(got.status), '4');
  const table = await run('order', 'list', 'BTC_USDT', '--status', 'open', '-o', 'table');
  assert.match(table.stdout, new RegExp(`${id} .* pending `));

  const c1 = await run('order', 'cancel', 'BTC_USDT', '--order-id', id, '--yes', '--json');
  assert.equal(c1.code, 0, c1.stderr);
  assert.deepEqual(JSON.parse(c1.stdout), { order_id: id, client_order_id: null, result: 'cancelled' });
  // The venue answers a finished order's cancel with result false: settled, not an error.
  const c2 = await run('order', 'cancel', 'BTC_USDT', '--order-id', id, '--yes', '--json');
  assert.equal(c2.code, 0, c2.stderr);
  assert.equal(JSON.parse(c2.stdout).result, 'not cancelled: already filled or cancelled');
  assert.match(c2.stderr, /order cancel: not cancelled: already filled or cancelled/);
});

test('writes without a terminal and without --yes fail at once; invalid orders send nothing', async () => {
  const before = (await run('order', 'list', 'BTC_USDT', '--status', 'open', '--json')).stdout;
  const noYes = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid());
  assert.equal(noYes.code, 2);
  assert.match(noYes.stderr, /--yes/);
  for (const args of [
    ['--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', '100.123456789'],
    ['--side', 'buy', '--type', 'market', '--size', '1'],
    ['--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', '100', '--client-order-id', 'has-dash'],
    ['--side', 'buy', '--type', 'limit', '--size', '200000000', '--price', '100'],
  ]) {
    const r = await run('order', 'place', 'BTC_USDT', ...args, '--yes', '--verbose');
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.doesNotMatch(r.stderr, /> POST/);
    assert.equal(r.stderr.split('\n').filter((l) => l.startsWith('error:')).length, 1);
  }
  assert.equal((await run('order', 'list', 'BTC_USDT', '--status', 'open', '--json')).stdout, before);
});

test('--dry-run prints the exact signed request with the signature redacted, and places nothing', async () => {
  const env = await creds();
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', '1000', '--client-order-id', 'dry1', '--dry-run');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^POST .*\/spot\/v2\/submit_order\n/);
  assert.match(r.stdout, /x-bm-sign: \[redacted\]/);
  assert.match(r.stdout, /\{"symbol":"BTC_USDT","side":"buy","type":"limit","size":"0.01","price":"1000","client_order_id":"dry1"\}/);
  assert.doesNotMatch(r.stdout + r.stderr, new RegExp(env.BM_API_SECRET!));
  assert.equal((await run('order', 'get', 'BTC_USDT', '--client-order-id', 'dry1')).code, 6);
});

test('a market buy by notional fills and shows up in fills', async () => {
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'market', '--notional', '100', '--client-order-id', 'e2eMkt1', '--yes', '--json');
  assert.equal(r.code, 0, r.stderr);
  const o = parseJson((await run('order', 'get', 'BTC_USDT', '--client-order-id', 'e2eMkt1', '--json')).stdout) as Record<string, unknown>;
  assert.equal(scalarText(o.status), '6');
  const fills = JSON.parse((await run('order', 'fills', 'BTC_USDT', '--json')).stdout).trades as unknown[];
  assert.ok(fills.length >= 1);
});

test('batch: all checked before any is sent, 10 per request, each outcome reported, exit 9 on partial failure', async () => {
  const env = await creds();
  const dir = env.HOME!;
  const bid = await restingBid();
  const good = Array.from({ length: 12 }, (_, i) => JSON.stringify({ side: 'buy', type: 'limit', size: '0.001', price: bid, client_order_id: `b${i}x` }));
  const badFile = join(dir, 'bad.ndjson');
  writeFileSync(badFile, [...good.slice(0, 3), JSON.stringify({ side: 'buy', type: 'limit', size: '0.001', price: '1.123456789' })].join('\n'));
  const bad = await run('order', 'batch', 'BTC_USDT', '--file', badFile, '--yes');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /line 4: --price/);
  assert.equal((await run('order', 'get', 'BTC_USDT', '--client-order-id', 'b0x')).code, 6, 'nothing was sent');

  const okFile = join(dir, 'ok.ndjson');
  writeFileSync(okFile, good.join('\n'));
  const ok = await run('order', 'batch', 'BTC_USDT', '--file', okFile, '--yes', '-o', 'ndjson');
  assert.equal(ok.code, 0, ok.stderr);
  const rows = ok.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(rows.length, 12);
  assert.ok(rows.every((x) => x.result === 'placed'));

  const partial = join(dir, 'partial.json');
  writeFileSync(partial, JSON.stringify([{ side: 'buy', type: 'limit', size: '0.001', price: bid }, { side: 'sell', type: 'limit', size: '90', price: '999999' }]));
  const p = await run('order', 'batch', 'BTC_USDT', '--file', partial, '--yes', '-o', 'ndjson');
  assert.equal(p.code, 9, p.stderr);
  assert.deepEqual(p.stdout.trim().split('\n').map((l) => JSON.parse(l).result), ['placed', 'rejected']);
});

test('cancel-all cancels the open orders of a pair', async () => {
  const r = await run('order', 'cancel-all', 'BTC_USDT', '--yes');
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse((await run('order', 'list', 'BTC_USDT', '--status', 'open', '--json')).stdout).orders, []);
});

test('sign-test, funding, contract and broker commands answer', async () => {
  for (const args of [['sign-test', 'get'], ['sign-test', 'post'], ['funding', 'currencies'], ['funding', 'history', '--type', 'deposit'], ['contract', 'accounts'], ['contract', 'liquidations'], ['broker', 'rebate']]) {
    const r = await run(...args);
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
  }
});

test('a wrong secret is exit 4 with the memo hint; a read-only key cannot trade', async () => {
  const env = await creds();
  const wrong = await runBm(['--base-url', h.base(), 'sign-test', 'get'], { ...env, BM_API_SECRET: 'ff'.repeat(32) });
  assert.equal(wrong.code, 4);
  assert.match(wrong.stderr, /30005[\s\S]*hint: .*memo/);
  const ro = isolatedEnv(await account('USDT=1000', 'read-only'));
  const r = await runBm(['--base-url', h.base(), 'order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid(), '--yes'], ro);
  assert.equal(r.code, 4, r.stderr);
});

test('a place that times out is looked up by client order id, not sent again', async () => {
  const env = await creds();
  const p = await startFaultProxy(h.base());
  try {
    p.add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'cut' } });
    const r = await runBm(['--base-url', p.url, '--timeout', '30000', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid(), '--client-order-id', 'lostAnswer1', '--yes', '--json'], env);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /looking it up \(bm order get BTC_USDT --client-order-id lostAnswer1\) instead of sending it again/);
    assert.equal(p.count('POST', '/spot/v2/submit_order'), 1, 'sent once');
    const list = parseJson((await run('order', 'list', 'BTC_USDT', '--status', 'open', '--json')).stdout) as { orders: Array<{ clientOrderId?: string; client_order_id?: string }> };
    assert.equal(list.orders.filter((o) => (o.clientOrderId ?? o.client_order_id) === 'lostAnswer1').length, 1, 'placed exactly once');
    p.clear();
    const clock = skipClock();
    p.add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'hang' }, held: () => clock.skip(30_000) });
    const q = await runCli(['--base-url', p.url, '--timeout', '30000', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid(), '--client-order-id', 'neverSent1', '--yes'], { env, clock });
    assert.equal(q.code, 11, q.stderr);
    assert.match(q.stderr, /order place: outcome unknown[\s\S]*hint: check with: bm order get BTC_USDT --client-order-id neverSent1/);
  } finally {
    await p.close();
  }
});
