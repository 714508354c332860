// Matching-engine orders per second in process (bench/engine-orders.mjs), each in a fresh process so
// one run's heap does not weigh on the next: how the rate grows with the book's depth (price levels)
// and the number of accounts placing limit orders. Goal: at least 100,000 a second against a
// 1,000-level book with one market order in ten.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { median, table } from './lib.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL = 100000;
const grid = [[20, 1], [1000, 1], [1000, 100], [1000, 10000], [10000, 1], [10000, 100]];

function once(levels, accounts) {
  const r = spawnSync(process.execPath, [join(import.meta.dirname, 'engine-orders.mjs'), String(levels), String(accounts), String(ORDERS)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`engine-orders ${levels} ${accounts} exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

const rows = grid.map(([levels, accounts]) => {
  const runs = Array.from({ length: RUNS }, () => once(levels, accounts));
  return { levels, accounts, orders: ORDERS, 'orders/s (median)': median(runs.map((r) => r.perSecond)), 'mean levels': runs[0].meanLevels };
});
process.stdout.write(`${table(rows)}\nload average ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
const main = rows.find((r) => r.levels === 1000 && r.accounts === 1);
const ok = main['orders/s (median)'] >= GOAL;
process.stdout.write(`1,000 levels, one account: ${main['orders/s (median)']} orders/s, goal ${GOAL}: ${ok ? 'met' : 'NOT met'}\n`);
