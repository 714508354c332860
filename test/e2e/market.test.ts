// Market data commands, run in this process against the in-process sandbox (strict, no warm-up).
// The first run that starts the built-in sandbox (a process of its own) is in market-first-run.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { useSandbox } from '../helpers/sandbox-server.js';
import { parseJson, scalarText } from '../../src/util/json.js';

const h = useSandbox(7, { strict: true, warm: true });
const env = isolatedEnv();
const run = (...args: string[]) => runBm(['--base-url', h.base(), ...args], env);

test('time: tsv row of server time, local time and offset; json is the data as sent', async () => {
  const r = await run('time');
  assert.equal(r.code, 0, r.stderr);
  const [server, local, offset] = r.stdout.trim().split('\t');
  assert.match(server!, /^[0-9]{13}$/);
  assert.match(local!, /^[0-9]{13}$/);
  assert.ok(Math.abs(Number(offset)) < 5000);
  const j = JSON.parse((await run('time', '--json')).stdout);
  assert.deepEqual(Object.keys(j), ['server_time']);
});

test('service answers under serivce or service', async () => {
  const r = await run('service', '--json');
  assert.equal(r.code, 0, r.stderr);
  const d = JSON.parse(r.stdout);
  assert.ok(Array.isArray(d.serivce ?? d.service));
});

test('currencies, symbols, steps', async () => {
  assert.match((await run('currencies')).stdout, /^BTC\t/m);
  assert.match((await run('symbols')).stdout, /^BTC_USDT$/m);
  assert.match((await run('steps')).stdout, /^1\n3\n5\n15\n/);
});

test('symbol-details filters locally; an unknown pair is exit 6 with a hint', async () => {
  const r = await run('symbol-details', 'BTC_USDT', 'eth_usdt', '--json');
  assert.equal(r.code, 0, r.stderr);
  const d = JSON.parse(r.stdout);
  assert.deepEqual(d.symbols.map((s: { symbol: string }) => s.symbol).sort(), ['BTC_USDT', 'ETH_USDT']);
  const bad = await run('symbol-details', 'NOPE_USDT');
  assert.equal(bad.code, 6);
  assert.match(bad.stderr, /^error: no such pair: NOPE_USDT\n.*50001.*\nhint: list pairs with: bm symbols\n$/);
});

test('ticker in every format, with exact decimals', async () => {
  const tsv = await run('ticker', 'BTC_USDT');
  assert.equal(tsv.code, 0, tsv.stderr);
  assert.match(tsv.stdout, /^BTC_USDT\t[0-9]+\.?[0-9]*\t[+-]?[0-9.]+%\t/, 'the 24h change as a percentage');
  const json = parseJson((await run('ticker', 'BTC_USDT', '-o', 'json')).stdout) as { tickers: Array<Record<string, unknown>> };
  const t = json.tickers[0]!;
  assert.equal(typeof t.last_price, 'string');
  assert.match(String(t.last_price), /^[0-9]+(\.[0-9]+)?$/);
  const csv = (await run('ticker', 'BTC_USDT', '-o', 'csv', '--fields', 'symbol,last_price')).stdout.split('\n');
  assert.equal(csv[0], 'symbol,last_price');
  assert.match(csv[1]!, /^BTC_USDT,[0-9.]+$/);
  const nd = (await run('ticker', '-o', 'ndjson', '--fields', 'symbol')).stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.ok(nd.length >= 2 && nd.every((o) => Object.keys(o).join() === 'symbol'));
  const table = (await run('ticker', '-o', 'table')).stdout.split('\n');
  assert.match(table[0]!, /^symbol +last_price +fluctuation/);
  // Decimal points of the price column line up.
  const points = table.slice(1).filter(Boolean).map((l) => l.indexOf('.', l.indexOf(' ')));
  assert.ok(points.every((p) => p === points[0]), `points at ${points}`);
});

test('an unknown pair is a venue error with code, message, trace and hint; -o json adds a JSON error', async () => {
  const r = await run('ticker', 'NOPE_USDT', '-o', 'json');
  assert.equal(r.code, 6);
  assert.equal(r.stdout, '');
  const lines = r.stderr.trim().split('\n');
  assert.match(lines[0]!, /^error: /);
  assert.match(r.stderr, /hint: /);
  const e = JSON.parse(lines[lines.length - 1]!).error;
  assert.equal(e.exit_code, 6);
  assert.equal(e.category, 'venue');
  for (const k of ['category', 'code', 'http_status', 'message', 'trace', 'hint', 'retryable', 'exit_code']) assert.ok(k in e, k);
});

test('book: asks then bids with sides; bounds checked locally and nothing sent', async () => {
  const r = await run('book', 'BTC_USDT', '--size', '5');
  assert.equal(r.code, 0, r.stderr);
  const rows = r.stdout.trim().split('\n').map((l) => l.split('\t'));
  assert.equal(rows.length, 10);
  assert.deepEqual(rows.map((x) => x[0]), [...Array(5).fill('ask'), ...Array(5).fill('bid')]);
  for (const size of ['0', '201', 'x']) {
    const bad = await run('book', 'BTC_USDT', '--size', size, '--verbose');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--size: .*(1 to 200)/);
    assert.doesNotMatch(bad.stderr, /> GET/);
  }
});

test('trades --limit', async () => {
  // The sandbox starts with no trade: ten seconds of its market (a trade every 0.5 s) put some on the tape.
  h.skip(10_000);
  const r = await run('trades', 'BTC_USDT', '--limit', '10', '--json');
  assert.equal(r.code, 0, r.stderr);
  const d = JSON.parse(r.stdout);
  assert.ok(d.trades.length > 0 && d.trades.length <= 10);
});

test('kline pages long ranges with no gap or repeat, and reports progress on stderr', async () => {
  const to = Math.floor(Date.now() / 1000 / 60) * 60 - 3600;
  const from = to - 1499 * 60;
  const r = await run('kline', 'BTC_USDT', '--from', String(from), '--to', String(to), '--step', '1m', '-o', 'ndjson');
  assert.equal(r.code, 0, r.stderr);
  const ts = r.stdout.trim().split('\n').map((l) => Number(scalarText((parseJson(l) as { timestamp: unknown }).timestamp)));
  assert.equal(ts.length, 1500);
  assert.equal(ts[0], from);
  for (let i = 1; i < ts.length; i++) assert.equal(ts[i]! - ts[i - 1]!, 60);
  assert.match(r.stderr, /fetching candles: page 3\/3/);
  const bad = await run('kline', 'BTC_USDT', '--step', '7m');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--step: '7m' is not a width this venue has \(allowed: 1m, 3m, 5m, 15m, 30m, 45m, 1h, 2h, 3h, 4h, 1d, 1w, 1M; or minutes\)/);
});

test('kline --chart draws candles', async () => {
  const r = await run('kline', 'BTC_USDT', '--from', '-2h', '--step', '1m', '--chart');
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.ok(lines.length >= 20);
  assert.match(r.stdout, /[┃│]/);
  assert.match(lines[0]!, / [0-9]+(\.[0-9]+)?$/);
});

test('bm api calls any endpoint; --dry-run prints the exact request and sends nothing', async () => {
  const r = await run('api', 'GET', '/spot/v1/ticker', '-f', 'symbol=BTC_USDT');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).tickers[0].symbol, 'BTC_USDT');
  const d = await run('book', 'BTC_USDT', '--size', '3', '--dry-run');
  assert.equal(d.code, 0);
  assert.equal(d.stdout.split('\n')[0], `GET ${h.base()}/spot/v1/symbols/book?symbol=BTC_USDT&size=3`);
});

test('an unreachable venue is exit 8', async () => {
  const r = await runBm(['--base-url', 'http://127.0.0.1:1', 'ticker', 'BTC_USDT'], env);
  assert.equal(r.code, 8);
  assert.match(r.stderr, /hint: is the venue running/);
});
