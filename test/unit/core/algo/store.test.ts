// Who runs an algo (src/core/algo/store.ts): only a live process proven to be the one that took its
// journal's lock as runner. A lock of a dead process, of another process under the same pid (reused), or
// taken to settle or cancel names no runner; a lock being written names none and is not judged.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { hostname } from 'node:os';
import { test } from 'node:test';
import { algoJournalPath, AlgoJournal } from '../../../../src/core/algo/journal.js';
import { holdAlgo, lockAlgo, runnerOf, unattendedAlgos } from '../../../../src/core/algo/store.js';
import { journalLockPath } from '../../../../src/core/order/batch-journal-lock.js';
import { alive } from '../../../../src/util/alive.js';
import { processIdentity } from '../../../../src/util/holder-lock.js';
import { isolatedEnv } from '../../../helpers/bm.js';
import type { AlgoSpec } from '../../../../src/core/algo/model/spec.js';

function home(): { env: Record<string, string>; lock: string } {
  const env = isolatedEnv();
  const lock = journalLockPath(algoJournalPath(env, 'a1'));
  mkdirSync(dirname(lock), { recursive: true });
  return { env, lock };
}

const holder = (pid: number, extra: Record<string, unknown>) => JSON.stringify({ pid, host: hostname(), since: Date.now(), token: 'x', ...extra });

test('the process that holds the journal as its runner is the runner, until it lets go; one settling it is not', () => {
  const { env } = home();
  const release = holdAlgo(env, 'a1');
  assert.equal(runnerOf(env, 'a1'), process.pid);
  release();
  assert.equal(runnerOf(env, 'a1'), undefined);
  const settle = lockAlgo(env, 'a1');
  assert.equal(runnerOf(env, 'a1'), undefined, 'a cancel holding the journal is no runner');
  settle();
});

test('a reused pid is no runner: another process under the pid the lock names is told apart, and its lock is taken over', async () => {
  const { env, lock } = home();
  const other = spawn('sleep', ['30'], { stdio: 'ignore' });
  try {
    await new Promise((r) => other.once('spawn', r));
    const pid = other.pid!;
    // The lock of a runner that died, whose pid the system gave to `sleep` since: same pid, another process.
    writeFileSync(lock, holder(pid, { proc: 'an-identity-of-another-process', role: 'runner' }));
    assert.ok(processIdentity(pid), 'this system tells a process\'s identity');
    assert.equal(runnerOf(env, 'a1'), undefined);
    // The same lock naming the process as it is: proven.
    writeFileSync(lock, holder(pid, { proc: processIdentity(pid), role: 'runner' }));
    assert.equal(runnerOf(env, 'a1'), pid);
    writeFileSync(lock, holder(pid, { proc: 'an-identity-of-another-process', role: 'runner' }));
    const release = holdAlgo(env, 'a1');
    assert.equal(runnerOf(env, 'a1'), process.pid, 'the stale lock was broken and taken');
    release();
    assert.ok(alive(pid), 'the unrelated process is untouched');
  } finally {
    other.kill();
  }
});

test('a lock of a dead process names no runner; one being written (empty) names none and is left', async () => {
  const { env, lock } = home();
  const dead = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((r) => dead.once('exit', r));
  writeFileSync(lock, holder(dead.pid!, { role: 'runner' }));
  assert.equal(runnerOf(env, 'a1'), undefined);
  writeFileSync(lock, '');
  assert.equal(runnerOf(env, 'a1'), undefined);
});

test('unattended algos: armed, not ended, no runner; an ended one\'s mark is removed', () => {
  const { env } = home();
  const spec = (id: string): AlgoSpec => ({ v: 1, id, kind: 'stop', symbol: 'BTC_USDT', side: 'sell', legs: [], created: 1 });
  for (const id of ['a1', 'a2', 'a3']) {
    const j = AlgoJournal.create(algoJournalPath(env, id), spec(id));
    j.write({ at: 2, st: { legs: {} }, notes: ['armed'] }, false);
    if (id === 'a3') j.write({ at: 3, st: { legs: {}, end: 'cancelled' }, notes: ['cancelled'] }, false);
    j.close();
  }
  const release = holdAlgo(env, 'a2');
  try {
    assert.deepEqual(unattendedAlgos(env), ['a1']);
  } finally {
    release();
  }
  assert.deepEqual(unattendedAlgos(env), ['a1', 'a2']);
});
