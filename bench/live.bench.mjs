// Live views at the fastest push, each beside its floor (perf.md): `bm watch ticker` on 100 topics (each
// pushed every 0.5 s) and `bm trade` on one pair (depth20, trades, kline and ticker, each 10 times a
// second: five times the spec's fastest) with its watchlist live (four more pairs' tickers, each 10 times
// a second), each in a real terminal (tmux, 160x50) fed by a venue stand-in
// in another process; the floor process decodes the same frames and writes a pre-formatted full screen
// 10 times a second. CPU and RSS are read from /proc for each process over the same seconds.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BIN, isolatedEnv, startSandbox, table } from './lib.mjs';
import { WATCHED } from './push-frames.mjs';

const WARM_S = 4;
const SECONDS = 20;
const TICK = 100; // clock ticks a second of /proc/<pid>/stat (getconf CLK_TCK)
const env = { ...isolatedEnv(), TERM: 'xterm-256color' };
// The tmux server's socket is in the bench's own home, not left among the system's.
const SOCKET = join(env.HOME, 'tmux.sock');
delete env.NO_COLOR;

if (spawnSync('tmux', ['-V']).status !== 0) {
  process.stdout.write('tmux is not installed: live views not measured\n');
  process.exit(0);
}
const tmux = (...args) => spawnSync('tmux', ['-S', SOCKET, '-f', '/dev/null', ...args], { env, encoding: 'utf8' });

async function pushServer(...args) {
  const child = spawn(process.execPath, [new URL('./ws-push-server.mjs', import.meta.url).pathname, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((ok) => child.stdout.on('data', (d) => { const m = /listening (\d+)/.exec(String(d)); if (m) ok(m[1]); }));
  return { url: `ws://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** Runs `argv` in its own tmux window of 160x50; returns its pid. */
function launch(name, argv, vars = {}) {
  const q = (s) => `'${String(s).replaceAll("'", "'\\''")}'`;
  const cmd = `exec env ${Object.entries(vars).map(([k, v]) => `${k}=${q(v)}`).join(' ')} ${argv.map(q).join(' ')}`;
  const r = tmux('new-session', '-d', '-s', name, '-x', '160', '-y', '50', '-P', '-F', '#{pane_pid}', cmd);
  if (r.status !== 0) throw new Error(`tmux: ${r.stderr}`);
  return Number(r.stdout.trim());
}

const cpuTicks = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(f[11]) + Number(f[12]);
};
const rssMiB = (pid, key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const sandbox = await startSandbox(env);
const acct = JSON.parse(spawnSync(process.execPath, [BIN, '--base-url', sandbox.url, 'sandbox', 'account', 'create', '--json'], { env, encoding: 'utf8' }).stdout);
const tickers = await pushServer('ticker', '100');
const pair = await pushServer('trade', `10+${WATCHED.length}`);
const symbols = Array.from({ length: 100 }, (_, i) => `S${i}_USDT`);
const floor = new URL('./live-floor.mjs', import.meta.url).pathname;
const procs = {
  'floor: ticker x 100': launch('f1', [process.execPath, floor, `${tickers.url}/api?protocol=1.1`, 'ticker', '100']),
  'bm watch ticker x 100': launch('w', [process.execPath, BIN, '--base-url', sandbox.url, '--ws-url', tickers.url, 'watch', 'ticker', ...symbols]),
  'floor: trade BTC_USDT': launch('f2', [process.execPath, floor, `${pair.url}/api?protocol=1.1`, 'trade', `10+${WATCHED.length}`]),
  'bm trade BTC_USDT': launch('t', [process.execPath, BIN, '--base-url', sandbox.url, '--ws-url', pair.url, 'trade', 'BTC_USDT', '--pairs', ['BTC_USDT', ...WATCHED].join(',')], { BM_API_KEY: acct.key, BM_API_SECRET: acct.secret, BM_API_MEMO: acct.memo }),
};
await sleep(WARM_S * 1000);
const t0 = Object.fromEntries(Object.entries(procs).map(([k, pid]) => [k, cpuTicks(pid)]));
const w0 = performance.now();
await sleep(SECONDS * 1000);
const wall = (performance.now() - w0) / 1000;
const rows = Object.entries(procs).map(([what, pid]) => ({
  what, 'CPU % of a core': ((cpuTicks(pid) - t0[what]) / TICK / wall * 100).toFixed(1), 'RSS MiB': rssMiB(pid, 'VmRSS').toFixed(1), 'peak RSS MiB': rssMiB(pid, 'VmHWM').toFixed(1),
}));
const load = loadavg().map((x) => x.toFixed(2)).join(' ');
const shown = { trade: tmux('capture-pane', '-p', '-t', 't').stdout, watch: tmux('capture-pane', '-p', '-t', 'w').stdout };
tmux('kill-server');
tickers.stop();
pair.stop();
sandbox.stop();

const by = Object.fromEntries(rows.map((r) => [r.what, r]));
for (const [view, f] of [['bm watch ticker x 100', 'floor: ticker x 100'], ['bm trade BTC_USDT', 'floor: trade BTC_USDT']]) {
  const cpu = Number(by[view]['CPU % of a core']) / Math.max(0.1, Number(by[f]['CPU % of a core']));
  const mem = Number(by[view]['RSS MiB']) / Number(by[f]['RSS MiB']);
  Object.assign(by[view], { 'CPU x floor': cpu.toFixed(2), 'RSS x floor': mem.toFixed(2), goal: '<= 2x CPU, <= 1.5x RSS', met: cpu <= 2 && mem <= 1.5 ? 'yes' : 'NO' });
  Object.assign(by[f], { 'CPU x floor': '1.00', 'RSS x floor': '1.00', goal: '', met: '' });
}
process.stdout.write(`${table(rows)}\n\nover ${SECONDS} s after ${WARM_S} s of warm-up; load average ${load} on ${cpus().length} cores\n`);
// A view that failed to start would measure as cheap: say so.
if (!/BOOK[\s\S]*ws ready/.test(shown.trade)) process.stdout.write(`\nWARNING: the trade screen did not show a live book:\n${shown.trade}\n`);
if (!/WATCHLIST[\s\S]*BMX_ETH +\d/.test(shown.trade)) process.stdout.write(`\nWARNING: the trade screen did not show the watchlist live:\n${shown.trade}\n`);
if (!/S0_USDT +1\d\d\.25[\s\S]*ready/.test(shown.watch)) process.stdout.write(`\nWARNING: the watch screen did not show the tickers:\n${shown.watch}\n`);
