// `bm profile add` on a real terminal (tmux): prompts on the screen, the secret never echoed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { startVenue } from '../helpers/venue.js';
import { BIN, ensureBuilt, TERMINAL_WAIT_MS } from '../helpers/bm.js';

const hasTmux = spawnSync('sh', ['-c', 'command -v tmux']).status === 0;

test('profile add prompts on a terminal and hides the secret', { timeout: 60_000 }, async (t) => {
  if (!hasTmux) {
    t.diagnostic('TTY TEST NOT RUN: tmux is not installed');
    t.skip('tmux missing');
    return;
  }
  ensureBuilt();
  const venue = await startVenue();
  const creds = venue.account();
  const root = mkdtempSync(join(tmpdir(), 'bm-tty-'));
  const socket = join(root, 'tmux.sock');
  const env = {
    PATH: process.env.PATH, HOME: root, TERM: 'xterm-256color', NO_COLOR: '1',
    BM_CONFIG_DIR: join(root, 'cfg'), BM_STATE_DIR: join(root, 'state'),
  };
  const tmux = (...args: string[]) => spawnSync('tmux', ['-S', socket, '-f', '/dev/null', ...args], { env: env as NodeJS.ProcessEnv, encoding: 'utf8' });
  const screen = () => tmux('capture-pane', '-p', '-t', 'bm').stdout;
  const waitFor = async (re: RegExp) => {
    for (const end = Date.now() + TERMINAL_WAIT_MS; Date.now() < end; await sleep(100)) if (re.test(screen())) return;
    assert.fail(`screen never showed ${re}:\n${screen()}`);
  };
  try {
    const cmd = `node ${BIN} profile add tty --base-url ${venue.url} --insecure-storage; echo EXIT=$?; sleep 60`;
    assert.equal(tmux('new-session', '-d', '-s', 'bm', '-x', '150', '-y', '40', cmd).status, 0);
    await waitFor(/API key/);
    tmux('send-keys', '-t', 'bm', '-l', creds.key);
    tmux('send-keys', '-t', 'bm', 'Enter');
    await waitFor(/API secret/);
    tmux('send-keys', '-t', 'bm', '-l', creds.secret);
    tmux('send-keys', '-t', 'bm', 'Enter');
    await waitFor(/Memo/);
    tmux('send-keys', '-t', 'bm', '-l', creds.memo);
    tmux('send-keys', '-t', 'bm', 'Enter');
    await waitFor(/EXIT=\d+/);
    const shown = screen();
    t.diagnostic(shown.trim().split("\n").join(" / "));
    assert.match(shown, /EXIT=0/, shown);
    assert.ok(!shown.includes(creds.secret), `the secret was echoed:\n${shown}`);
    assert.ok(!shown.includes(creds.memo), `the memo stayed on the screen:\n${shown}`);
    assert.ok(existsSync(join(root, 'cfg', 'credentials.json')));
  } finally {
    tmux('kill-server');
    await venue.close();
  }
});
