import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sandboxAccount } from '../helpers/account.js';
import { BIN, bmAsync, startSandbox } from '../helpers/bm.js';
import { BATCH_PATH, ordersFile as batchFile, rowsOf, venueOrders } from '../helpers/batch.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { parseJson, scalarText } from '../../src/util/json.js';

let url = '';
let stop: () => Promise<void> = async () => {};
let proxy: FaultProxy;
before(async () => {
  ({ url, stop } = await startSandbox(['--seed', '9']));
  proxy = await startFaultProxy(url);
});
after(async () => {
  await proxy.close();
  await stop();
});

const account = () => sandboxAccount(url);
const ordersFile = (env: Record<string, string>, n: number, tag: string) => batchFile(url, env, n, tag);
const openOrders = (env: Record<string, string>) => venueOrders(url, env);

test('the other documented answer shape ({order_ids}) is read: every order placed with its id, exit 0', async () => {
  const env = account();
  const file = ordersFile(env, 20, 'shape');
  proxy.clear();
  proxy.add({
    method: 'POST', path: BATCH_PATH,
    fault: { kind: 'rewrite', fn: (a) => {
      const body = parseJson(a.body) as { data: { responses: Array<{ data: { order_id: unknown } }> } };
      const ids = body.data.responses.map((r) => scalarText(r.data.order_id));
      return { ...a, body: `{"code":0,"msg":"success","data":{"order_ids":[${ids.map((i) => `"${i}"`).join(',')}]}}` };
    } },
  });
  const r = await bmAsync(['--base-url', proxy.url, 'order', 'batch', 'BTC_USDT', '--file', file, '--yes', '-o', 'ndjson'], env);
  assert.equal(r.code, 0, r.stderr);
  const rows = rowsOf(r.stdout);
  const venue = openOrders(env);
  assert.equal(rows.length, 20);
  for (const x of rows) {
    assert.equal(x.result, 'placed');
    assert.equal(scalarText(x.order_id), venue.get(x.client_order_id), 'the id the venue holds for that client order id');
  }
});

test('an answer of neither shape proves nothing: the orders are looked up by client order id and found', async () => {
  const env = account();
  const file = ordersFile(env, 10, 'odd');
  const sent = proxy.count('POST', BATCH_PATH);
  proxy.clear();
  proxy.add({ method: 'POST', path: BATCH_PATH, fault: { kind: 'rewrite', fn: (a) => ({ ...a, body: '{"code":1000,"message":"OK","trace":"x","data":{"accepted":true}}' }) } });
  const r = await bmAsync(['--base-url', proxy.url, 'order', 'batch', 'BTC_USDT', '--file', file, '--yes', '-o', 'ndjson'], env);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /does not say what became of 10 orders; looking them up/);
  const venue = openOrders(env);
  for (const x of rowsOf(r.stdout)) {
    assert.equal(x.result, 'placed');
    assert.match(x.message, /found by client order id/);
    assert.equal(scalarText(x.order_id), venue.get(x.client_order_id));
  }
  assert.equal(proxy.count('POST', BATCH_PATH) - sent, 1, 'never sent again');
});

test('a lookup that finds an order of another client order id is not proof: outcome unknown, exit 11', async () => {
  const env = account();
  const file = ordersFile(env, 3, 'foreign');
  const sent = proxy.count('POST', BATCH_PATH);
  proxy.clear();
  proxy.add({ method: 'POST', path: BATCH_PATH, fault: { kind: 'rewrite', fn: (a) => ({ ...a, body: 'garbage that is not JSON' }) } });
  proxy.add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'rewrite', fn: (a) => ({ ...a, body: a.body.replace(/"(clientOrderId|client_order_id)":"[^"]*"/, '"$1":"someoneElse"') }) } });
  const r = await bmAsync(['--base-url', proxy.url, 'order', 'batch', 'BTC_USDT', '--file', file, '--yes', '-o', 'ndjson'], env);
  assert.equal(r.code, 11, r.stderr);
  const rows = rowsOf(r.stdout);
  assert.equal(rows.length, 3);
  assert.ok(rows.every((x) => x.result === 'unknown'), r.stdout);
  assert.match(r.stderr, /3 of 3 orders have an unknown outcome/);
  assert.match(r.stderr, /--resume /);
  assert.equal(proxy.count('POST', BATCH_PATH) - sent, 1);
});

test('Ctrl-C: no more requests, those in flight reported on stdout and in the journal, summary, exit 130; --resume completes the file with no duplicate', async () => {
  const env = account();
  const file = ordersFile(env, 100, 'int');
  const journal = join(env.HOME!, 'int.journal');
  proxy.clear();
  // Each request reaches the venue 700 ms late: the first goes alone, then 8 at once, then the tenth.
  proxy.add({ method: 'POST', path: BATCH_PATH, fault: { kind: 'delay', ms: 700 } });
  const child = spawn(process.execPath, [BIN, '--base-url', proxy.url, 'order', 'batch', 'BTC_USDT', '--file', file, '--journal', journal, '--yes', '-o', 'ndjson'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const code = new Promise<number>((done) => child.on('close', (c) => done(c ?? -1)));
  await new Promise<void>((seen) => {
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      // The first request's outcomes are printed before the rest are answered: interrupt then.
      if (out.split('\n').length > 10 && !child.killed) {
        child.kill('SIGINT');
        seen();
      }
    });
  });
  assert.equal(await code, 130, err);
  const rows = rowsOf(out);
  assert.ok(rows.length >= 10 && rows.length < 100, `${rows.length} outcomes before the interruption`);
  assert.deepEqual(rows.map((x) => Number(scalarText(x.index))), rows.map((_, i) => i + 1), 'one line per order, in file order');
  assert.ok(rows.every((x) => x.result === 'placed'));
  assert.match(err, /interrupted: no more requests are sent/);
  assert.match(err, new RegExp(`${rows.length} placed, 0 rejected, 0 unknown, ${100 - rows.length} not sent of 100`));
  assert.match(err, new RegExp(`--resume ${journal.replace(/[.]/g, '\\.')}`));
  // Every order the venue holds has its line on stdout and in the journal.
  const venue = openOrders(env);
  const journaled = readFileSync(journal, 'utf8').trim().split('\n').slice(1).map((l) => parseJson(l) as { client_order_id: string; result?: string }).filter((x) => x.result === 'placed');
  assert.deepEqual([...venue.keys()].sort(), rows.map((x) => x.client_order_id).sort());
  assert.deepEqual(journaled.map((x) => x.client_order_id).sort(), rows.map((x) => x.client_order_id).sort());

  // Resumed: the rest are sent, the first ones not again.
  const requestsBefore = proxy.count('POST', BATCH_PATH);
  const r = await bmAsync(['--base-url', proxy.url, 'order', 'batch', 'BTC_USDT', '--resume', journal, '--yes', '-o', 'ndjson'], env);
  assert.equal(r.code, 0, r.stderr);
  const all = rowsOf(r.stdout);
  assert.deepEqual(all.map((x) => Number(scalarText(x.index))), Array.from({ length: 100 }, (_, i) => i + 1));
  assert.equal(proxy.count('POST', BATCH_PATH) - requestsBefore, Math.ceil((100 - rows.length) / 10));
  const after = openOrders(env);
  assert.equal(after.size, 100, 'each order of the file once');
  for (const x of all) assert.equal(scalarText(x.order_id), after.get(x.client_order_id));
});

test('--resume with another file, or a file that is not a journal: exit 2, nothing sent', async () => {
  const env = account();
  const file = ordersFile(env, 10, 'res');
  const journal = join(env.HOME!, 'res.journal');
  proxy.clear();
  assert.equal((await bmAsync(['--base-url', proxy.url, 'order', 'batch', 'BTC_USDT', '--file', file, '--journal', journal, '--yes', '-o', 'ndjson'], env)).code, 0);
  const before = proxy.count('POST', BATCH_PATH);
  const other = ordersFile(env, 10, 'oth');
  const r = await bmAsync(['--base-url', proxy.url, 'order', 'batch', 'BTC_USDT', '--file', other, '--resume', journal, '--yes'], env);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /not the file of this journal/);
  const r2 = await bmAsync(['--base-url', proxy.url, 'order', 'batch', 'BTC_USDT', '--resume', file, '--yes'], env);
  assert.equal(r2.code, 2);
  assert.match(r2.stderr, /not a batch journal/);
  assert.equal(proxy.count('POST', BATCH_PATH), before);
  // A finished batch resumed sends nothing and prints its record.
  const r3 = await bmAsync(['--base-url', proxy.url, 'order', 'batch', 'BTC_USDT', '--resume', journal, '--yes', '-o', 'ndjson'], env);
  assert.equal(r3.code, 0, r3.stderr);
  assert.equal(rowsOf(r3.stdout).length, 10);
  assert.equal(proxy.count('POST', BATCH_PATH), before);
});

test('--resume settles what a cut-short run left open: sent and held by the venue is found, never sent again; lost on the way is sent', async () => {
  const env = account();
  const file = ordersFile(env, 13, 'cut');
  const journal = join(env.HOME!, 'cut.journal');
  proxy.clear();
  // The second request never reaches the venue and is never answered.
  let n = 0;
  proxy.add({ method: 'POST', path: BATCH_PATH, when: () => n++ === 1, fault: { kind: 'hang' } });
  const r = await bmAsync(['--base-url', proxy.url, '--timeout', '1000', 'order', 'batch', 'BTC_USDT', '--file', file, '--journal', journal, '--yes', '-o', 'ndjson'], env);
  assert.equal(r.code, 11, r.stderr);
  assert.deepEqual(rowsOf(r.stdout).map((x) => x.result), [...Array(10).fill('placed'), ...Array(3).fill('unknown')]);
  // As if killed while the first request was out: the journal ends after its orders' `sending` lines.
  const lines = readFileSync(journal, 'utf8').split('\n');
  writeFileSync(journal, `${lines.slice(0, 11).join('\n')}\n`);
  proxy.clear();
  const before = proxy.count('POST', BATCH_PATH);
  const again = await bmAsync(['--base-url', proxy.url, 'order', 'batch', 'BTC_USDT', '--resume', journal, '--yes', '-o', 'ndjson'], env);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stderr, /the journal's last run was cut short: records may be lost, so every order without a proven outcome is looked up/);
  assert.equal(proxy.count('POST', BATCH_PATH) - before, 1, 'only the lost three are sent, in one request');
  const rows = rowsOf(again.stdout);
  assert.equal(rows.length, 13);
  assert.ok(rows.every((x) => x.result === 'placed'));
  assert.ok(rows.slice(0, 10).every((x) => /found by client order id/.test(x.message)));
  const venue = openOrders(env);
  assert.equal(venue.size, 13);
  for (const x of rows) assert.equal(scalarText(x.order_id), venue.get(x.client_order_id));
});
