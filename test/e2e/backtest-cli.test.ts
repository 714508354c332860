// `bm backtest` in this process: --trades writes every fill as CSV, --compare runs each param set beside
// the first, --fee-rate sets the fees the fills pay, the pairs' table goes to a pipe as tsv, and every
// output format of a report and of a comparison is pinned by a golden file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { isolatedEnv, ROOT } from '../helpers/bm.js';
import { matchGolden } from '../helpers/golden.js';
import { runBm } from '../helpers/in-process.js';
import { fileOf, recordingOf } from '../helpers/recording-rows.js';

const GRID = join(import.meta.dirname, '../../examples/bots/grid.mjs');
const env = isolatedEnv();
const rows = [[0, '100', '0.05', 'sell'], [10, '99', '0.3', 'sell'], [20, '100', '0.5', 'buy'], [30, '100', '0.01', 'sell']] as const;
const recording = recordingOf(rows, { spreadBps: '2', levels: 5, depth: '0.1' });
const grid = ['backtest', GRID, '--param', 'levels=1', '--param', 'step=1'];

test('--trades writes every fill as CSV, a new file; an existing one is refused before anything runs', async () => {
  const file = join(fileOf('dir-marker', ''), '..', `trades-${process.pid}.csv`);
  const r = await runBm([...grid, '--recording', await recording, '--trades', file], env);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(readFileSync(file, 'utf8').trim().split('\n'), [
    'time,symbol,side,price,size,notional,fee,fee_coin,role,order_id,realized',
    `2026-11-01T12:00:10.000Z,BTC_USDT,buy,99,0.1,9.9,0.00008,BTC,maker,183347420821295434,0`,
    `2026-11-01T12:00:20.000Z,BTC_USDT,sell,100,0.09992,9.992,0.0079936,USDT,maker,183347420821295450,0.0840064`,
  ]);
  const again = await runBm([...grid, '--recording', await recording, '--trades', file], env);
  assert.equal(again.code, 2);
  assert.match(again.stderr, /the file exists/);
});

test('--compare runs each set of params beside the first; --fee-rate sets what the fills pay', async () => {
  const r = await runBm([...grid, '--recording', await recording, '--compare', 'step=2', '--fee-rate', '0.002,0', '--json'], env);
  assert.equal(r.code, 0, r.stderr);
  const { runs } = JSON.parse(r.stdout) as { runs: { bot: { params: Record<string, string> }; total: { fills: number; fees: string; realized: string } }[] };
  assert.deepEqual(runs.map((x) => x.bot.params), [{ levels: '1', step: '1' }, { levels: '1', step: '2' }]);
  // Maker fills at no fee: the grid's round trip realizes exactly a step on 0.1 BTC; a step of 2 never fills (no trade at 98).
  assert.deepEqual(runs.map((x) => [x.total.fills, x.total.fees, x.total.realized]), [[2, '0', '0.1'], [0, '0', '0']]);
});

test('in a pipe the pairs\' table is tsv; a bad option is a usage error before anything runs', async () => {
  const r = await runBm([...grid, '--recording', await recording], env);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.stdout.trim().split('\t'), ['BTC_USDT', '3', '2', '0', '0.08', '0.00', '0.02', '33.3333', '100'], 'money rounded to the quote currency\'s places, as bm pnl prints it');
  for (const bad of [['--fee-rate', '2'], ['--balance', 'USDT=-1'], ['--days', '1'], ['--param', 'x']]) {
    const b = await runBm([...grid, '--recording', await recording, ...bad], env);
    assert.equal(b.code, 2, `${bad.join(' ')}: ${b.stderr}`);
  }
});

test('--simulated runs over the sandbox\'s simulated market from its seed: the same report twice but its run section', async () => {
  const argv = ['backtest', GRID, '--simulated', '--days', '0.01', '--seed', '9', '--param', 'step=5', '--param', 'size=0.001', '--json'];
  const [a, b] = [await runBm(argv, env), await runBm(argv, env)];
  assert.equal(a.code, 0, a.stderr);
  const strip = (text: string) => ({ ...(JSON.parse(text) as Record<string, unknown>), run: undefined });
  const report = strip(a.stdout) as unknown as { data: { source: string; seed: number; symbols: string[]; events: number; from: string; to: string }; total: { orders: number } };
  assert.deepEqual([report.data.source, report.data.seed, report.data.symbols, report.data.from, report.data.to], ['simulated', 9, ['BTC_USDT'], '2026-01-01T00:00:00.000Z', '2026-01-01T00:14:24.000Z']);
  assert.ok(report.data.events > 1000 && report.total.orders >= 3, `${report.data.events} pushes, ${report.total.orders} orders`);
  assert.deepEqual(strip(b.stdout), report);
});

/** A report as printed, with what differs between machines and runs named instead: paths, and --json's run section. */
async function printed(argv: readonly string[]): Promise<string> {
  const rec = await recording;
  const r = await runBm(argv, env);
  assert.equal(r.code, 0, r.stderr);
  const text = r.stdout.split(rec).join('<recording>').split(ROOT).join('<root>');
  if (!argv.includes('--json')) return text;
  const json = JSON.parse(text) as { run?: unknown; runs?: Array<{ run?: unknown }> };
  for (const one of json.runs ?? [json]) one.run = '<the wall time and machine of the run>';
  return `${JSON.stringify(json, null, 2)}\n`;
}

for (const [format, args] of [['table', ['-o', 'table']], ['tsv', ['-o', 'tsv', '--header']], ['csv', ['-o', 'csv']], ['json', ['--json']]] as const) {
  test(`golden: a report and a comparison as ${format}`, async () => {
    const rec = await recording;
    matchGolden(`backtest.${format}`, await printed([...grid, '--recording', rec, ...args]));
    matchGolden(`backtest-compare.${format}`, await printed([...grid, '--recording', rec, '--compare', 'step=2', ...args]));
  });
}
