// Confirmation on a real terminal (tmux): answering no exits 3 and sends nothing; yes sends the cancel.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { ACCOUNT } from '../helpers/legacy-exchange.js';
import { startLegacyServer, type LegacyTestServer } from '../helpers/legacy-server.js';
import { TERMINAL_WAIT_MS as WAIT_MS, until } from '../helpers/bm.js';

const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const home = mkdtempSync(join(tmpdir(), 'bm-legacy-tty-'));
const socket = join(home, 'tmux.sock');
let srv: LegacyTestServer;

before(async () => {
  srv = await startLegacyServer();
});
after(async () => {
  if (hasTmux) spawnSync('tmux', ['-S', socket, 'kill-server']);
  await srv.close();
  rmSync(home, { recursive: true, force: true });
});

/** Runs `bm legacy args` in a tmux pane, answers `keys` once the prompt shows; resolves with the exit code. */
async function onTerminal(name: string, args: string, keys: string): Promise<number> {
  const exitFile = join(home, `${name}.exit`);
  const env = `BM_API_KEY=${ACCOUNT.key} BM_API_SECRET=${ACCOUNT.secret} BM_API_MEMO=${ACCOUNT.memo} BM_STATE_DIR=${home}/state BM_CONFIG_DIR=${home}/config NO_COLOR=1`;
  const cmd = `${env} ${process.execPath} ${resolve('bin/bm.js')} legacy ${args} --legacy-url ${srv.url}; echo $? > ${exitFile}`;
  execFileSync('tmux', ['-S', socket, 'new-session', '-d', '-s', name, '-x', '120', '-y', '20', cmd]);
  const pane = () => execFileSync('tmux', ['-S', socket, 'capture-pane', '-p', '-t', name]).toString();
  await until(() => /\?/.test(pane()), 'the prompt', WAIT_MS);
  execFileSync('tmux', ['-S', socket, 'send-keys', '-t', name, keys, 'Enter']);
  await until(() => existsSync(exitFile) && readFileSync(exitFile, 'utf8').trim() !== '', 'the exit code', WAIT_MS);
  return Number(readFileSync(exitFile, 'utf8').trim());
}

test('a write asks on a terminal: no exits 3 and sends nothing, yes sends', { skip: !hasTmux && 'tmux not installed' }, async () => {
  const id = srv.exchange.placeOrder(ACCOUNT.id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '1', price: '1' }).order_id;
  assert.equal(await onTerminal('declined', `order cancel ${id}`, 'n'), 3);
  assert.equal(srv.total(), 0);
  assert.equal(await onTerminal('agreed', `order cancel ${id}`, 'y'), 0);
  assert.equal(srv.count(`DELETE /v2/orders/${id}`), 1);
  assert.equal(srv.exchange.order(ACCOUNT.id, 'BTC_USDT', { order_id: id })!.status, 8);
});
