/**
 * Ids in json and ndjson survive a reader that parses numbers as doubles (jq 1.6, `JSON.parse`): the
 * sandbox's ids are beyond 2^53, every id `bm` prints in JSON is a string, and an id read that way
 * cancels its order. Rows of order get, list, fills, batch and the orders stream alike.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { SandboxAccount } from '../../src/sandbox/exchange-api.js';
import { has, isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { startBm } from '../helpers/in-process-stream.js';
import { useSandbox } from '../helpers/sandbox-server.js';

const h = useSandbox(37, { strict: true });
let made: SandboxAccount | undefined;
const account = () => (made ??= h.sandbox().exchange.createAccount({ USDT: '1000000', BTC: '10' }));
let home: Record<string, string> | undefined;
const env = () => (home ??= isolatedEnv({ BM_API_KEY: account().key, BM_API_SECRET: account().secret, BM_API_MEMO: account().memo }));
const venue = () => ['--base-url', h.base(), '--ws-url', h.base().replace(/^http/, 'ws')];

/** Runs bm against the sandbox; fails the test on a non-zero exit. */
async function ok(...args: string[]): Promise<string> {
  const r = await runBm([...venue(), ...args], env());
  assert.equal(r.code, 0, `bm ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** A buy price far under the market: the order rests until cancelled. */
function low(): string {
  return String(BigInt(h.sandbox().exchange.ticker('BTC_USDT').best_bid.split('.')[0]!) / 2n);
}

/** What jq 1.6 and JavaScript do with a JSON text: numbers become doubles. */
const lines = (out: string) => out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

/** An id as a reader gets it: a string of digits beyond 2^53 (a sandbox id), else the test means nothing. */
function bigId(v: unknown, what: string): string {
  assert.equal(typeof v, 'string', `${what} is a JSON string (got ${String(v)})`);
  assert.ok(BigInt(v as string) > 2n ** 53n, `${what} ${String(v)} is beyond 2^53`);
  return v as string;
}

test('order place --json read by JSON.parse gives the exact order id, and the cancel by it succeeds', async () => {
  const placed = JSON.parse(await ok('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', low(), '--client-order-id', 'idsPlace1', '--yes', '--json')) as Record<string, unknown>;
  const id = bigId(placed.order_id, 'order_id');
  const exact = (await ok('order', 'get', 'BTC_USDT', '--client-order-id', 'idsPlace1', '--fields', 'order_id')).trim();
  assert.equal(id, exact, 'the id read from JSON is the order\'s id, digit for digit');
  await ok('order', 'cancel', 'BTC_USDT', '--order-id', id, '--yes');
  const got = JSON.parse(await ok('order', 'get', 'BTC_USDT', '--order-id', id, '--json')) as Record<string, unknown>;
  assert.equal(bigId(got.order_id, 'order get order_id'), id);
  assert.equal(got.status, '8', 'cancelled');
  // Safe integers that are not ids stay numbers.
  assert.equal(typeof got.create_time, 'number');
});

test('--raw-ids prints the id as sent: a bare number a double cannot hold', async () => {
  const out = await ok('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', low(), '--client-order-id', 'idsRaw1', '--yes', '--json', '--raw-ids');
  const exact = (await ok('order', 'get', 'BTC_USDT', '--client-order-id', 'idsRaw1', '--fields', 'order_id')).trim();
  assert.match(out, new RegExp(`"order_id": ${exact}\\b`));
  const n = (JSON.parse(out) as { order_id: unknown }).order_id;
  assert.equal(typeof n, 'number');
  assert.ok(!Number.isSafeInteger(n), 'a reader of doubles cannot trust it');
});

test('jq reads the id from --json (exactly, where --raw-ids would have it rounded) and cancels by it', { skip: has('jq') ? false : 'jq is not installed' }, async () => {
  const jq = (text: string) => spawnSync('jq', ['-r', '.order_id'], { input: text, encoding: 'utf8' }).stdout.trim();
  const place = (cid: string, ...more: string[]) => ok('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', low(), '--client-order-id', cid, '--yes', '--json', ...more);
  const exactOf = async (cid: string) => (await ok('order', 'get', 'BTC_USDT', '--client-order-id', cid, '--fields', 'order_id')).trim();
  const id = jq(await place('idsJq1'));
  assert.equal(id, await exactOf('idsJq1'));
  await ok('order', 'cancel', 'BTC_USDT', '--order-id', id, '--yes');
  // The same read of a bare number: jq 1.6 goes through a double, later versions keep the literal.
  const raw = jq(await place('idsJq2', '--raw-ids'));
  const exact = await exactOf('idsJq2');
  const old = /^jq-1\.[0-6]\b/.test(spawnSync('jq', ['--version'], { encoding: 'utf8' }).stdout);
  if (old && BigInt(Number(exact)) !== BigInt(exact)) assert.notEqual(raw, exact, 'jq 1.6 rounds a bare id a double cannot hold');
  await ok('order', 'cancel', 'BTC_USDT', '--order-id', exact, '--yes');
});

test('ndjson rows of order list and order fills carry ids as strings, equal to the exact ids', async () => {
  await ok('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', low(), '--client-order-id', 'idsList1', '--yes');
  await ok('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'market', '--notional', '100', '--client-order-id', 'idsFill1', '--yes');
  const open = lines(await ok('order', 'list', 'BTC_USDT', '--status', 'open', '-o', 'ndjson'));
  const openIds = (await ok('order', 'list', 'BTC_USDT', '--status', 'open', '--fields', 'order_id')).trim().split('\n');
  assert.ok(open.some((o) => o.clientOrderId === 'idsList1'), 'the resting order is listed');
  assert.deepEqual(open.map((o, i) => bigId(o.order_id, `order list row ${i}`)), openIds);
  const fills = lines(await ok('order', 'fills', 'BTC_USDT', '-o', 'ndjson'));
  const fillIds = (await ok('order', 'fills', 'BTC_USDT', '--fields', 'detail_id,order_id')).trim().split('\n');
  assert.ok(fills.length >= 1, 'the market order filled');
  assert.deepEqual(fills.map((f, i) => `${bigId(f.detail_id, `fill ${i} detail_id`)}\t${bigId(f.order_id, `fill ${i} order_id`)}`), fillIds);
});

test('order batch rows (ndjson and json) carry order ids as strings that cancel their orders', async () => {
  const file = join(env().HOME!, 'ids-batch.ndjson');
  const price = low();
  writeFileSync(file, ['idsB1', 'idsB2'].map((c) => JSON.stringify({ side: 'buy', type: 'limit', size: '0.001', price, client_order_id: c })).join('\n'));
  const rows = lines(await ok('order', 'batch', 'BTC_USDT', '--file', file, '--yes', '-o', 'ndjson'));
  assert.deepEqual(rows.map((r) => r.result), ['placed', 'placed']);
  await ok('order', 'cancel', 'BTC_USDT', '--order-id', bigId(rows[0]!.order_id, 'batch ndjson order_id'), '--yes');
  writeFileSync(file, JSON.stringify({ side: 'buy', type: 'limit', size: '0.001', price, client_order_id: 'idsB3' }));
  const doc = JSON.parse(await ok('order', 'batch', 'BTC_USDT', '--file', file, '--yes', '-o', 'json')) as { responses: Array<Record<string, unknown>> };
  await ok('order', 'cancel', 'BTC_USDT', '--order-id', bigId(doc.responses[0]!.order_id, 'batch json order_id'), '--yes');
});

test('watch orders ndjson: the pushed order id is a string equal to the placed one', async () => {
  const run = startBm([...venue(), 'watch', 'orders', 'BTC_USDT', '-o', 'ndjson', '--duration', '60'], env());
  try {
    await run.waitFor(/"client_order_id":"idsList1"/);
    const placed = JSON.parse(await ok('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', low(), '--client-order-id', 'idsWatch1', '--yes', '--json')) as Record<string, unknown>;
    await run.waitFor(/"client_order_id":"idsWatch1"/);
    const pushed = lines(run.out()).find((o) => o.client_order_id === 'idsWatch1')!;
    assert.equal(bigId(pushed.order_id, 'pushed order_id'), bigId(placed.order_id, 'placed order_id'));
  } finally {
    run.stop();
    await run.done;
  }
});
