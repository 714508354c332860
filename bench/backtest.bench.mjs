// Backtests with the built binary: a day of BTC_USDT trades (made a recording by `bm record import`, each
// trade after its synthetic book: two pushes a trade) backtested with a quiet bot (one look an hour) and
// with a busy one (the grid example, a look every 10 s), beside the same day replayed in real time (a day:
// computed, not waited); pushes per second through the engine; peak memory for a quarter of the day and
// the whole, which stays flat as the file grows (the replay streams it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, isolatedEnv, peakRss, table } from './lib.mjs';

const TRADES = Number(process.env.BENCH_TRADES ?? 200000);
const DAY_MS = 86_400_000;
const dir = mkdtempSync(join(tmpdir(), 'bm-bench-backtest-'));
const env = isolatedEnv();

/** A CSV of `n` trades over `spanMs`: a random walk around 65000 (seeded: the same file every run). */
function csv(n, spanMs) {
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  let p = 65000;
  const t0 = Date.UTC(2026, 10, 1);
  const rows = ['time,price,size,side'];
  for (let i = 0; i < n; i++) {
    p = Math.max(1000, p + (rnd() - 0.5) * 20);
    rows.push(`${t0 + Math.floor((i * spanMs) / n)},${p.toFixed(2)},${(0.001 + rnd() * 0.05).toFixed(5)},${rnd() < 0.5 ? 'buy' : 'sell'}`);
  }
  return `${rows.join('\n')}\n`;
}

function recording(name, n, spanMs) {
  const c = join(dir, `${name}.csv`);
  writeFileSync(c, csv(n, spanMs));
  const out = join(dir, `${name}.ndjson`);
  const r = spawnSync(process.execPath, [BIN, 'record', 'import', c, '--symbol', 'BTC_USDT', '--out', out, '--depth', '0.5'], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return out;
}

const quiet = join(dir, 'quiet.mjs');
writeFileSync(quiet, 'export default async function ({ clock }) { for await (const _ of clock.every(3_600_000)) {} }\n');
const grid = join(import.meta.dirname, '..', 'examples', 'bots', 'grid.mjs');

function backtest(bot, rec, params = []) {
  const t = performance.now();
  const r = spawnSync(process.execPath, [BIN, 'backtest', bot, '--recording', rec, '--json', ...params], { env, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`backtest exited ${r.status}: ${r.stderr}`);
  const report = JSON.parse(r.stdout);
  return { ms, report, cpu: r };
}

const day = recording('day', TRADES, DAY_MS);
const quarter = recording('quarter', TRADES / 4, DAY_MS / 4);
const rows = [];
for (const [what, bot, params] of [['quiet bot (a look an hour)', quiet, []], ['grid bot (a look every 10 s)', grid, ['--param', 'step=20', '--param', 'size=0.01', '--param', 'every=10000']]]) {
  const { ms, report } = backtest(bot, day, params);
  rows.push({
    run: what, pushes: report.data.events, 'wall s': (ms / 1000).toFixed(2), 'pushes/s': Math.round(report.data.events / (ms / 1000)),
    'real time': '86400 s', 'faster than real time': `${Math.round(DAY_MS / ms)}x`, fills: report.total.fills,
  });
}
process.stdout.write(`${table(rows)}\n`);
process.stdout.write(`recording of a day: ${(statSync(day).size / 2 ** 20).toFixed(1)} MiB, ${TRADES} trades\n`);
const rss = [['a quarter day', quarter], ['a day', day]].map(([what, rec]) => ({ recording: what, 'MiB on disk': (statSync(rec).size / 2 ** 20).toFixed(1), 'peak RSS MiB': peakRss(process.execPath, [BIN, 'backtest', quiet, '--recording', rec, '--json'], env).toFixed(0) }));
process.stdout.write(`${table(rss)}\n`);
