import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { custom } from '../../../src/api/catalogue/limits.js';
import { FileGate, scopeFile, writeOver } from '../../../src/api/file-gate.js';
import { STALE_LOCK_MS, tryLocked } from '../../../src/util/filelock.js';
import { UNWRITTEN_MS } from '../../../src/util/alive.js';

const RATE = custom('KEY', 3, 2000);
const SCOPE = 'http://127.0.0.1:9 key-abc';

function clock() {
  const c = { t: 1_900_000_000_000, waits: [] as number[] };
  return { c, now: () => c.t, sleep: async (ms: number) => void (c.waits.push(ms), (c.t += ms)) };
}

test('two gates on one directory (two processes) share the window: the second waits for the first one\'s places', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-gate-'));
  const { c, now, sleep } = clock();
  const a = new FileGate(dir, 10_000, now, sleep);
  const b = new FileGate(dir, 10_000, now, sleep);
  const slots = [await a.acquire(SCOPE, 'POST /x', RATE), await a.acquire(SCOPE, 'POST /x', RATE)];
  await b.acquire(SCOPE, 'POST /x', RATE);
  assert.deepEqual(c.waits, [], 'three fit');
  c.t += 100;
  for (const s of slots) s.settle(c.t);
  const start = c.t;
  await b.acquire(SCOPE, 'POST /x', RATE);
  // The place b took at 0 is still out (never settled): the earliest it frees is its send time plus the window.
  assert.ok(c.t - start >= 1900, `the fourth waited ${c.t - start} ms`);
  assert.equal(b.held(SCOPE, 'POST /x', RATE, 2000), 2, 'the settled two left the window; b\'s two places are still out');
  // Another interface and another scope count apart.
  const before = c.t;
  await b.acquire(SCOPE, 'GET /y', RATE);
  await b.acquire('http://127.0.0.1:9 ip', 'POST /x', RATE);
  assert.equal(c.t, before);
  assert.equal(statMode(scopeFile(dir, SCOPE)), 0o600);
});

function statMode(file: string): number {
  return statSync(file).mode & 0o777;
}

test('a pause the venue asked for holds for every gate on the directory', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-gate-'));
  const { c, now, sleep } = clock();
  new FileGate(dir, 10_000, now, sleep).block(SCOPE, 'POST /x', RATE, c.t + 4000);
  const start = c.t;
  await new FileGate(dir, 10_000, now, sleep).acquire(SCOPE, 'POST /x', RATE);
  assert.equal(c.t - start, 4000);
});

test('a place held by a process that died is counted at once, not held until it expires', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-gate-'));
  const { c, now, sleep } = clock();
  // Three places held by a pid that does not exist, sent 1.5 s ago, expiring in an hour.
  const dead = 999_999_999;
  const t0 = c.t - 1500;
  writeFileSync(scopeFile(dir, SCOPE), JSON.stringify({ 'POST /x': { s: [], p: [[t0, dead, 1, t0 + 3_600_000], [t0, dead, 2, t0 + 3_600_000], [t0, dead, 3, t0 + 3_600_000]] } }));
  const start = c.t;
  await new FileGate(dir, 10_000, now, sleep).acquire(SCOPE, 'POST /x', RATE);
  // Counted when found (now): the window frees 2 s later, not an hour later.
  assert.ok(c.t - start >= 2000 && c.t - start < 2100, `waited ${c.t - start} ms`);
});

test('a counter file cut short or of another shape starts the counts over', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-gate-'));
  const { c, now, sleep } = clock();
  for (const junk of ['{"POST /x": {"s": [1,', '[1,2]', '{"POST /x": {"s": "no"}}']) {
    writeFileSync(scopeFile(dir, SCOPE), junk);
    const start = c.t;
    await new FileGate(dir, 10_000, now, sleep).acquire(SCOPE, 'POST /x', RATE);
    assert.equal(c.t, start);
    assert.ok(JSON.parse(readFileSync(scopeFile(dir, SCOPE), 'utf8'))['POST /x'].p.length >= 1);
  }
});

test('a directory that cannot be written: the gate counts in this process only, and says so in the trace', async () => {
  const base = mkdtempSync(join(tmpdir(), 'bm-gate-'));
  writeFileSync(join(base, 'file'), '');
  const lines: string[] = [];
  const { c, now, sleep } = clock();
  const g = new FileGate(join(base, 'file', 'limits'), 10_000, now, sleep, (l) => lines.push(l));
  for (let i = 0; i < 3; i++) (await g.acquire(SCOPE, 'POST /x', RATE)).settle(c.t);
  const start = c.t;
  await g.acquire(SCOPE, 'POST /x', RATE);
  assert.equal(c.t - start, 2001, 'still limited');
  assert.match(lines.join('\n'), /counting in this process only/);
});

test('lock: held by a live holder it is not taken however long a loaded machine keeps it, until STALE_LOCK_MS', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-lock-'));
  const lock = join(dir, 'x.lock');
  let t = 1_000_000;
  // This process stands for the live holder.
  writeFileSync(lock, `${process.pid} ${t}`);
  assert.equal(tryLocked(lock, () => 1, () => t), undefined, 'fresh: busy');
  t += 5000;
  assert.equal(tryLocked(lock, () => 1, () => t), undefined, 'held for seconds by a live process: still busy');
  assert.ok(existsSync(lock), 'a live holder\'s lock is not broken');
  t += STALE_LOCK_MS;
  assert.equal(tryLocked(lock, () => 1, () => t), undefined, 'past STALE_LOCK_MS it is broken on this try');
  assert.equal(existsSync(lock), false);
  assert.deepEqual(tryLocked(lock, () => 2, () => t), { value: 2 });
  assert.equal(existsSync(lock), false, 'released after use');
  // A throwing section still releases the lock.
  assert.throws(() => tryLocked(lock, () => { throw new Error('boom'); }, () => t), /boom/);
  assert.equal(existsSync(lock), false);
});

test('lock: left behind by a holder that died (kill -9) it is broken at once; an empty one only once old', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-lock-'));
  const lock = join(dir, 'x.lock');
  const t = 1_000_000;
  const dead = spawnSync(process.execPath, ['-e', '']).pid!;
  writeFileSync(lock, `${dead} ${t}`);
  assert.equal(tryLocked(lock, () => 1, () => t), undefined, 'broken on this try');
  assert.deepEqual(tryLocked(lock, () => 2, () => t), { value: 2 }, 'then taken');
  // Created and not yet filled: its writer may be about to write it, so it is judged by the file's age.
  writeFileSync(lock, '');
  assert.equal(tryLocked(lock, () => 3, () => t), undefined);
  assert.ok(existsSync(lock), 'a lock being written is not broken');
  const old = (Date.now() - UNWRITTEN_MS - 1000) / 1000;
  utimesSync(lock, old, old);
  assert.equal(tryLocked(lock, () => 3, () => t), undefined, 'an empty lock older than UNWRITTEN_MS is broken');
  assert.deepEqual(tryLocked(lock, () => 4, () => t), { value: 4 });
});

test('a counter file is rewritten in place: a shorter text reads back exactly, padded to the old length; a long pad is cut', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-gate-'));
  const file = join(dir, 'c.json');
  const long = JSON.stringify({ 'POST /x': { s: [1, 2, 3, 4, 5, 6, 7, 8, 9], p: [] } });
  writeFileSync(file, long);
  const ino = statSync(file).ino;
  const short = JSON.stringify({ 'POST /x': { s: [9], p: [] } });
  const fd = openSync(file, 'r+');
  try {
    writeOver(fd, short, long.length);
    const text = readFileSync(file, 'utf8');
    assert.equal(text.length, long.length, 'padded to the old length: no old byte is left past the new text');
    assert.equal(text, short + ' '.repeat(long.length - short.length));
    assert.deepEqual(JSON.parse(text), JSON.parse(short));
    writeOver(fd, long, text.length);
    assert.equal(readFileSync(file, 'utf8'), long, 'a longer text is written whole');
    writeOver(fd, short, 10_000);
    assert.equal(readFileSync(file, 'utf8'), short, 'a pad over 4 KiB is cut off');
  } finally {
    closeSync(fd);
  }
  assert.equal(statSync(file).ino, ino, 'the same file, never replaced');
});

test('a gate\'s cycles rewrite one file in place and leave no temporary file beside it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-gate-'));
  const { c, now, sleep } = clock();
  const g = new FileGate(dir, 10_000, now, sleep);
  const first = await g.acquire(SCOPE, 'POST /x', RATE);
  const ino = statSync(scopeFile(dir, SCOPE)).ino;
  first.settle(c.t);
  (await g.acquire(SCOPE, 'POST /x', RATE)).settle(c.t);
  assert.equal(statSync(scopeFile(dir, SCOPE)).ino, ino);
  assert.deepEqual(readdirSync(dir).sort(), [basename(scopeFile(dir, SCOPE))]);
  assert.equal(g.held(SCOPE, 'POST /x', RATE, 2000), 2, 'both settled requests read back from the file');
});
