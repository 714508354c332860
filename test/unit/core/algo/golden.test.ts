/**
 * The output of the conditional orders pinned by golden files (test/golden/algo-legs.<format>): an OCO's
 * legs as `bm order oco` prints them once one fired and the other was cancelled, in every format.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { legRows, LEG_COLUMNS } from '../../../../src/commands/algo-rows.js';
import { show } from '../../../../src/commands/show.js';
import { Context } from '../../../../src/context.js';
import { initial, settle, step } from '../../../../src/core/algo/machine.js';
import { planAlgo } from '../../../../src/core/algo/plan.js';
import type { PairRules } from '../../../../src/core/order/pairs.js';
import { IO, type Stream } from '../../../../src/render/io.js';
import { matchGolden } from '../../../helpers/golden.js';

const RULES: PairRules = {
  symbol: 'BTC_USDT', base_currency: 'BTC', quote_currency: 'USDT', quote_increment: '0.0001', base_min_size: '0.0001', base_max_size: '100',
  price_max_precision: '2', min_buy_amount: '5', min_sell_amount: '5', trade_status: 'trading',
};
const env = { BM_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'bm-algo-golden-')) };

test('golden: an OCO\'s legs in table, tsv, csv, json and ndjson', () => {
  const spec = planAlgo({ kind: 'oco', symbol: 'BTC_USDT', side: 'sell', size: '0.01', tpTrigger: '72000', tpPrice: '71950', stopTrigger: '60000' }, RULES, Date.UTC(2026, 10, 25, 12), undefined, 'agolden');
  const fired = step(spec, initial(spec), { kind: 'trade', price: '59990.5', time: Date.UTC(2026, 10, 25, 13) }).state;
  const state = settle(spec, fired, 'stop', { status: 'placed', orderId: '183347420821295423' });
  for (const format of ['table', 'tsv', 'csv', 'json', 'ndjson'] as const) {
    let text = '';
    const stdout = { write: (s: string) => ((text += s), true), isTTY: format === 'table', columns: 200 } as Stream;
    const ctx = new Context(new IO(stdout, { write: () => true }, process.stdin, env, 'never'), { output: format }, env);
    const rows = legRows(spec, state);
    show(ctx, { columns: LEG_COLUMNS }, rows, { rows });
    matchGolden(`algo-legs.${format}`, text);
  }
});
