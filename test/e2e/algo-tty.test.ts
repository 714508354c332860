// A conditional order in the foreground on a real terminal (tmux): confirmed at the prompt, armed, then
// Ctrl-C asks whether to leave it running: yes hands it to a runner of its own (exit 0, `bm algo list`
// shows it running); no cancels it unsent (exit 130).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BIN, TERMINAL_WAIT_MS as WAIT_MS, until } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { useTtyVenue } from '../helpers/tty-venue.js';

// A test that failed half-way leaves no runner behind.
const venue = useTtyVenue(async () => {
  for (const r of await list()) if (r.runner) process.kill(Number(r.runner), 'SIGTERM');
});
const { hasTmux, env, socket } = venue;

const list = async () => JSON.parse((await runBm(['--base-url', venue.url(), 'algo', 'list', '--json'], env)).stdout || '[]') as Array<Record<string, string>>;

/** Runs a stop that never fires in a tmux pane, confirms it, presses Ctrl-C and answers `answer`; its exit code and screen. */
async function interrupted(name: string, answer: 'y' | 'n'): Promise<{ code: number; screen: string }> {
  const exitFile = join(env.HOME!, `${name}.exit`);
  const vars = Object.entries(env).filter(([k]) => k.startsWith('BM_') || k.startsWith('XDG_') || k === 'HOME' || k === 'NO_COLOR').map(([k, v]) => `${k}='${v}'`).join(' ');
  const cmd = `env ${vars} ${process.execPath} ${BIN} --base-url ${venue.url()} order stop BTC_USDT --side sell --size 0.01 --trigger 1; echo $? > ${exitFile}`;
  execFileSync('tmux', ['-S', socket, 'new-session', '-d', '-s', name, '-x', '200', '-y', '30', cmd]);
  // The pane stays once bm has exited, so its last screen can be read.
  execFileSync('tmux', ['-S', socket, 'set-option', '-t', name, 'remain-on-exit', 'on']);
  const pane = () => execFileSync('tmux', ['-S', socket, 'capture-pane', '-p', '-t', name]).toString();
  const keys = (...k: string[]) => execFileSync('tmux', ['-S', socket, 'send-keys', '-t', name, ...k]);
  await until(() => /Run stop .*\?/.test(pane()), 'the confirmation', WAIT_MS);
  keys('y', 'Enter');
  await until(() => /armed; journal/.test(pane()), 'the stop armed', WAIT_MS);
  keys('C-c');
  await until(() => /Leave stop .* running in the background/.test(pane()), 'the question on Ctrl-C', WAIT_MS);
  keys(answer, 'Enter');
  await until(() => existsSync(exitFile) && readFileSync(exitFile, 'utf8').trim() !== '', 'the exit code', WAIT_MS);
  return { code: Number(readFileSync(exitFile, 'utf8').trim()), screen: pane() };
}


test('Ctrl-C on a terminal asks: yes leaves the stop to a runner of its own, no cancels it unsent', async (t) => {
  if (!hasTmux) {
    if (process.env.CI) assert.fail('tmux is not installed: Ctrl-C on a terminal is NOT tested');
    t.skip('tmux is not installed: Ctrl-C on a terminal is NOT tested here');
    return;
  }
  const left = await interrupted('leave', 'y');
  assert.equal(left.code, 0, left.screen);
  const id = /algo (a[0-9a-z]+): running detached/.exec(left.screen)?.[1];
  assert.ok(id, left.screen);
  assert.equal((await list()).find((r) => r.algo === id)?.state, 'running');
  const c = await runBm(['--base-url', venue.url(), 'algo', 'cancel', id!, '--yes', '--json'], env);
  assert.equal(c.code, 0, c.stderr);
  assert.equal((JSON.parse(c.stdout) as Array<Record<string, string>>)[0]!.status, 'cancelled');

  const no = await interrupted('cancel', 'n');
  assert.equal(no.code, 130, no.screen);
  assert.match(no.screen, /cancelled: stopped before it fired/);
  assert.ok((await list()).every((r) => r.state !== 'running'), 'no runner left');
});
