// Import cost of the library (`import { Client } from 'bm'`), next to bare Node and to a one-shot.
// Goal: the import costs no more over bare Node than a one-shot's start-up does
// (`bm ticker --json` over the floor, a bare node:http GET).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BIN, defaultSandbox, isolatedEnv, median, peakRss, table, timeRun } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const env = isolatedEnv();
const sandbox = await defaultSandbox(env);
const lib = pathToFileURL(join(import.meta.dirname, '..', 'dist', 'lib', 'index.js')).href;

const cases = {
  'node (ES module) -e 0': [process.execPath, ['--input-type=module', '-e', '0']],
  'import the library': [process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(lib)})`]],
  'floor: node:http GET + print': [process.execPath, [join(import.meta.dirname, 'floor.mjs'), sandbox.url]],
  'bm ticker BTC_USDT --json': [process.execPath, [BIN, 'ticker', 'BTC_USDT', '--json']],
  'library: client.ticker + print': [process.execPath, [join(import.meta.dirname, 'library-ticker.mjs'), sandbox.url]],
};
const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (const [cmd, args] of Object.values(cases)) timeRun(cmd, args, env); // warm the file cache
for (let i = 0; i < RUNS; i++) for (const [name, [cmd, args]] of Object.entries(cases)) times[name].push(timeRun(cmd, args, env));
const rss = Object.fromEntries(Object.entries(cases).map(([name, [cmd, args]]) => [name, peakRss(cmd, args, env)]));
sandbox.stop();

const m = (name) => median(times[name]);
const bare = m('node (ES module) -e 0');
const rows = Object.keys(cases).map((name) => ({ what: name, 'median ms': m(name).toFixed(1), 'over bare node ms': (m(name) - bare).toFixed(1), 'peak RSS MiB': rss[name].toFixed(1) }));
console.log(table(rows));
const importCost = m('import the library') - bare;
const oneShot = m('bm ticker BTC_USDT --json') - m('floor: node:http GET + print');
console.log(`\nimport cost ${importCost.toFixed(1)} ms over bare node; a one-shot's start-up (bm ticker over the floor) ${oneShot.toFixed(1)} ms: ${importCost <= oneShot ? 'met' : 'NOT met'} (${RUNS} runs each, load ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')})`);
