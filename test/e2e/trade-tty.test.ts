// The trading terminal in a real terminal: tmux runs `bm trade` against the sandbox; the tests press
// keys and read the screen (waiting for text, never for a fixed time). The sandbox's market is held
// still: an order rests until the test cancels it and a trade is one the test made, at any machine speed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test, type TestContext } from 'node:test';
import { BIN, ensureBuilt, has, isolatedEnv, TERMINAL_WAIT_MS as WAIT_MS, until } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { startStillSandbox } from '../helpers/sandbox-server.js';

// The tmux server's socket is in the run's temporary folder, removed with it.
const SOCKET = join(tmpdir(), `bm-trade-${process.pid}`);
const base = isolatedEnv({ TERM: 'xterm-256color', NO_COLOR: '1' });
let url = '';
let stop: () => Promise<void> = async () => {};
let creds: Record<string, string> = {};
let n = 0;

function tmux(...args: string[]): string {
  const r = spawnSync('tmux', ['-S', SOCKET, '-f', '/dev/null', ...args], { env: base, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const screen = (s: string) => tmux('capture-pane', '-p', '-t', s);
const flag = (s: string, f: string) => tmux('display-message', '-p', '-t', s, `#{${f}}`).trim();
const keys = (s: string, ...k: string[]) => void tmux('send-keys', '-t', s, ...k);
const seen = (s: string, what: RegExp, limitMs = WAIT_MS) => until(() => what.test(screen(s)), `${what} on the screen:\n${screen(s)}`, limitMs);
const waitFor = (check: () => boolean, what: string) => until(check, what, WAIT_MS);

/** Starts `bm trade ...` in a detached session of `cols` x `rows`; returns the session name. */
function launch(args: string, env: Record<string, string>, cols = 120, rows = 40, base: string | null = url): string {
  const name = `t${++n}`;
  const vars = Object.entries(env).filter(([k]) => /^(BM_|XDG_|HOME$|NO_COLOR$|TERM$)/.test(k)).map(([k, v]) => `${k}='${v}'`).join(' ');
  tmux('new-session', '-d', '-s', name, '-x', String(cols), '-y', String(rows), `env ${vars} ${process.execPath} ${BIN}${base ? ` --base-url ${base}` : ''} trade ${args}; echo EXIT=$?; sleep 120`);
  return name;
}

/**
 * A shell in tmux that prints a line, runs `bm trade ...`, then its exit code and whether the
 * keyboard is back in line mode; returns the session name and a reader of bm's pid.
 */
function launchInShell(args: string, env: Record<string, string>, base: string): { name: string; pid: () => number } {
  const name = `t${++n}`;
  const vars = Object.entries(env).filter(([k]) => /^(BM_|XDG_|HOME$|NO_COLOR$|TERM$)/.test(k)).map(([k, v]) => `${k}='${v}'`).join(' ');
  tmux('new-session', '-d', '-s', name, '-x', '120', '-y', '40', `echo BEFORE-TRADE-LINE; env ${vars} ${process.execPath} ${BIN} --base-url ${base} trade ${args}; echo EXIT=$?; stty -a | tr ' ;' '\n\n' | grep -x -e icanon -e -icanon; sleep 120`);
  const shell = Number(flag(name, 'pane_pid'));
  const pid = () => {
    const r = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(shell)], { encoding: 'utf8' });
    const line = r.stdout.split('\n').find((l) => l.includes(BIN));
    return line ? Number(line.trim().split(/\s+/)[0]) : 0;
  };
  return { name, pid };
}

/** After bm ended: the shell's own screen is back with what it showed before, the cursor shown, line mode on. */
function restored(s: string, exit: number): void {
  const shown = screen(s);
  assert.match(shown, new RegExp(`^BEFORE-TRADE-LINE\\n[\\s\\S]*EXIT=${exit}\\nicanon$`, 'm'), shown);
  assert.equal(flag(s, 'alternate_on'), '0', 'the alternate screen is left');
  assert.equal(flag(s, 'cursor_flag'), '1', 'the cursor is shown');
}

function requireTmux(t: TestContext): boolean {
  if (has('tmux')) return true;
  const msg = 'tmux is not installed: the trading terminal is NOT tested here (apt-get install -y tmux; CI installs it)';
  process.stderr.write(`\nWARNING: ${msg}\n\n`);
  if (process.env.CI === 'true') assert.fail(msg);
  t.skip(msg);
  return false;
}

/** Which bid row (0 = best) carries the selection mark, or -1. */
function selectedBid(text: string): number {
  const lines = text.split('\n');
  const spread = lines.findIndex((l) => /^ +spread /.test(l));
  return spread < 0 ? -1 : lines.slice(spread + 1).findIndex((l) => l.startsWith('›'));
}

/** The order-book rows on screen: `[marked, price]`, asks then bids, as drawn. */
function bookRows(text: string): Array<[boolean, string]> {
  return [...text.matchAll(/^.(.)(\d+\.\d+) +\d/gm)].map((m) => [m[1] === '◆', m[2]!]);
}

before(async () => {
  ensureBuilt();
  ({ url, stop } = await startStillSandbox(5));
  const a = JSON.parse((await runBm(['--base-url', url, 'sandbox', 'account', 'create', '--json'], base)).stdout) as Record<string, string>;
  creds = { BM_API_KEY: a.key!, BM_API_SECRET: a.secret!, BM_API_MEMO: a.memo! };
});
after(async () => {
  if (has('tmux')) spawnSync('tmux', ['-S', SOCKET, 'kill-server']);
  await stop();
});

test('place a buy from the form: it shows in open orders and is marked in the book; cancel it; q restores the screen', async (t) => {
  if (!requireTmux(t)) return;
  const s = launch('BTC_USDT', { ...base, ...creds });
  await seen(s, /OPEN ORDERS \(0\)[\s\S]*ws ready/);
  assert.match(screen(s), /^\[PAPER\] BTC_USDT {2}last \d/m);
  assert.equal(flag(s, 'alternate_on'), '1');
  // A bid deep in the book: select it (Tab focuses the book), then b prefills its price.
  keys(s, 'Tab');
  for (let i = 0; i < 14; i++) keys(s, 'j');
  await waitFor(() => selectedBid(screen(s)) === 13, `the 14th bid selected:\n${screen(s)}`);
  keys(s, 'b');
  await seen(s, /BUY BTC_USDT/);
  // The form holds the selected level's price: a bid below the best one.
  const form = screen(s);
  const level = /price +(\d+\.\d+) USDT/.exec(form)![1]!;
  const best = /book +bid (\d+\.\d+)/.exec(form)![1]!;
  assert.ok(Number(level) < Number(best), `${level} is a level below the best bid ${best}`);
  keys(s, '0', '.', '0', '0', '1');
  await seen(s, /size +0\.001█ BTC/);
  keys(s, 'Enter');
  await seen(s, /CONFIRM/);
  assert.match(screen(s), new RegExp(`limit buy 0\\.001 BTC_USDT @ ${level.replace('.', '\\.')}`));
  assert.match(screen(s), /crosses +no: rests in the book \(maker\)/);
  keys(s, 'y');
  await seen(s, /OPEN ORDERS \(1\)/);
  // The order stream can show the order before the placement's answer is read: the status line follows.
  await seen(s, /placed buy 0\.001 BTC_USDT @ /);
  await seen(s, new RegExp(`^.◆${level.replace('.', '\\.')} `, 'm'));
  assert.ok(bookRows(screen(s)).some(([marked, p]) => marked && p === level), 'the level of the order is marked');
  await seen(s, /USDT +\d+\.?\d* +0*\.?\d*[1-9]/); // the buy froze some USDT (balances follow within a moment)
  keys(s, 'Tab', 'c');
  await seen(s, /Cancel buy 0\.001 @ /);
  keys(s, 'y');
  await seen(s, /OPEN ORDERS \(0\)/);
  // As for the placement: the order stream can show the cancel before its answer is read.
  await seen(s, /cancelled buy 0\.001 @ /);
  keys(s, 'q');
  await seen(s, /EXIT=\d+/);
  assert.match(screen(s), /EXIT=0/);
  assert.doesNotMatch(screen(s), /OPEN ORDERS/, 'the normal screen is back');
  assert.equal(flag(s, 'alternate_on'), '0');
  assert.equal(flag(s, 'cursor_flag'), '1', 'cursor shown');
});

test('a stop attached to an unfilled order arms on its fills only, outlives the terminal, and is cancelled from a new one', async (t) => {
  if (!requireTmux(t)) return;
  const env = { ...base, ...creds };
  const s = launch('BTC_USDT', env);
  await seen(s, /OPEN ORDERS \(0\)[\s\S]*ws ready/);
  keys(s, 'b', '0', '.', '0', '0', '1', 'Enter');
  await seen(s, /CONFIRM/);
  keys(s, 'y');
  await seen(s, /OPEN ORDERS \(1\)/);
  // A sell stop at the fifth bid, below the buy: the still market makes no trade, the buy never fills.
  const bids = bookRows(screen(s).split(/^ +spread .*$/m)[1]!).map(([, p]) => p);
  const trigger = bids[4]!;
  const t5 = trigger.replace('.', '\\.');
  keys(s, 'x');
  await seen(s, /STOP SELL BTC_USDT[\s\S]*protects +order (\d+)[\s\S]*arms +once it fills, for what fills: nothing before/);
  const order = /protects +order (\d+)/.exec(screen(s))![1]!;
  keys(s, ...trigger.split(''), 'Enter');
  await seen(s, /CONFIRM BRACKET[\s\S]*protects +order \d+ \(buy[\s\S]*for what fills[\s\S]*held by +this machine's runner, not the venue/);
  keys(s, 'y');
  // Listed from its journal, held by its runner, waiting for the order's fills: no trigger armed on the book.
  await seen(s, new RegExp(`CONDITIONAL \\(1\\)[\\s\\S]*held by this machine's runner[\\s\\S]*bracket 0\\.001 @ stop ${t5} running[\\s\\S]*sells on the fills of order`));
  keys(s, 'l');
  // The log wraps its lines: the order, then the exit's trigger further on.
  await seen(s, new RegExp(`LAST ACTIONS[\\s\\S]*armed bracket on order ${order},[\\s\\S]*${t5}: algo`));
  // l closes it too (an Esc right before the next key would read as Alt and take it).
  keys(s, 'l');
  await waitFor(() => !/LAST ACTIONS/.test(screen(s)), 'the log to close');
  assert.doesNotMatch(screen(s), /◇/, 'nothing armed until the order fills');
  keys(s, 'q');
  await seen(s, /EXIT=0/);
  const list = async () => JSON.parse((await runBm(['--base-url', url, 'algo', 'list', '--json'], env)).stdout) as Array<Record<string, string>>;
  const [row] = await list();
  assert.equal(row!.state, 'running', 'the terminal closed, the bracket still watches the order');
  const again = launch('BTC_USDT', env);
  await seen(again, /CONDITIONAL \(1\)[\s\S]*ws ready/);
  keys(again, 'j', 'c');
  await seen(again, new RegExp(`Cancel bracket ${row!.algo}`));
  keys(again, 'y');
  await seen(again, new RegExp(`cancelled bracket ${row!.algo}`));
  await waitFor(() => !/CONDITIONAL/.test(screen(again)), 'the cancelled bracket to leave the pane');
  const legs = JSON.parse((await runBm(['--base-url', url, 'algo', 'show', row!.algo!, '--json'], env)).stdout) as Array<Record<string, string>>;
  assert.equal(legs.find((l) => l.leg === 'stop')?.status, 'cancelled', 'its stop never sent');
  keys(again, 'C', 'y', 'q');
  await seen(again, /EXIT=0/);
});

test('A arms an alert at the selected bid: it fires after the terminal quit, at the next trade through it, and its --alert-exec command runs once', async (t) => {
  if (!requireTmux(t)) return;
  const env = { ...base, ...creds };
  // The command given with --alert-exec: one line per run, with what the alert put in its environment.
  const dir = mkdtempSync(join(tmpdir(), 'bm-alert-exec-'));
  const ran = join(dir, 'ran.txt');
  const script = join(dir, 'on-alert.sh');
  writeFileSync(script, `#!/bin/sh\necho "$BM_ALERT_SYMBOL $BM_ALERT_DIRECTION $BM_ALERT_LEVEL" >> ${ran}\n`);
  chmodSync(script, 0o755);
  const s = launch(`BTC_USDT --alert-exec ${script}`, env);
  await seen(s, /ws ready/);
  keys(s, 'Tab', 'j');
  await waitFor(() => selectedBid(screen(s)) === 0, `the best bid selected:\n${screen(s)}`);
  keys(s, 'A');
  await seen(s, /ALERT BTC_USDT[\s\S]*fires +at the first trade at or below/);
  const level = /level +(\d+\.\d+)█ USDT/.exec(screen(s))![1]!;
  keys(s, 'Enter');
  await seen(s, /CONFIRM ALERT/);
  keys(s, 'y');
  await seen(s, /CONDITIONAL \(1\)[\s\S]*alert +@ \d+\.\d+ running/);
  keys(s, 'q');
  await seen(s, /EXIT=0/);
  const list = async () => JSON.parse((await runBm(['--base-url', url, 'alert', 'list', '--json'], env)).stdout) as Array<Record<string, string>>;
  const [row] = await list();
  assert.deepEqual([row!.direction, row!.level, row!.state], ['below', level, 'running'], 'the terminal closed, the alert still watches');
  // Another account sells into the best bid: a trade at the alert's level.
  const other = JSON.parse((await runBm(['--base-url', url, 'sandbox', 'account', 'create', '--json'], base)).stdout) as Record<string, string>;
  const seller = { ...base, BM_API_KEY: other.key!, BM_API_SECRET: other.secret!, BM_API_MEMO: other.memo! };
  const sold = await runBm(['--base-url', url, 'order', 'place', 'BTC_USDT', '--side', 'sell', '--type', 'market', '--size', '0.001', '--yes'], seller);
  assert.equal(sold.code, 0, sold.stderr);
  let fired: Record<string, string> | undefined;
  for (const end = Date.now() + WAIT_MS; !fired && Date.now() < end; await new Promise((r) => setTimeout(r, 100))) fired = (await list()).find((r) => r.state === 'fired');
  assert.ok(fired, `the alert fired: ${JSON.stringify(await list())}`);
  assert.ok(Number(fired.price) <= Number(level), `fired by a trade at ${fired.price}, at or below ${level}`);
  assert.equal(fired.exec, script);
  // Its runner ends once the alert fired (no runner listed): nothing is left to run the command again.
  let ended: Record<string, string> | undefined;
  for (const end = Date.now() + WAIT_MS; !ended && Date.now() < end; await new Promise((r) => setTimeout(r, 100))) ended = (await list()).find((r) => r.state === 'fired' && !r.runner);
  assert.ok(ended, `the alert's runner ended: ${JSON.stringify(await list())}`);
  assert.ok(existsSync(ran), 'the alert\'s command ran');
  assert.equal(readFileSync(ran, 'utf8'), `BTC_USDT below ${level}\n`, 'the command ran once, with the alert in its environment');
});

test('/ switches pair with completion; Esc answers at once; Ctrl-C exits 130 restoring the screen', async (t) => {
  if (!requireTmux(t)) return;
  const s = launch('BTC_USDT', { ...base, ...creds });
  await seen(s, /ws ready/);
  keys(s, '/');
  await seen(s, /SWITCH PAIR/);
  keys(s, 's', 'o');
  await seen(s, /› SOL_USDT/);
  keys(s, 'Tab');
  await seen(s, /pair +SOL_USDT█/);
  keys(s, 'Enter');
  await seen(s, /^\[PAPER\] SOL_USDT/m);
  await seen(s, /BOOK {2}SOL_USDT[\s\S]*OPEN ORDERS \(0\)[\s\S]*switched to SOL_USDT/);
  await seen(s, /ws ready/);
  keys(s, 'b');
  await seen(s, /BUY SOL_USDT/);
  keys(s, 'Escape');
  await seen(s, /b buy {2}s sell/);
  assert.doesNotMatch(screen(s), /BUY SOL_USDT/);
  keys(s, 'C-c');
  await seen(s, /EXIT=\d+/);
  assert.match(screen(s), /EXIT=130/);
  assert.equal(flag(s, 'alternate_on'), '0');
});

test('read-only without credentials: market panes only, said clearly, order keys do nothing', async (t) => {
  if (!requireTmux(t)) return;
  const s = launch('BTC_USDT', base);
  await seen(s, /ws ready/);
  const shown = screen(s);
  assert.match(shown, /^\[PAPER\] \[READ-ONLY\] BTC_USDT/m);
  assert.match(shown, /read-only: no credentials/);
  assert.match(shown, /BOOK[\s\S]*CANDLES[\s\S]*TRADES/);
  assert.doesNotMatch(shown, /OPEN ORDERS|BALANCE|b buy/);
  keys(s, 'b', 's');
  keys(s, '?');
  await seen(s, /KEYS \(Esc closes\)/);
  assert.doesNotMatch(screen(s), /BUY BTC_USDT|SELL BTC_USDT/);
  // Esc and q as two presses (sent in one write they would read as Alt-q).
  keys(s, 'Escape');
  await waitFor(() => !/KEYS \(Esc closes\)/.test(screen(s)), 'the help to close');
  keys(s, 'q');
  await seen(s, /EXIT=0/);
});

test('resize re-lays out: chart, trades and account panes by width, a "too small" screen, never wider than the pane', async (t) => {
  if (!requireTmux(t)) return;
  const s = launch('BTC_USDT', { ...base, ...creds }, 120, 40);
  await seen(s, /CANDLES 1m[\s\S]*TRADES[\s\S]*ws ready/);
  const fits = (cols: number) => {
    for (const line of screen(s).split('\n')) assert.ok([...line].length <= cols, `line too long for ${cols}: ${line}`);
  };
  tmux('resize-window', '-t', s, '-x', '90', '-y', '30');
  await seen(s, /TRADES/);
  await waitFor(() => !/CANDLES/.test(screen(s)), 'the chart to go below 100 columns');
  assert.match(screen(s), /OPEN ORDERS/);
  fits(90);
  tmux('resize-window', '-t', s, '-x', '64', '-y', '20');
  await waitFor(() => !/TRADES/.test(screen(s)) && /OPEN ORDERS/.test(screen(s)), 'the trades to go below 80 columns');
  fits(64);
  tmux('resize-window', '-t', s, '-x', '40', '-y', '12');
  await seen(s, /terminal too small: 40x12/);
  fits(40);
  tmux('resize-window', '-t', s, '-x', '120', '-y', '40');
  await seen(s, /CANDLES 1m[\s\S]*TRADES/);
  fits(120);
  keys(s, 'q');
  await seen(s, /EXIT=0/);
});

test('a market sell fills: the log says so, balances refresh, --bell rings', async (t) => {
  if (!requireTmux(t)) return;
  const s = launch('BTC_USDT --bell', { ...base, ...creds });
  await seen(s, /BTC +1 +0\n[\s\S]*ws ready/);
  keys(s, 's');
  await seen(s, /SELL BTC_USDT/);
  keys(s, 'm');
  await seen(s, /type +market/);
  keys(s, '0', '.', '0', '0', '2');
  await seen(s, /size +0\.002█ BTC/);
  keys(s, 'Enter');
  await seen(s, /CONFIRM/);
  assert.match(screen(s), /market sell 0\.002 BTC_USDT/);
  assert.match(screen(s), /est\. fill +0\.002 BTC at about \d/);
  keys(s, 'y');
  await seen(s, /BTC +0\.998 +0\n/);
  await seen(s, /fill: sell 0\.002 BTC @ \d/);
  // The balances are read again after the fill: the USDT paid in follows within a moment.
  await seen(s, /USDT +1\d\d\d\d\.\d+ +0\n/);
  assert.equal(flag(s, 'window_bell_flag'), '1', 'the bell rang');
  keys(s, 'q');
  await seen(s, /EXIT=0/);
});

test('the screen comes up at once while the pair\'s rules are read from a slow venue, then the terminal', async (t) => {
  if (!requireTmux(t)) return;
  const proxy = await startFaultProxy(url);
  try {
    // The pairs' rules are held until the loading screen has been seen: it is up before they come.
    let release = (): void => {};
    const released = new Promise<void>((r) => (release = r));
    proxy.add({ method: 'GET', path: '/spot/v1/symbols/details', fault: { kind: 'delay', until: released }, times: 1 });
    const env = isolatedEnv({ TERM: 'xterm-256color', NO_COLOR: '1' });
    const s = launch('--timeout 30000 BTC_USDT', { ...env, ...creds }, 120, 40, proxy.url);
    await seen(s, /bm trade BTC_USDT[\s\S]*✓ reading the venue and the credentials[\s\S]*… reading the rules of BTC_USDT/);
    assert.equal(flag(s, 'alternate_on'), '1', 'already full-screen');
    await until(() => proxy.count('GET', '/spot/v1/symbols/details') === 1, 'the request for the rules, held');
    release();
    await seen(s, /OPEN ORDERS \(0\)[\s\S]*ws ready/);
    keys(s, 'q');
    await seen(s, /EXIT=0/);
  } finally {
    await proxy.close();
  }
});

test('SIGTERM on the loading screen restores the terminal and exits 143', async (t) => {
  if (!requireTmux(t)) return;
  const proxy = await startFaultProxy(url);
  try {
    // The pair's rules never come: the loading screen stays up until the signal.
    proxy.add({ method: 'GET', path: '/spot/v1/symbols/details', fault: { kind: 'hang' } });
    const env = isolatedEnv({ TERM: 'xterm-256color', NO_COLOR: '1' });
    const { name: s, pid } = launchInShell('--timeout 60000 BTC_USDT', { ...env, ...creds }, proxy.url);
    await seen(s, /bm trade BTC_USDT[\s\S]*… reading the rules of BTC_USDT/);
    assert.equal(flag(s, 'alternate_on'), '1');
    await waitFor(() => pid() > 0, 'the pid of bm');
    process.kill(pid(), 'SIGTERM');
    await seen(s, /EXIT=\d+\n-?icanon/);
    restored(s, 143);
  } finally {
    await proxy.close();
  }
});

test('SIGHUP and SIGTERM on the live terminal restore it (raw mode off) and exit 129 and 143', async (t) => {
  if (!requireTmux(t)) return;
  for (const [sig, exit] of [['SIGHUP', 129], ['SIGTERM', 143]] as const) {
    const { name: s, pid } = launchInShell('BTC_USDT', { ...base, ...creds }, url);
    await seen(s, /OPEN ORDERS \(0\)[\s\S]*ws ready/);
    process.kill(pid(), sig);
    await seen(s, /EXIT=\d+\n-?icanon/);
    restored(s, exit);
  }
});

test('no configuration at all: the built-in sandbox and its paper account, orders on', async (t) => {
  if (!requireTmux(t)) return;
  const env = isolatedEnv({ TERM: 'xterm-256color', NO_COLOR: '1' });
  try {
    const s = launch('BTC_USDT', env, 120, 40, null);
    await seen(s, /OPEN ORDERS \(0\)[\s\S]*ws ready/);
    // The balances are read over REST beside the streams: they may come a moment after `ws ready`.
    await seen(s, /BALANCE +AVAILABLE/);
    const shown = screen(s);
    assert.match(shown, /^\[PAPER\] BTC_USDT/m);
    assert.doesNotMatch(shown, /READ-ONLY/);
    assert.match(shown, /sandbox 127\.0\.0\.1:\d+ │ profile paper account │ ws ready/);
    assert.match(shown, /BTC +\d/, 'the paper account\'s balances');
    assert.match(shown, /│ started the sandbox exchange at /, 'the note is in the log, not written over the screen');
    keys(s, 'q');
    await seen(s, /EXIT=0/);
  } finally {
    await runBm(['sandbox', 'stop'], env);
  }
});
