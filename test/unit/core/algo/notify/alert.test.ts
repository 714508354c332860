// What an alert does when it fires (src/core/algo/notify/alert.ts): the desktop's notifier gets the text as
// arguments (never a script or shell string built from it), a machine without one says nothing, and the
// user's command gets the alert's BM_ALERT_* variables but none of bm's own (the API secret stays out).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { alertEnv, desktopCommand, EXEC_LIMIT_MS, notifyAlert, type AlertDetails, type NotifyDeps } from '../../../../../src/core/algo/notify/alert.js';
import type { Spawner } from '../../../../../src/core/algo/notify/spawn.js';
import { fakeClock } from '../../../../helpers/fake-clock.js';

const D: AlertDetails = { id: 'a1', symbol: 'BTC_USDT', direction: 'below', level: '60000', price: '59999.5', time: Date.UTC(2026, 10, 28, 9), venue: 'sandbox' };

/** A spawner that records each program asked for and answers as `answer` says: an exit code, or absent (ENOENT). */
function recording(answer: (file: string) => number | 'absent') {
  const asked: Array<{ file: string; args: readonly string[] }> = [];
  const spawner: Spawner = (file, args) => {
    asked.push({ file, args });
    const child = new EventEmitter() as ReturnType<Spawner>;
    const a = answer(file);
    setImmediate(() => {
      if (a === 'absent') child.emit('error', Object.assign(new Error(`spawn ${file} ENOENT`), { code: 'ENOENT' }));
      else child.emit('close', a, null);
    });
    return child;
  };
  return { asked, spawner };
}

const deps = (spawner: Spawner, platform = 'linux', env: Record<string, string> = {}): NotifyDeps => ({ spawner, clock: fakeClock(0), platform, env });

test('the desktop notification carries the text as arguments; a machine without a notifier says nothing', async () => {
  const shown = recording(() => 0);
  const said: string[] = [];
  await notifyAlert(deps(shown.spawner), { ...D, symbol: 'BTC_USDT"; rm -rf ~; "' }, undefined, (l) => said.push(l));
  assert.deepEqual(shown.asked, [{ file: 'notify-send', args: ['--app-name=bm', 'bm: BTC_USDT"; rm -rf ~; " below 60000', 'last price 59999.5 (alert a1)'] }]);
  assert.deepEqual(said, ['desktop notification shown (notify-send)']);
  const mac = desktopCommand('darwin', 'T', 'B')!;
  assert.equal(mac.file, 'osascript');
  assert.deepEqual(mac.args.slice(-2), ['T', 'B'], 'the script reads its text from argv');
  assert.equal(desktopCommand('win32', 'T', 'B'), undefined);
  const none = recording(() => 'absent');
  const quiet: string[] = [];
  await notifyAlert(deps(none.spawner), D, undefined, (l) => quiet.push(l));
  assert.deepEqual(quiet, [], 'no notifier: nothing said, no error');
  const broken = recording(() => 1);
  const told: string[] = [];
  await notifyAlert(deps(broken.spawner), D, undefined, (l) => told.push(l));
  assert.deepEqual(told, ['desktop notification not shown: notify-send exited 1']);
});

test('the command gets BM_ALERT_* and the rest of the environment, never bm\'s own BM_ variables', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'bm-notify-'));
  const real: Spawner = (file, args, opts) => spawn(file, [...args], opts);
  const said: string[] = [];
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', KEEP_ME: 'kept', BM_API_SECRET: 'sekret', BM_PROFILE: 'main' };
  await notifyAlert(deps(real, 'aix', env), D, { command: 'env | sort > env.txt', cwd }, (l) => said.push(l));
  const got = readFileSync(join(cwd, 'env.txt'), 'utf8').split('\n').filter((l) => /^(BM_|KEEP_ME)/.test(l));
  assert.deepEqual(got, [...Object.entries(alertEnv(D)).map(([k, v]) => `${k}=${v}`).sort(), 'KEEP_ME=kept']);
  assert.equal(alertEnv(D).BM_ALERT_TIME, '2026-11-28T09:00:00.000Z');
  assert.deepEqual(said, ['--exec exited 0'], 'no desktop on this platform; the command\'s end said');
});

test('a command that cannot start is said, not thrown', async () => {
  const said: string[] = [];
  const real: Spawner = (file, args, opts) => spawn(file, [...args], opts);
  await notifyAlert(deps(real, 'aix', { PATH: process.env.PATH ?? '/usr/bin:/bin' }), D, { command: 'true', cwd: join(tmpdir(), 'bm-no-such-folder-here') }, (l) => said.push(l));
  assert.equal(said.length, 1);
  assert.match(said[0]!, /^--exec could not start/);
});

test('a command still running at its time limit is stopped with what it started, and said so', async () => {
  const clock = fakeClock(0);
  const real: Spawner = (file, args, opts) => spawn(file, [...args], opts);
  const said: string[] = [];
  const cwd = mkdtempSync(join(tmpdir(), 'bm-notify-'));
  const done = notifyAlert({ spawner: real, clock, platform: 'aix', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } }, D, { command: 'echo started; touch up; sleep 600; echo never', cwd }, (l) => said.push(l));
  // Once it is under way (its time limit set, its first line out), the limit comes.
  for (const end = Date.now() + 30_000; !(clock.pending() > 0 && existsSync(join(cwd, 'up'))) && Date.now() < end;) await new Promise((r) => setTimeout(r, 10));
  clock.advance(EXEC_LIMIT_MS);
  await done;
  assert.deepEqual(said, [`--exec was killed by SIGTERM: stopped after ${EXEC_LIMIT_MS / 1000} s, its time limit; output: "started"`]);
});
