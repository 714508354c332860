import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ABANDONED_MS, isStale, LOCK_FILE, UNWRITTEN_MS, withConfigLock } from '../../../src/profiles/lock.js';

const holder = (pid: number, since: number, host = hostname()) => JSON.stringify({ pid, host, since, token: 't' });
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

/** A fake clock whose sleeps move it on. */
function clock(t = Date.now()) {
  const c = { t, slept: 0 };
  return { c, now: () => c.t, sleep: async (ms: number) => void ((c.slept += ms), (c.t += ms)) };
}

test('a lock is held while its function runs and removed after, also when it throws', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-lock-'));
  const seen = await withConfigLock(dir, () => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number });
  assert.equal(seen.pid, process.pid);
  assert.equal(existsSync(join(dir, LOCK_FILE)), false);
  await assert.rejects(withConfigLock(dir, () => {
    throw new Error('boom');
  }), /boom/);
  assert.equal(existsSync(join(dir, LOCK_FILE)), false);
});

test('a live holder is waited for, up to the wait given, then a config error names the lock and its holder', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-lock-'));
  const { c, now, sleep } = clock();
  writeFileSync(join(dir, LOCK_FILE), holder(process.pid, c.t));
  let ran = false;
  await assert.rejects(
    withConfigLock(dir, () => void (ran = true), { waitMs: 3000, now, sleep }),
    (e: Error & { exitCode?: number; details?: { hint?: string } }) =>
      e.exitCode === 5 && e.message.includes(join(dir, LOCK_FILE)) && e.message.includes(`process ${process.pid}`) && /remove /.test(e.details?.hint ?? ''),
  );
  assert.equal(ran, false);
  assert.ok(c.slept >= 3000, `waited ${c.slept} ms`);
  assert.ok(existsSync(join(dir, LOCK_FILE)), 'a live holder keeps its lock');
});

test('a holder that lets go is followed at once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-lock-'));
  const order: string[] = [];
  let release!: () => void;
  const first = withConfigLock(dir, () => new Promise<void>((r) => (order.push('first'), (release = r))));
  const second = withConfigLock(dir, () => void order.push('second'));
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual(order, ['first'], 'the second waits');
  release();
  await Promise.all([first, second]);
  assert.deepEqual(order, ['first', 'second']);
});

test('stale: a dead process on this host, an abandoned age, a lock never filled; not: a live one, another host', () => {
  const now = Date.now();
  assert.equal(isStale(holder(deadPid(), now), now, now), true, 'dead process');
  assert.equal(isStale(holder(process.pid, now), now, now), false, 'live process');
  assert.equal(isStale(holder(process.pid, now - ABANDONED_MS - 1), now, now), true, 'older than any holder keeps it (pid reused)');
  assert.equal(isStale(holder(deadPid(), now, 'another-host'), now, now), false, 'a process elsewhere cannot be looked at');
  assert.equal(isStale('', now - 10, now), false, 'being written');
  assert.equal(isStale('', now - UNWRITTEN_MS - 1, now), true, 'its writer died before filling it');
});

test('a lock never filled, left long ago, is broken', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-lock-'));
  const path = join(dir, LOCK_FILE);
  writeFileSync(path, '');
  const old = (Date.now() - 60_000) / 1000;
  utimesSync(path, old, old);
  assert.equal(await withConfigLock(dir, () => 'ran', { waitMs: 0 }), 'ran');
  assert.equal(existsSync(path), false);
});
