// The live views in a real terminal: tmux runs `bm watch` on a pane of fixed size; we read the screen.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test, type TestContext } from 'node:test';
import { BIN, ensureBuilt, has, isolatedEnv, TERMINAL_WAIT_MS } from '../helpers/bm.js';
import { startReadySandbox } from '../helpers/sandbox-server.js';
import { startWsServer, type TestServer } from '../helpers/ws-server.js';
import { fmt, sub } from '../../src/util/decimal.js';

// The tmux server's socket is in the run's temporary folder, removed with it.
const SOCKET = join(tmpdir(), `bm-watch-${process.pid}`);
const env = isolatedEnv({ TERM: 'xterm-256color' });
let srv: TestServer;
let stopFeed = () => {};
let n = 0;

function tmux(...args: string[]): string {
  const r = spawnSync('tmux', ['-S', SOCKET, '-f', '/dev/null', ...args], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const screen = (s: string) => tmux('capture-pane', '-p', '-t', s);
const flag = (s: string, f: string) => tmux('display-message', '-p', '-t', s, `#{${f}}`).trim();

async function until(what: string, cond: () => boolean, ms = TERMINAL_WAIT_MS): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error(`${what} not seen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts `bm watch ...` in a new detached session of `cols` x `rows`; returns the session name. */
function launch(args: string, cols = 100, rows = 30): string {
  const name = `w${++n}`;
  const cmd = `${process.execPath} ${BIN} watch ${args} --ws-url ${srv.wsUrl} --base-url ${srv.httpUrl}; echo EXIT=$?; sleep 60`;
  tmux('new-session', '-d', '-s', name, '-x', String(cols), '-y', String(rows), cmd);
  return name;
}

function requireTmux(t: TestContext): boolean {
  if (has('tmux')) return true;
  const msg = 'tmux is not installed: the live terminal views are NOT tested here (apt-get install -y tmux; CI installs it)';
  process.stderr.write(`\nWARNING: ${msg}\n\n`);
  if (process.env.CI === 'true') assert.fail(msg);
  t.skip(msg);
  return false;
}

/** A busy market: a trade on BTC_USDT every 100 ms, through the sandbox's engine. */
function busy(): () => void {
  let k = 0;
  const t = setInterval(() => srv.trade('BTC_USDT', 1 + (k++ % 50)), 100);
  return () => clearInterval(t);
}

before(async () => {
  ensureBuilt();
  srv = await startWsServer();
  stopFeed = busy();
});
after(async () => {
  stopFeed();
  if (has('tmux')) spawnSync('tmux', ['-S', SOCKET, 'kill-server']);
  await srv.close();
});

test('watch depth on a terminal: full screen, prices, spread, status line; q restores the screen and exits 0', async (t) => {
  if (!requireTmux(t)) return;
  // A still market for this view: a trade is two orders, and a push between them shows the maker's.
  stopFeed();
  t.after(() => (stopFeed = busy()));
  const s = launch('depth BTC_USDT');
  const book = srv.ex.depth('BTC_USDT', 5);
  const spread = fmt(sub(book.asks[0]![0], book.bids[0]![0]), 2);
  const lines = [['ask', book.asks], ['bid', book.bids]].flatMap(([side, levels]) => (levels as typeof book.asks).map(([price, size]) =>
    new RegExp(`^${side}\\s+${price.replace('.', '\\.')}\\s+${size.replace('.', '\\.')}\\s+[\\d.]+\\s+█+$`, 'm')));
  await until('the venue\'s book on the screen', () => /ready/.test(screen(s)) && lines.every((re) => re.test(screen(s))));
  const shown = screen(s);
  assert.match(shown, new RegExp(`^BTC_USDT {2}depth 5 {2}spread ${spread.replace('.', '\\.')} \\(`, 'm'));
  assert.match(shown, /side\s+price\s+size\s+total\s+depth/);
  assert.match(shown, new RegExp(`─── spread ${spread.replace('.', '\\.')} `));
  const status = shown.trimEnd().split('\n').pop()!;
  assert.match(status, /^ready .*ws:\/\/127\.0\.0\.1:\d+\/api\?protocol=1\.1 .*last message \d+\.\ds ago .*reconnects 0/);
  assert.equal(flag(s, 'alternate_on'), '1');
  assert.equal(flag(s, 'cursor_flag'), '0', 'cursor hidden');
  tmux('send-keys', '-t', s, 'q');
  await until('the exit', () => /EXIT=\d+/.test(screen(s)));
  assert.match(screen(s), /EXIT=0/);
  assert.doesNotMatch(screen(s), /side\s+price|spread/, 'the normal screen is back');
  assert.equal(flag(s, 'alternate_on'), '0');
  assert.equal(flag(s, 'cursor_flag'), '1', 'cursor shown');
});

test('Ctrl-C restores the screen too (exit 130); resize re-lays the view out', async (t) => {
  if (!requireTmux(t)) return;
  const s = launch('depth BTC_USDT --levels 20', 100, 40);
  await until('the depth view', () => /ready/.test(screen(s)));
  assert.equal((screen(s).match(/^ask /gm) ?? []).length, 18, 'as many levels as 40 rows hold');
  tmux('resize-window', '-t', s, '-x', '60', '-y', '16');
  await until('the smaller layout', () => (screen(s).match(/^ask /gm) ?? []).length === 6);
  for (const line of screen(s).split('\n')) assert.ok([...line].length <= 60, `line too long: ${line}`);
  tmux('send-keys', '-t', s, 'C-c');
  await until('the exit', () => /EXIT=\d+/.test(screen(s)));
  assert.match(screen(s), /EXIT=130/);
  assert.equal(flag(s, 'alternate_on'), '0');
});

test('ticker view flags STALE data when the venue goes quiet, and recovers', async (t) => {
  if (!requireTmux(t)) return;
  const s = launch('ticker BTC_USDT ETH_USDT', 120, 12);
  await until('the ticker view', () => /BTC_USDT/.test(screen(s)) && /ETH_USDT/.test(screen(s)));
  assert.match(screen(s), /symbol\s+last_price\s+bid_px\s+ask_px/);
  stopFeed();
  await until('STALE', () => /STALE/.test(screen(s)));
  stopFeed = busy();
  await until('fresh data', () => !/STALE/.test(screen(s)));
  tmux('send-keys', '-t', s, 'q');
  await until('the exit', () => /EXIT=0/.test(screen(s)));
});

test('--once on a terminal prints one table on the normal screen and exits 0', async (t) => {
  if (!requireTmux(t)) return;
  const s = launch('depth BTC_USDT --once', 100, 20);
  await until('the exit', () => /EXIT=\d+/.test(screen(s)));
  const shown = screen(s);
  assert.match(shown, /EXIT=0/);
  assert.match(shown, /side\s+price\s+size\s+total/);
  assert.equal((shown.match(/^ask /gm) ?? []).length, 5);
  assert.equal((shown.match(/^bid /gm) ?? []).length, 5);
  assert.equal(flag(s, 'alternate_on'), '0');
});

test('the full screen shows the columns --fields names, in any case, in their order', async (t) => {
  if (!requireTmux(t)) return;
  const s = launch('ticker BTC_USDT --fields LAST_PRICE,symbol', 120, 12);
  await until('the ticker view', () => /BTC_USDT/.test(screen(s)));
  assert.match(screen(s), /^last_price +symbol *\n/m);
  assert.doesNotMatch(screen(s), /bid_px/);
  tmux('send-keys', '-t', s, 'q');
  await until('the exit', () => /EXIT=0/.test(screen(s)));
});

test('the full-screen book shows the columns --fields names too, in their order', async (t) => {
  if (!requireTmux(t)) return;
  const s = launch('depth BTC_USDT --fields PRICE,side,size', 100, 20);
  await until('the book', () => /^ *price +side +size *$/m.test(screen(s)) && /^ *[0-9.]+ +bid +[0-9.]+ *$/m.test(screen(s)));
  assert.doesNotMatch(screen(s), /total|█/);
  tmux('send-keys', '-t', s, 'q');
  await until('the exit', () => /EXIT=0/.test(screen(s)));
});

test('watch kline on a terminal shows the candles before the stream\'s first push, newest first', async (t) => {
  if (!requireTmux(t)) return;
  // The whole sandbox (REST beside the stream): the candles before the first push are the venue's REST candles.
  const sandbox = await startReadySandbox(5);
  t.after(() => sandbox.stop());
  const s = `w${++n}`;
  tmux('new-session', '-d', '-s', s, '-x', '100', '-y', '40', `${process.execPath} ${BIN} watch kline BTC_USDT --step 1m --once --ws-url ${sandbox.url.replace(/^http/, 'ws')} --base-url ${sandbox.url}; echo EXIT=$?; sleep 60`);
  await until('the exit', () => /EXIT=\d+/.test(screen(s)));
  const shown = screen(s);
  assert.doesNotMatch(shown, /were not read/);
  assert.match(shown, /EXIT=0/);
  const times = [...shown.matchAll(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}) /gm)].map((m) => m[1]!);
  assert.ok(times.length >= 10, `candles shown: ${times.length}\n${shown}`);
  assert.deepEqual(times, [...times].sort().reverse(), 'newest first, each minute once');
  assert.equal(new Set(times).size, times.length);
});
