// Batch order throughput against the published limit: `bm order batch` pushes N resting limit buys
// into a sandbox from the built binary, and the rate it sustains is set against what
// /spot/v2/batch_orders allows (read from the catalogue). Goal: at least 0.9 of the limit, no 429,
// while outcomes stream to stdout as they come and every one is written to the journal.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { BIN, isolatedEnv, startSandbox, table } from './lib.mjs';

register();
const { endpoint } = await import(new URL('../src/api/catalogue/index.ts', import.meta.url).href);
const { BATCH } = await import(new URL('../src/commands/order/batch.ts', import.meta.url).href);

const ORDERS = Number(process.env.BENCH_ORDERS ?? 3000);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const rate = endpoint('spot.order.batch').rate;
// The tightest window decides the sustained rate: requests per window times orders per request.
const tight = rate.windows.reduce((a, w) => (w.limit / w.windowMs < a.limit / a.windowMs ? w : a));
const published = (tight.limit * BATCH * 1000) / tight.windowMs;

const env = isolatedEnv();
const sandbox = await startSandbox(env);
const bmSync = (args, e = env) => {
  const r = spawnSync(process.execPath, [BIN, '--base-url', sandbox.url, ...args], { env: e, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bm ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
};

// Far below the market, two decimals at most, worth at least 10 USDT each so none is refused.
const last = JSON.parse(bmSync(['ticker', 'BTC_USDT', '--json'])).tickers[0].last_price;
const base = BigInt(last.split('.')[0]) / 2n;
if (base < 1000n) throw new Error(`BTC_USDT at ${last}: too cheap for 0.01-sized orders`);
const file = join(env.HOME, 'orders.ndjson');
writeFileSync(file, Array.from({ length: ORDERS }, (_, i) => JSON.stringify({
  side: 'buy', type: 'limit', size: '0.01', price: `${base - BigInt(i % 500)}.${String(i % 100).padStart(2, '0')}`,
})).join('\n'));

/** One run on a fresh key (its windows empty): send and answer times of every batch request, from the -v trace. */
async function runOnce() {
  const acct = JSON.parse(bmSync(['sandbox', 'account', 'create', '--deposit', 'USDT=100000000,BTC=1000', '--json']));
  const e = { ...env, BM_API_KEY: acct.key, BM_API_SECRET: acct.secret, BM_API_MEMO: acct.memo };
  const sends = [];
  const answers = [];
  const t0 = performance.now();
  const journal = join(env.HOME, `run-${acct.key.slice(0, 8)}.journal`);
  const child = spawn(process.execPath, [BIN, '--base-url', sandbox.url, 'order', 'batch', 'BTC_USDT', '--file', file, '--journal', journal, '--yes', '-o', 'ndjson', '-v'], { env: e, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  // Outcome lines seen by the time the last request was answered would be all of them for a batch that
  // printed only at the end: the lines seen by half time show the streaming.
  const arrivals = [];
  child.stdout.on('data', (c) => arrivals.push({ at: performance.now(), lines: String(c).split('\n').length - 1 }));
  let partial = '';
  let errors = '';
  child.stdout.setEncoding('utf8').on('data', (c) => (out += c));
  child.stderr.setEncoding('utf8').on('data', (c) => {
    const now = performance.now();
    const lines = (partial + c).split('\n');
    partial = lines.pop();
    for (const l of lines) {
      if (/^\[bm\] > POST \S*\/spot\/v2\/batch_orders/.test(l)) sends.push(now);
      else if (/^\[bm\] < \d{3} in /.test(l)) answers.push({ at: now, status: Number(l.slice(7, 10)) });
      else if (!l.startsWith('[bm]')) errors += `${l}\n`;
    }
  });
  const code = await new Promise((done) => child.on('close', done));
  const wall = performance.now() - t0;
  const rows = out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
  if (code !== 0 || rows.length !== ORDERS || rows.some((r) => r.result !== 'placed')) throw new Error(`order batch exited ${code}, ${rows.length} rows: ${errors}`);
  const journaled = readFileSync(journal, 'utf8').split('\n').filter((l) => l.includes('"result":"placed"')).length;
  const half = t0 + wall / 2;
  const byHalf = arrivals.filter((a) => a.at <= half).reduce((n, a) => n + a.lines, 0);
  return { wall, sends, answers, journaled, byHalf };
}

const results = [];
for (let i = 0; i < RUNS; i++) results.push(await runOnce());
sandbox.stop();

const rows = results.map(({ wall, sends, answers, journaled, byHalf }, i) => {
  const n429 = answers.filter((a) => a.status === 429).length;
  const requests = sends.length;
  // Sustained rate: the first window may go in one burst, so count from the last request of that
  // burst to the last request of all (a client at exactly the limit scores exactly the limit).
  const k = tight.limit;
  const sustained = requests > k ? (((requests - k) * BATCH) / (sends[requests - 1] - sends[k - 1])) * 1000 : NaN;
  const overall = (ORDERS / (answers[answers.length - 1].at - sends[0])) * 1000;
  return {
    run: i + 1, orders: ORDERS, requests, 'wall s': (wall / 1000).toFixed(2), 'overall orders/s': overall.toFixed(0),
    'sustained orders/s': sustained.toFixed(1), 'limit orders/s': published, ratio: (sustained / published).toFixed(3), '429s': n429,
    'printed by half time': byHalf, journaled,
  };
});
console.log(table(rows));
const worst = Math.min(...rows.map((r) => Number(r.ratio)));
const total429 = rows.reduce((a, r) => a + r['429s'], 0);
console.log(`\nlimit: ${tight.limit} batch requests per ${tight.windowMs / 1000} s x ${BATCH} orders = ${published} orders/s (catalogue spot.order.batch)`);
const streamed = rows.every((r) => r['printed by half time'] > 0 && r['printed by half time'] < ORDERS && r.journaled === ORDERS);
console.log(`sustained/limit: ${worst.toFixed(3)} at worst (goal: at least 0.9), 429 answers: ${total429} (goal: 0), outcomes streamed and all journaled: ${streamed ? 'yes' : 'NO'}: ${worst >= 0.9 && total429 === 0 && streamed ? 'met' : 'NOT met'}`);
