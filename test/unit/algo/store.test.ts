// The runner's pid file beside an algo's journal (src/core/algo/store.ts): readers that poll it while a
// runner names itself (`--detach` waiting for its runner, `bm algo list`) never see it half written and
// never remove a live runner's file; a file left by a runner that died is removed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { test } from 'node:test';
import { algoFile, clearRunner, runnerOf, writeRunner } from '../../../src/core/algo/store.js';
import { isolatedEnv } from '../../helpers/bm.js';

function home(): { env: Record<string, string>; file: string } {
  const env = isolatedEnv();
  const file = algoFile(env, 'a1', 'pid');
  mkdirSync(dirname(file), { recursive: true });
  return { env, file };
}

test('a pid file that names no pid (being written by another bm) is left alone, not removed', () => {
  const { env, file } = home();
  writeFileSync(file, '');
  assert.equal(runnerOf(env, 'a1'), undefined);
  assert.ok(existsSync(file), 'an empty pid file is not removed by a reader');
});

test('written whole: named at once, no file left aside; a dead runner\'s file is removed, a live one\'s kept', () => {
  const { env, file } = home();
  writeRunner(env, 'a1', process.pid);
  assert.equal(runnerOf(env, 'a1'), process.pid);
  assert.deepEqual(readdirSync(dirname(file)), ['a1.pid'], 'nothing left beside it');
  clearRunner(env, 'a1', process.pid + 1);
  assert.equal(runnerOf(env, 'a1'), process.pid, 'cleared only by the runner it names');
  clearRunner(env, 'a1', process.pid);
  assert.equal(existsSync(file), false);
  const dead = spawnSync(process.execPath, ['-e', '']).pid!;
  writeRunner(env, 'a1', dead);
  assert.equal(runnerOf(env, 'a1'), undefined);
  assert.equal(existsSync(file), false, 'a runner that died leaves no pid file behind');
});
