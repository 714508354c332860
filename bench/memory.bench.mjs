// Memory where input is unbounded. (1) `bm watch depth` piped into a reader that stalls for STALL_S seconds,
// fed by the venue stand-in (bench/ws-push-server.mjs) at HZ books a second: peak RSS from /proc (goal
// 250 MiB). (2) `bm sandbox serve --replay` of two gzip bombs made here: one line of 1 GiB, and valid
// pushes that inflate past the 512 MiB cap: peak RSS and exit code (goal: under 512 MiB, exit 5).
// `BM_BENCH_BIN=<other checkout>/bin/bm.js` measures another build the same way.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGzip } from 'node:zlib';
import { BIN as OWN_BIN, isolatedEnv, table } from './lib.mjs';

const BIN = process.env.BM_BENCH_BIN ?? OWN_BIN;
const STALL_S = Number(process.env.BM_BENCH_STALL_S ?? 20);
const HZ = 3000;
const MiB = 1024 * 1024;
const env = isolatedEnv();
const dir = mkdtempSync(join(tmpdir(), 'bm-bench-mem-'));
// Its big files (a GiB and more, compressed) go with it.
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const hwm = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function pushServer() {
  const child = spawn(process.execPath, [new URL('./ws-push-server.mjs', import.meta.url).pathname, 'trade', String(HZ)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((ok) => child.stdout.on('data', (d) => { const m = /listening (\d+)/.exec(String(d)); if (m) ok(m[1]); }));
  return { url: `ws://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** `bm watch depth` into a pipe nobody reads for STALL_S s, then read for 2 s. */
async function stalledWatch(ws) {
  const child = spawn(process.execPath, [BIN, '--ws-url', ws, '--base-url', 'http://127.0.0.1:9', 'watch', 'depth', 'BTC_USDT', '--levels', '20'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
  child.stdout.pause();
  let peak = 0;
  const started = performance.now();
  while (performance.now() - started < STALL_S * 1000) {
    await sleep(500);
    peak = Math.max(peak, hwm(child.pid));
  }
  let bytes = 0;
  child.stdout.on('data', (c) => (bytes += c.length));
  child.stdout.resume();
  await sleep(2000);
  peak = Math.max(peak, hwm(child.pid));
  const exited = new Promise((ok) => child.on('exit', ok));
  child.kill('SIGTERM');
  await exited;
  return { peak, bytes, notice: /fell behind: .*/.exec(stderr)?.[0] ?? '(no notice)' };
}

/** Writes a gzip file of `parts()` (Buffers), streaming. */
async function gzipFile(name, parts) {
  const path = join(dir, name);
  await pipeline(parts(), createGzip({ level: 9 }), createWriteStream(path));
  return path;
}

const header = `${JSON.stringify({ format: 'bm-recording', version: 1, venue: 'ws://bench', topics: ['spot/trade:BTC_USDT'], started: 1 })}\n`;
const oneLine = () => gzipFile('one-line.gz', async function* () {
  yield Buffer.from(header);
  const blanks = Buffer.alloc(MiB, 32);
  for (let i = 0; i < 1024; i++) yield blanks;
  yield Buffer.from('\n');
});
const manyLines = () => gzipFile('many-lines.gz', async function* () {
  yield Buffer.from(header);
  const raw = JSON.stringify({ table: 'spot/trade', data: [{ symbol: 'BTC_USDT', side: 'buy', price: '65000.10', size: '0.01', s_t: 1 }] });
  const line = `{"t":1700000000000,"raw":${JSON.stringify(raw)}}\n`;
  const block = Buffer.from(line.repeat(Math.floor(MiB / line.length)));
  for (let i = 0; i < 600; i++) yield block;
});

/** `bm sandbox serve --replay FILE`: peak RSS (MiB), exit code, the error line. */
async function replay(path) {
  const child = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', '--replay', path], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
  child.stdout.setEncoding('utf8').on('data', (c) => (stdout += c));
  let peak = 0;
  let code;
  child.on('exit', (c) => (code = c));
  const t0 = performance.now();
  while (code === undefined) {
    try {
      peak = Math.max(peak, hwm(child.pid));
    } catch { /* it has just exited */ }
    if (/listening/.test(stdout)) child.kill('SIGTERM');
    await sleep(50);
  }
  return { peak, code, seconds: (performance.now() - t0) / 1000, said: (stderr.split('\n').find((l) => l.startsWith('error:')) ?? stderr.trim()).slice(0, 150) };
}

const push = await pushServer();
const watched = await stalledWatch(`${push.url}`);
push.stop();
const rows = [{ what: `watch depth20 at ${HZ}/s, reader stalled ${STALL_S} s`, 'peak RSS MiB': watched.peak.toFixed(1), exit: '', goal: '<= 250 MiB', met: watched.peak <= 250 ? 'yes' : 'NO' }];
for (const [what, make] of [['replay: one line of 1 GiB', oneLine], ['replay: 600 MiB of valid pushes', manyLines]]) {
  const path = await make();
  const r = await replay(path);
  rows.push({ what: `${what} (${(statSync(path).size / MiB).toFixed(1)} MiB gzip, ${r.seconds.toFixed(1)} s)`, 'peak RSS MiB': r.peak.toFixed(1), exit: String(r.code), goal: '< 512 MiB, exit 5', met: r.peak < 512 && r.code === 5 ? 'yes' : 'NO' });
  process.stderr.write(`${what}: ${r.said}\n`);
}
process.stdout.write(`${table(rows)}\n\nwatch: ${watched.notice}; ${(watched.bytes / MiB).toFixed(1)} MiB read in the 2 s after the stall\nload average ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
