// The trading terminal's watchlist, depth chart, history and mouse in a real terminal: one tmux session
// of 160x45 runs `bm trade` against the sandbox held still (a trade happens only when an account makes
// it), and the test presses keys, sends SGR mouse reports and reads the screen, waiting for text.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { BIN, ensureBuilt, has, isolatedEnv, TERMINAL_WAIT_MS as WAIT_MS, until } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { startStillSandbox } from '../helpers/sandbox-server.js';

const SOCKET = join(tmpdir(), `bm-panes-${process.pid}`);
const base = isolatedEnv({ TERM: 'xterm-256color', NO_COLOR: '1' });
const S = 'panes';
let url = '';
let stop: () => Promise<void> = async () => {};
let creds: Record<string, string> = {};
/** A second account: its trades move the market the terminal watches. */
let other: Record<string, string> = {};

function tmux(...args: string[]): string {
  const r = spawnSync('tmux', ['-S', SOCKET, '-f', '/dev/null', ...args], { env: base, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}
const screen = () => tmux('capture-pane', '-p', '-t', S);
const flag = (f: string) => tmux('display-message', '-p', '-t', S, `#{${f}}`).trim();
const keys = (...k: string[]) => void tmux('send-keys', '-t', S, ...k);
const gone = (what: RegExp) => until(() => !what.test(screen()), `${what} gone from the screen`, WAIT_MS);
const seen = (what: RegExp) => until(() => what.test(screen()), `${what} on the screen:\n${screen()}`, WAIT_MS);
const bmAs = async (who: Record<string, string>, ...argv: string[]) => {
  const r = await runBm(['--base-url', url, ...argv], { ...base, ...who });
  assert.equal(r.code, 0, `bm ${argv.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

const tmuxMissing = !has('tmux');
/** The environment of `bm trade` in the pane: the isolated home and the account's key. */
const envVars = () => Object.entries({ ...base, ...creds }).filter(([k]) => /^(BM_|XDG_|HOME$|NO_COLOR$|TERM$)/.test(k)).map(([k, v]) => `${k}='${v}'`).join(' ');

before(async () => {
  if (tmuxMissing) return;
  ensureBuilt();
  ({ url, stop } = await startStillSandbox(11));
  const account = async () => {
    const a = JSON.parse((await runBm(['--base-url', url, 'sandbox', 'account', 'create', '--json'], base)).stdout) as Record<string, string>;
    return { BM_API_KEY: a.key!, BM_API_SECRET: a.secret!, BM_API_MEMO: a.memo! };
  };
  [creds, other] = await Promise.all([account(), account()]);
  // Earlier today: a market buy that filled and a limit buy far below the book, cancelled.
  await bmAs(creds, 'order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'market', '--notional', '650', '--yes');
  const placed = JSON.parse(await bmAs(creds, 'order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--price', '40000', '--size', '0.001', '--yes', '--json')) as { order_id: string };
  await bmAs(creds, 'order', 'cancel', 'BTC_USDT', '--order-id', placed.order_id, '--yes');
  tmux('new-session', '-d', '-s', S, '-x', '160', '-y', '45', `env ${envVars()} ${process.execPath} ${BIN} --base-url ${url} trade BTC_USDT --pairs BTC_USDT,ETH_USDT,SOL_USDT; echo EXIT=$?; sleep 120`);
  await seen(/WATCHLIST[\s\S]*ETH_USDT +\d[\s\S]*ws ready/);
});

after(async () => {
  if (tmuxMissing) return;
  spawnSync('tmux', ['-S', SOCKET, 'kill-server']);
  await stop();
});

/** The watchlist's row of `pair`: its last price. */
const lastOf = (text: string, pair: string) => new RegExp(`^[ ›•] ${pair} +(\\d+\\.\\d+)`, 'm').exec(text)?.[1];

test('the watchlist shows another pair moving, live; Enter on its row trades it', { skip: tmuxMissing && 'tmux is not installed' }, async () => {
  const before = lastOf(screen(), 'ETH_USDT');
  assert.ok(before, `ETH_USDT's last price in the watchlist:\n${screen()}`);
  // Another account buys ETH at market: the still sandbox trades at its ask, and the ticker moves.
  await bmAs(other, 'order', 'place', 'ETH_USDT', '--side', 'buy', '--type', 'market', '--notional', '500', '--yes');
  await until(() => { const now = lastOf(screen(), 'ETH_USDT'); return now !== undefined && now !== before; }, `ETH_USDT's last price moving from ${before}:\n${screen()}`, WAIT_MS);
  keys('w');
  await seen(/WATCHLIST +Enter trades/);
  keys('j', 'Enter');
  await seen(/^\[PAPER\] ETH_USDT/m);
  await seen(/BOOK +ETH_USDT[\s\S]*ws ready/);
  // And back to BTC_USDT the same way; w gives the keys back to the orders.
  keys('k', 'Enter');
  await seen(/^\[PAPER\] BTC_USDT[\s\S]*BOOK +BTC_USDT/m);
  keys('w');
  await seen(/WATCHLIST +w focuses/);
});

test('h lists an order filled and one cancelled earlier, with the filled one\'s fills on Enter', { skip: tmuxMissing && 'tmux is not installed' }, async () => {
  keys('h');
  await seen(/HISTORY BTC_USDT \(2\)/);
  const shown = screen();
  assert.match(shown, /buy +filled +0\.\d+ for 6\d\d(\.\d+)? of 650 USDT/, `the market buy: what it bought for what it was asked to spend:\n${shown}`);
  assert.match(shown, /buy +cancelled +0 of 0\.001/, `the limit buy cancelled with nothing filled:\n${shown}`);
  // Newest first: the cancelled one, then the filled one; Enter on it shows its fills with their fees.
  keys('j', 'Enter');
  await seen(/ {4}\d\d:\d\d:\d\d 0\.\d+ @ \d+(\.\d+)? +fee \d+(\.\d+)? [A-Z]+/);
  keys('h');
  await seen(/CANDLES 1m/);
});

test('d shows the depth chart with an order placed from the terminal marked at its price', { skip: tmuxMissing && 'tmux is not installed' }, async () => {
  // A buy at the twelfth bid: Tab focuses the book, j walks from the best ask down through the spread.
  keys('Tab');
  for (let i = 0; i < 12; i++) keys('j');
  keys('b');
  await seen(/BUY BTC_USDT/);
  keys('0', '.', '0', '0', '1', 'Enter');
  await seen(/CONFIRM/);
  keys('y');
  await seen(/OPEN ORDERS \(1\)/);
  const placed = /› buy +(\d+\.\d\d)/.exec(screen())?.[1];
  assert.ok(placed, `the order in the orders pane:\n${screen()}`);
  keys('d');
  await seen(new RegExp(`DEPTH +BTC_USDT +mid \\d[\\s\\S]*◆ buy ${placed.replace('.', '\\.')}`));
  // Under the curves, the marks row: the order's ◆ alone in the depth pane (the right-hand top pane).
  const depth = screen().split('\n');
  const x = depth.find((l) => l.includes('DEPTH '))!.indexOf('DEPTH ');
  assert.ok(depth.some((l) => /^ *◆ *$/.test(l.slice(x))), `a marks row with ◆ under the curves:\n${depth.join('\n')}`);
  keys('d');
  await seen(/CANDLES 1m/);
});

test('a click on a book level opens the form at that price; the wheel moves the selection', { skip: tmuxMissing && 'tmux is not installed' }, async () => {
  keys('Escape');
  assert.equal(flag('mouse_sgr_flag'), '1', 'SGR mouse reporting is on');
  const lines = screen().split('\n');
  const y = lines.findIndex((l) => /spread /.test(l)) - 3;
  const row = lines[y]!;
  const book = row.indexOf('│') + 1;
  const m = /(\d+\.\d\d) +\d/.exec(row.slice(book))!;
  const x = book + m.index;
  // SGR report: button 0 pressed at column x+1, row y+1 (counted from 1).
  tmux('send-keys', '-t', S, '-l', `\x1b[<0;${x + 1};${y + 1}M\x1b[<0;${x + 1};${y + 1}m`);
  await seen(/BUY BTC_USDT/);
  assert.match(screen(), new RegExp(`price +${m[1]!.replace('.', '\\.')} USDT`), `the form at the clicked ask ${m[1]}`);
  keys('Escape');
  await gone(/BUY BTC_USDT/);
  // The clicked level stays selected (›); two notches of the wheel down over the book move it two rows down.
  const marked = () => screen().split('\n').findIndex((l) => l.slice(book).startsWith('›'));
  await until(() => marked() === y, `the clicked level selected, row ${y}:\n${screen()}`, WAIT_MS);
  tmux('send-keys', '-t', S, '-l', `\x1b[<65;${x + 1};${y + 1}M\x1b[<65;${x + 1};${y + 1}M`);
  await until(() => marked() === y + 2, `the selection two rows down, row ${y + 2}:\n${screen()}`, WAIT_MS);
});

test('a market buy\'s size field keeps its unit: m leaves it in BTC; only $ makes it an amount to spend, and says so', { skip: tmuxMissing && 'tmux is not installed' }, async () => {
  keys('b', '0', '.', '0', '1');
  await seen(/size +0\.01█ BTC/);
  keys('m');
  await seen(/type +market[\s\S]*size +0\.01█ BTC +\(\$: spend USDT\)/);
  keys('$');
  await seen(/spend +█ USDT +\(\$: size in BTC\)/);
  keys('Escape');
  await gone(/BUY BTC_USDT/);
  keys('q');
  await seen(/EXIT=0/);
  assert.equal(flag('mouse_standard_flag'), '0', 'mouse reporting is off again after the terminal quit');
  assert.equal(flag('alternate_on'), '0');
});

test('--no-mouse: no mouse reporting while the terminal runs', { skip: tmuxMissing && 'tmux is not installed' }, async () => {
  tmux('respawn-pane', '-k', '-t', S, `env ${envVars()} ${process.execPath} ${BIN} --base-url ${url} trade BTC_USDT --no-mouse; echo EXIT=$?; sleep 120`);
  await seen(/WATCHLIST[\s\S]*ETH_USDT +\d[\s\S]*ws ready/);
  assert.match(screen(), /• BTC_USDT[\s\S]*ETH_USDT[\s\S]*SOL_USDT/, 'the watchlist kept from --pairs');
  assert.deepEqual([flag('alternate_on'), flag('mouse_standard_flag'), flag('mouse_sgr_flag')], ['1', '0', '0']);
  keys('q');
  await seen(/EXIT=0/);
});
