/**
 * `bm order batch` reads every answer shape and proves each outcome, against the sandbox behind the
 * fault proxy, in this process: answers of another or no known shape, a lookup that finds a foreign
 * order, and `--resume` of another file, of a finished batch and of a run cut short. Ctrl-C (a real
 * SIGINT) is in batch-processes.test.ts.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BATCH_PATH, rowsOf, useBatchVenue } from '../helpers/batch.js';
import { runBm, runCli } from '../helpers/in-process.js';
import { skipClock } from '../helpers/skip-clock.js';
import { parseJson, scalarText } from '../../src/util/json.js';

const shared = useBatchVenue(9);
const { account, batch, ordersFile, venueOrders: openOrders } = shared;

test('the other documented answer shape ({order_ids}) is read: every order placed with its id, exit 0', async () => {
  const env = account();
  const file = ordersFile(env, 20, 'shape');
  shared.proxy.clear();
  shared.proxy.add({
    method: 'POST', path: BATCH_PATH,
    fault: { kind: 'rewrite', fn: (a) => {
      const body = parseJson(a.body) as { data: { responses: Array<{ data: { order_id: unknown } }> } };
      const ids = body.data.responses.map((r) => scalarText(r.data.order_id));
      return { ...a, body: `{"code":0,"msg":"success","data":{"order_ids":[${ids.map((i) => `"${i}"`).join(',')}]}}` };
    } },
  });
  const r = await batch(env, '--file', file);
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
  const sent = shared.proxy.count('POST', BATCH_PATH);
  shared.proxy.clear();
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, fault: { kind: 'rewrite', fn: (a) => ({ ...a, body: '{"code":1000,"message":"OK","trace":"x","data":{"accepted":true}}' }) } });
  const r = await batch(env, '--file', file);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /does not say what became of 10 orders; looking them up/);
  const venue = openOrders(env);
  for (const x of rowsOf(r.stdout)) {
    assert.equal(x.result, 'placed');
    assert.match(x.message, /found by client order id/);
    assert.equal(scalarText(x.order_id), venue.get(x.client_order_id));
  }
  assert.equal(shared.proxy.count('POST', BATCH_PATH) - sent, 1, 'never sent again');
});

test('a lookup that finds an order of another client order id is not proof: outcome unknown, exit 11', async () => {
  const env = account();
  const file = ordersFile(env, 3, 'foreign');
  const sent = shared.proxy.count('POST', BATCH_PATH);
  shared.proxy.clear();
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, fault: { kind: 'rewrite', fn: (a) => ({ ...a, body: 'garbage that is not JSON' }) } });
  shared.proxy.add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'rewrite', fn: (a) => ({ ...a, body: a.body.replace(/"(clientOrderId|client_order_id)":"[^"]*"/, '"$1":"someoneElse"') }) } });
  const r = await batch(env, '--file', file);
  assert.equal(r.code, 11, r.stderr);
  const rows = rowsOf(r.stdout);
  assert.equal(rows.length, 3);
  assert.ok(rows.every((x) => x.result === 'unknown'), r.stdout);
  assert.match(r.stderr, /3 of 3 orders have an unknown outcome/);
  assert.match(r.stderr, /--resume /);
  assert.equal(shared.proxy.count('POST', BATCH_PATH) - sent, 1);
});

test('--resume with another file, or a file that is not a journal: exit 2, nothing sent', async () => {
  const env = account();
  const file = ordersFile(env, 10, 'res');
  const journal = join(env.HOME!, 'res.journal');
  shared.proxy.clear();
  assert.equal((await batch(env, '--file', file, '--journal', journal)).code, 0);
  const before = shared.proxy.count('POST', BATCH_PATH);
  const other = ordersFile(env, 10, 'oth');
  const r = await runBm(['--base-url', shared.proxy.url, 'order', 'batch', 'BTC_USDT', '--file', other, '--resume', journal, '--yes'], env);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /not the file of this journal/);
  const r2 = await runBm(['--base-url', shared.proxy.url, 'order', 'batch', 'BTC_USDT', '--resume', file, '--yes'], env);
  assert.equal(r2.code, 2);
  assert.match(r2.stderr, /not a batch journal/);
  assert.equal(shared.proxy.count('POST', BATCH_PATH), before);
  // A finished batch resumed sends nothing and prints its record.
  const r3 = await batch(env, '--resume', journal);
  assert.equal(r3.code, 0, r3.stderr);
  assert.equal(rowsOf(r3.stdout).length, 10);
  assert.equal(shared.proxy.count('POST', BATCH_PATH), before);
});

test('--resume settles what a cut-short run left open: sent and held by the venue is found, never sent again; lost on the way is sent', async () => {
  const env = account();
  const file = ordersFile(env, 13, 'cut');
  const journal = join(env.HOME!, 'cut.journal');
  shared.proxy.clear();
  // The second request never reaches the venue and is never answered.
  let n = 0;
  const clock = skipClock();
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, when: () => n++ === 1, fault: { kind: 'hang' }, held: () => clock.skip(30_000) });
  const r = await runCli(['--base-url', shared.proxy.url, '--timeout', '30000', 'order', 'batch', 'BTC_USDT', '--file', file, '--journal', journal, '--yes', '-o', 'ndjson'], { env, clock });
  assert.equal(r.code, 11, r.stderr);
  assert.deepEqual(rowsOf(r.stdout).map((x) => x.result), [...Array(10).fill('placed'), ...Array(3).fill('unknown')]);
  // As if killed while the first request was out: the journal ends after its orders' `sending` lines.
  const lines = readFileSync(journal, 'utf8').split('\n');
  writeFileSync(journal, `${lines.slice(0, 11).join('\n')}\n`);
  shared.proxy.clear();
  const before = shared.proxy.count('POST', BATCH_PATH);
  const again = await batch(env, '--resume', journal);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stderr, /the journal's last run was cut short: records may be lost, so every order without a proven outcome is looked up/);
  assert.equal(shared.proxy.count('POST', BATCH_PATH) - before, 1, 'only the lost three are sent, in one request');
  const rows = rowsOf(again.stdout);
  assert.equal(rows.length, 13);
  assert.ok(rows.every((x) => x.result === 'placed'));
  assert.ok(rows.slice(0, 10).every((x) => /found by client order id/.test(x.message)));
  const venue = openOrders(env);
  assert.equal(venue.size, 13);
  for (const x of rows) assert.equal(scalarText(x.order_id), venue.get(x.client_order_id));
});
