/**
 * What only separate `bm` processes show of `bm order batch`, against the sandbox behind the fault
 * proxy: a real SIGINT (Ctrl-C) stops a running batch with every order in flight accounted for, and
 * one run at a time per journal across processes (a `--resume` of a journal another process holds is
 * refused at once, exit 5, naming that process; the lock of a process that died is broken). The runs
 * these need as processes are the built binary; the runs around them are in this process.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { BATCH_PATH, useBatchVenue, rowsOf } from '../helpers/batch.js';
import { bmAsync, bmStart, ensureBuilt, until } from '../helpers/bm.js';
import { envelope } from '../helpers/fault-proxy.js';
import { parseJson, scalarText } from '../../src/util/json.js';

const shared = useBatchVenue(13);
const { account, batch, ordersFile, posts, venueOrders } = shared;
before(() => ensureBuilt());

/** The arguments of `bm order batch BTC_USDT ... --yes -o ndjson` through the proxy, for a process of its own. */
const binary = (...args: string[]) => ['--base-url', shared.proxy.url, 'order', 'batch', 'BTC_USDT', ...args, '--yes', '-o', 'ndjson'];

test('Ctrl-C: no more requests, those in flight reported on stdout and in the journal, summary, exit 130; --resume completes the file with no duplicate', async () => {
  const env = account();
  const file = ordersFile(env, 100, 'int');
  const journal = join(env.HOME!, 'int.journal');
  shared.proxy.clear();
  // Each request reaches the venue 700 ms late: the first goes alone, then 8 at once, then the tenth.
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, fault: { kind: 'delay', ms: 700 } });
  const running = bmStart(binary('--file', file, '--journal', journal), env);
  // The first request's outcomes are printed before the rest are answered: interrupt then.
  await running.waitFor(/(?:[^\n]*\n){10}/);
  running.signal('SIGINT');
  const { code, stdout: out, stderr: err } = await running.done;
  shared.proxy.clear();
  assert.equal(code, 130, err);
  const rows = rowsOf(out);
  assert.ok(rows.length >= 10 && rows.length < 100, `${rows.length} outcomes before the interruption`);
  assert.deepEqual(rows.map((x) => Number(scalarText(x.index))), rows.map((_, i) => i + 1), 'one line per order, in file order');
  assert.ok(rows.every((x) => x.result === 'placed'));
  assert.match(err, /interrupted: no more requests are sent/);
  assert.match(err, new RegExp(`${rows.length} placed, 0 rejected, 0 unknown, ${100 - rows.length} not sent of 100`));
  assert.match(err, new RegExp(`--resume ${journal.replace(/[.]/g, '\\.')}`));
  // Every order the venue holds has its line on stdout and in the journal.
  const venue = venueOrders(env);
  const journaled = readFileSync(journal, 'utf8').trim().split('\n').slice(1).map((l) => parseJson(l) as { client_order_id: string; result?: string }).filter((x) => x.result === 'placed');
  assert.deepEqual([...venue.keys()].sort(), rows.map((x) => x.client_order_id).sort());
  assert.deepEqual(journaled.map((x) => x.client_order_id).sort(), rows.map((x) => x.client_order_id).sort());

  // Resumed: the rest are sent, the first ones not again.
  const requestsBefore = posts();
  const r = await batch(env, '--resume', journal);
  assert.equal(r.code, 0, r.stderr);
  const all = rowsOf(r.stdout);
  assert.deepEqual(all.map((x) => Number(scalarText(x.index))), Array.from({ length: 100 }, (_, i) => i + 1));
  assert.equal(posts() - requestsBefore, Math.ceil((100 - rows.length) / 10));
  const after = venueOrders(env);
  assert.equal(after.size, 100, 'each order of the file once');
  for (const x of all) assert.equal(scalarText(x.order_id), after.get(x.client_order_id));
});

const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

test('a second --resume of a journal being run is refused at once naming the holder; a dead holder\'s lock is broken; nothing sent twice', async () => {
  const env = account();
  const file = ordersFile(env, 20, 'lk');
  const journal = join(env.HOME!, 'lk.journal');
  const lock = `${journal}.lock`;
  const start = posts();
  // A first run stopped by a 418 after its first request: ten placed, ten left for --resume.
  shared.proxy.clear();
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, when: () => posts() - start > 1, times: 1, fault: { kind: 'reply', answer: envelope(418, 30017, 'temporarily rejected for rate-limit violations') } });
  const first = await batch(env, '--file', file, '--journal', journal);
  assert.equal(first.code, 9, first.stderr);
  assert.equal(existsSync(lock), false, 'the lock is let go when the run ends');

  // A lock left by a process that died is broken by the next run.
  writeFileSync(lock, JSON.stringify({ pid: deadPid(), host: hostname(), since: Date.now(), token: 'gone' }));
  // That run (a process of its own) has its request held at the proxy until the second run has been refused.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  shared.proxy.clear();
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, times: 1, fault: { kind: 'delay', until: held } });
  const sentBefore = posts();
  const a = bmAsync(binary('--resume', journal), env);
  await until(() => posts() > sentBefore, 'the resumed run to send its request');
  const holder = JSON.parse(readFileSync(lock, 'utf8')) as { pid: number };
  assert.notEqual(holder.pid, process.pid);
  assert.match(readFileSync(`/proc/${holder.pid}/cmdline`, 'utf8'), /order\0batch\0BTC_USDT\0--resume/, 'the lock is held by the running resume');

  // The second run is this process: another process than the holder.
  const b = await batch(env, '--resume', journal);
  assert.equal(b.code, 5, b.stderr);
  assert.match(b.stderr, new RegExp(`the batch journal .*lk\\.journal is in use by another bm: .* is held by process ${holder.pid} since `));
  assert.equal(b.stdout, '');
  assert.equal(posts(), sentBefore + 1, 'the refused run sent nothing');

  release();
  const ra = await a;
  assert.equal(ra.code, 0, ra.stderr);
  assert.equal(posts() - start, 3, 'one request per ten orders, none sent twice');
  assert.equal(existsSync(lock), false);
  const venue = venueOrders(env);
  assert.equal([...venue.keys()].filter((k) => k.startsWith('lk')).length, 20, 'the venue holds each order once');
  for (const x of rowsOf(ra.stdout)) assert.equal(scalarText(x.order_id), venue.get(x.client_order_id));
});
