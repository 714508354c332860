/**
 * One run at a time per batch journal, with two real processes against the sandbox behind the fault
 * proxy: a `--resume` of a journal another run holds is refused at once (exit 5) naming that process,
 * and nothing is sent twice; the lock of a process that died is broken.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { sandboxAccount } from '../helpers/account.js';
import { BATCH_PATH, useBatchVenue, ordersFile, rowsOf, venueOrders } from '../helpers/batch.js';
import { until } from '../helpers/bm.js';
import { envelope } from '../helpers/fault-proxy.js';
import { scalarText } from '../../src/util/json.js';

const shared = useBatchVenue(13);
const { batch, posts } = shared;

const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

test('a second --resume of a journal being run is refused at once naming the holder; a dead holder\'s lock is broken; nothing sent twice', async () => {
  const env = sandboxAccount(shared.url);
  const file = ordersFile(shared.url, env, 20, 'lk');
  const journal = join(env.HOME!, 'lk.journal');
  const lock = `${journal}.lock`;
  // A first run stopped by a 418 after its first request: ten placed, ten left for --resume.
  shared.proxy.clear();
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, when: () => posts() > 1, times: 1, fault: { kind: 'reply', answer: envelope(418, 30017, 'temporarily rejected for rate-limit violations') } });
  const first = await batch(env, '--file', file, '--journal', journal);
  assert.equal(first.code, 9, first.stderr);
  assert.equal(existsSync(lock), false, 'the lock is let go when the run ends');

  // A lock left by a process that died is broken by the next run.
  writeFileSync(lock, JSON.stringify({ pid: deadPid(), host: hostname(), since: Date.now(), token: 'gone' }));
  // That run's request is held at the proxy until the second run has been refused.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  shared.proxy.clear();
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, times: 1, fault: { kind: 'delay', until: held } });
  const sentBefore = posts();
  const a = batch(env, '--resume', journal);
  await until(() => posts() > sentBefore, 'the resumed run to send its request');
  const holder = JSON.parse(readFileSync(lock, 'utf8')) as { pid: number };
  assert.match(readFileSync(`/proc/${holder.pid}/cmdline`, 'utf8'), /order\0batch\0BTC_USDT\0--resume/, 'the lock is held by the running resume');

  const b = await batch(env, '--resume', journal);
  assert.equal(b.code, 5, b.stderr);
  assert.match(b.stderr, new RegExp(`the batch journal .*lk\\.journal is in use by another bm: .* is held by process ${holder.pid} since `));
  assert.equal(b.stdout, '');
  assert.equal(posts(), sentBefore + 1, 'the refused run sent nothing');

  release();
  const ra = await a;
  assert.equal(ra.code, 0, ra.stderr);
  assert.equal(posts(), 3, 'one request per ten orders, none sent twice');
  assert.equal(existsSync(lock), false);
  const venue = venueOrders(shared.url, env);
  assert.equal([...venue.keys()].filter((k) => k.startsWith('lk')).length, 20, 'the venue holds each order once');
  for (const x of rowsOf(ra.stdout)) assert.equal(scalarText(x.order_id), venue.get(x.client_order_id));
});
