// `bm record` on a terminal: one progress line rewritten in place; Ctrl-C ends the file and exits 0.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { BIN, ensureBuilt, has, isolatedEnv, TERMINAL_WAIT_MS as WAIT_MS, until } from '../helpers/bm.js';
import { startServer, type RunningSandbox } from '../../src/sandbox/server/server.js';
import { readRecording } from '../../src/sandbox/replay/recording.js';

// The tmux server's socket is in the run's temporary folder, removed with it.
const SOCKET = join(tmpdir(), `bm-rec-${process.pid}`);
const env = isolatedEnv({ TERM: 'xterm-256color' });
let sandbox: RunningSandbox;

function tmux(...args: string[]): string {
  const r = spawnSync('tmux', ['-S', SOCKET, '-f', '/dev/null', ...args], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}
// -J: a line the pane wrapped (a long temporary path) reads back as one.
const screen = () => tmux('capture-pane', '-p', '-J', '-t', 'rec');

before(async () => {
  ensureBuilt();
  sandbox = await startServer({ port: 0, seed: 9, log: () => {} });
});
after(async () => {
  if (has('tmux')) spawnSync('tmux', ['-S', SOCKET, 'kill-server']);
  await sandbox.close();
});

test('record on a terminal: events, bytes and elapsed on one line, rewritten each second; Ctrl-C completes the file, exit 0', async (t) => {
  if (!has('tmux')) {
    if (process.env.CI === 'true') assert.fail('tmux is not installed');
    return t.skip('tmux is not installed: the progress line is NOT tested here');
  }
  const out = join(mkdtempSync(join(tmpdir(), 'bm-rec-tty-')), 'tty.ndjson.gz');
  const ws = sandbox.url.replace('http', 'ws');
  tmux('new-session', '-d', '-s', 'rec', '-x', '100', '-y', '20', `${process.execPath} ${BIN} --ws-url ${ws} record BTC_USDT --out ${out}; echo EXIT=$?; sleep 60`);
  const progress = () => screen().split('\n').filter((l) => l.startsWith('recording '));
  await until(() => progress().some((l) => /^recording [1-9][0-9]* events, [1-9][0-9]* bytes, (?!0:00:0[01]\b)\d+:\d\d:\d\d\s*$/.test(l)), 'a progress line at 2 s or more', WAIT_MS);
  assert.equal(progress().length, 1, screen());
  tmux('send-keys', '-t', 'rec', 'C-c');
  await until(() => /EXIT=0/.test(screen()), 'exit 0 after Ctrl-C', WAIT_MS);
  assert.match(screen(), /^recorded [1-9][0-9]* events, [1-9][0-9]* bytes, (?!0:00:0[01]\b)\d+:\d\d:\d\d to .*tty\.ndjson\.gz\s*$/m);
  assert.ok((await readRecording(out)).events.length > 0);
});
