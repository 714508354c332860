// Cold start of a one-shot against a running sandbox, next to the floor: a bare node:http GET.
// Goal (perf.md): `bm ticker BTC_USDT --json` within 1.15x the floor.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, defaultSandbox, isolatedEnv, median, peakRss, table, timeRun } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const VENDOR_TABLE = join(import.meta.dirname, '..', 'dist', 'vendor', 'table.cjs');
const VENDOR_CHALK = join(import.meta.dirname, '..', 'dist', 'vendor', 'chalk.cjs');
const BASE = process.env.BM_BENCH_BASE;
const env = isolatedEnv();
// Rate limits stay out of a start-up figure: the venue's (the floor's requests share its per-IP window) are
// off, and each round lasts at least ROUND_MS, so bm's own windows (the catalogue's 30 per 5 s for a
// ticker) never make a one-shot wait: at most five bm runs a round (a base build's and the runs without extra CA
// certificates among them), 25 per 5 s.
const sandbox = await defaultSandbox(env, ['--limits', 'off']);
const ROUND_MS = 1000;
const pause = (ms) => ms > 0 && Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const cases = {
  'node -e 0': [process.execPath, ['-e', '0']],
  'floor: node:http GET + print': [process.execPath, [join(import.meta.dirname, 'floor.mjs'), sandbox.url]],
  'bm ticker BTC_USDT --json': [process.execPath, [BIN, 'ticker', 'BTC_USDT', '--json']],
  // BM_BENCH_BASE=<other checkout>/bin/bm.js: that build's one-shot timed in the same rounds (a before/after figure).
  // Its code cache is kept apart: each build prunes the caches of other builds of its bundles.
  ...(BASE ? { 'base: bm ticker BTC_USDT --json': [process.execPath, [BASE, 'ticker', 'BTC_USDT', '--json'], { ...env, XDG_CACHE_HOME: join(env.HOME, 'k-base') }] } : {}),
  'bm ticker BTC_USDT (tsv)': [process.execPath, [BIN, 'ticker', 'BTC_USDT']],
  // A table loads cli-table3 and chalk (bundled under dist/vendor/); tsv and json load neither.
  'bm ticker BTC_USDT -o table --color always': [process.execPath, [BIN, 'ticker', 'BTC_USDT', '-o', 'table', '--color', 'always']],
  'node: require vendor table + chalk': [process.execPath, ['-e', `require(${JSON.stringify(VENDOR_TABLE)});require(${JSON.stringify(VENDOR_CHALK)})`]],
};
// Node loads the certificates NODE_EXTRA_CA_CERTS names at every start (tens of ms, the same for bm and the
// floor): where the host sets it, both are timed without it too, the cost of bm's own work against a floor
// that pays no certificates. The verdict stays the host's.
const bare = env.NODE_EXTRA_CA_CERTS === undefined ? undefined : Object.fromEntries(Object.entries(env).filter(([k]) => k !== 'NODE_EXTRA_CA_CERTS'));
if (bare) {
  cases['floor, no extra CA certificates'] = [...cases['floor: node:http GET + print'], bare];
  cases['bm ticker --json, no extra CA certificates'] = [...cases['bm ticker BTC_USDT --json'], bare];
}
const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (const [cmd, args, own] of Object.values(cases)) timeRun(cmd, args, own ?? env); // warm the file cache
// Each round starts one case further along: a process run right after another one is timed differently (a base
// build timed against an identical copy read 0.7 ms apart when the two always ran in the same order).
const order = Object.entries(cases);
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  for (let j = 0; j < order.length; j++) {
    const [name, [cmd, args, own]] = order[(i + j) % order.length];
    times[name].push(timeRun(cmd, args, own ?? env));
  }
  pause(ROUND_MS - (performance.now() - start));
}
const rss = Object.fromEntries(Object.entries(cases).map(([name, [cmd, args, own]]) => [name, peakRss(cmd, args, own ?? env)]));
sandbox.stop();

const floor = median(times['floor: node:http GET + print']);
const rows = Object.entries(times).map(([name, xs]) => ({ what: name, 'median ms': median(xs).toFixed(1), 'x floor': (median(xs) / floor).toFixed(2), 'peak RSS MiB': rss[name].toFixed(1) }));
console.log(table(rows));
// The verdict: the median of the ratios within each round, where the load of the moment weighs on both alike
// (the floor's own median moves by several ms between quiet runs); the ratio of the two medians is printed beside it.
const ratioOfMedians = median(times['bm ticker BTC_USDT --json']) / floor;
const ratio = median(times['bm ticker BTC_USDT --json'].map((t, i) => t / times['floor: node:http GET + print'][i]));
const libs = median(times['node: require vendor table + chalk']) - median(times['node -e 0']);
const tableCost = median(times['bm ticker BTC_USDT -o table --color always']) - median(times['bm ticker BTC_USDT (tsv)']);
console.log(`\ncli-table3 + chalk: ${libs.toFixed(1)} ms to load in a bare node; a table one-shot costs ${tableCost.toFixed(1)} ms more than tsv`);
const DIST = join(import.meta.dirname, '..', 'dist');
const sizes = readdirSync(DIST).filter((f) => f.endsWith('.cjs')).map((f) => `${f} ${(statSync(join(DIST, f)).size / 1000).toFixed(0)} KB`);
console.log(`\nbundles (a one-shot loads main.cjs alone): ${sizes.join(', ')}`);
if (BASE) {
  // Paired within each round: the load of the moment weighs on both alike.
  const diffs = times['bm ticker BTC_USDT --json'].map((t, i) => t - times['base: bm ticker BTC_USDT --json'][i]);
  console.log(`\nthis build - base, --json, median of ${RUNS} paired differences: ${median(diffs).toFixed(1)} ms`);
}
if (bare) {
  const [f, b] = [times['floor, no extra CA certificates'], times['bm ticker --json, no extra CA certificates']];
  const bareRatio = median(b.map((t, i) => t / f[i]));
  console.log(`\nwithout NODE_EXTRA_CA_CERTS (the host sets it; Node reads its certificates at every start): floor ${median(f).toFixed(1)} ms, bm ${median(b).toFixed(1)} ms, ${bareRatio.toFixed(3)}x (median of ${RUNS} paired ratios)`);
}
console.log(`\nbm ticker --json: ${ratio.toFixed(3)}x the floor, median of ${RUNS} paired ratios (ratio of the medians ${ratioOfMedians.toFixed(3)}x; goal: at most 1.15x): ${ratio <= 1.15 ? 'met' : 'NOT met'}`);
