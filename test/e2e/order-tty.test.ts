// Confirmation of a current-generation order on a real terminal (tmux): the prompt shows side, pair,
// size, price and notional, and the market around it; no exits 3 and places nothing, yes places it;
// Ctrl-C at the prompt is exit 130 and places nothing.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BIN, TERMINAL_WAIT_MS as WAIT_MS, until } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { useTtyVenue } from '../helpers/tty-venue.js';

const venue = useTtyVenue();
const { hasTmux, env, socket } = venue;


/** Runs `bm args` in a tmux pane; returns the screen at the prompt and the exit code after `keys`. */
async function onTerminal(name: string, args: string, keys: string | readonly string[]): Promise<{ screen: string; code: number }> {
  const exitFile = join(env.HOME!, `${name}.exit`);
  const vars = Object.entries(env).filter(([k]) => k.startsWith('BM_') || k.startsWith('XDG_') || k === 'HOME' || k === 'NO_COLOR').map(([k, v]) => `${k}='${v}'`).join(' ');
  const cmd = `env ${vars} ${process.execPath} ${BIN} --base-url ${venue.url()} ${args}; echo $? > ${exitFile}`;
  execFileSync('tmux', ['-S', socket, 'new-session', '-d', '-s', name, '-x', '160', '-y', '20', cmd]);
  const pane = () => execFileSync('tmux', ['-S', socket, 'capture-pane', '-p', '-t', name]).toString();
  await until(() => /\?/.test(pane()), 'the prompt', WAIT_MS);
  const screen = pane();
  execFileSync('tmux', ['-S', socket, 'send-keys', '-t', name, ...(typeof keys === 'string' ? [keys, 'Enter'] : keys)]);
  await until(() => existsSync(exitFile) && readFileSync(exitFile, 'utf8').trim() !== '', 'the exit code', WAIT_MS);
  return { screen, code: Number(readFileSync(exitFile, 'utf8').trim()) };
}

test('order place asks on a terminal: no exits 3 and places nothing, yes places', async (t) => {
  if (!hasTmux) {
    if (process.env.CI) assert.fail('tmux is not installed: the terminal confirmation is NOT tested');
    t.skip('tmux is not installed: the terminal confirmation is NOT tested here');
    return;
  }
  const args = 'order place BTC_USDT --side buy --type limit --size 0.01 --price 1000';
  const no = await onTerminal('no', `${args} --client-order-id ttyNo1`, 'n');
  assert.match(no.screen, /Place limit BUY 0\.01 BTC on BTC_USDT at 1000 USDT \(notional 10 USDT\)\?/);
  assert.match(no.screen, /market: last [0-9.]+, best bid [0-9.]+, best ask [0-9.]+ USDT/);
  assert.match(no.screen, /price 1000 \([0-9.]+% below last\): does not cross: it rests in the book/);
  assert.equal(no.code, 3);
  assert.equal((await runBm(['--base-url', venue.url(), 'order', 'get', 'BTC_USDT', '--client-order-id', 'ttyNo1'], env)).code, 6, 'nothing was placed');
  const yes = await onTerminal('yes', `${args} --client-order-id ttyYes1`, 'y');
  assert.equal(yes.code, 0);
  const got = await runBm(['--base-url', venue.url(), 'order', 'get', 'BTC_USDT', '--client-order-id', 'ttyYes1', '--json'], env);
  assert.equal(got.code, 0, got.stderr);
  assert.equal(JSON.parse(got.stdout).clientOrderId, 'ttyYes1');
});

test('Ctrl-C at the confirmation is exit 130 and sends nothing; a market order shows its estimated fill', async (t) => {
  if (!hasTmux) {
    if (process.env.CI) assert.fail('tmux is not installed: the terminal confirmation is NOT tested');
    t.skip('tmux is not installed: the terminal confirmation is NOT tested here');
    return;
  }
  const r = await onTerminal('ctrlc', 'order place BTC_USDT --side sell --type market --size 0.01 --client-order-id ttyCtrlC1', ['C-c']);
  assert.match(r.screen, /Place market SELL 0\.01 BTC on BTC_USDT at market\?/);
  assert.match(r.screen, /estimated average fill [0-9.]+ USDT \(about 0\.01 BTC for [0-9.]+ USDT\), walked over \d+ levels? of the book/);
  assert.equal(r.code, 130);
  assert.equal((await runBm(['--base-url', venue.url(), 'order', 'get', 'BTC_USDT', '--client-order-id', 'ttyCtrlC1'], env)).code, 6, 'nothing was placed');
  const all = await onTerminal('ctrlcAll', 'api POST /spot/v1/cancel_orders -f symbol=BTC_USDT', ['C-c']);
  assert.match(all.screen, /Cancel every open order on BTC_USDT\?/);
  assert.equal(all.code, 130);
});
