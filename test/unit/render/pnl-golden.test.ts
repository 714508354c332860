/**
 * `bm pnl` output pinned by golden files (test/golden/pnl.<format>): a report of two pairs in two
 * quote currencies, one with a fee in another coin and one with no last price, printed as the command
 * prints it. `BM_UPDATE_GOLDEN=1` rewrites the files after a deliberate change.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { printPnl } from '../../../src/commands/pnl-print.js';
import { Context } from '../../../src/context.js';
import { pairPnl, totalsByQuote, type PnlFill } from '../../../src/core/portfolio/pnl.js';
import { IO, type Stream } from '../../../src/render/io.js';
import { matchGolden } from '../../helpers/golden.js';

const env = { BM_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'bm-golden-')) };
const f = (side: 'buy' | 'sell', size: string, price: string, notional: string, fee: string, feeCoin: string, time: number): PnlFill => ({ side, size, price, notional, fee, feeCoin, time, id: String(time) });
const BTC = pairPnl('BTC_USDT', 'BTC', 'USDT', [f('buy', '0.03', '64000', '1920', '0.00003', 'BTC', 1), f('sell', '0.01', '65000.5', '650.005', '0.650005', 'USDT', 2)], '64500.25');
const ETH = pairPnl('ETH_BTC', 'ETH', 'BTC', [f('buy', '1.5', '0.052', '0.078', '0.3', 'BMX', 3)], '');
const pair = (symbol: string, price_max_precision: string, base_min_size: string) => {
  const [base_currency, quote_currency] = symbol.split('_') as [string, string];
  return { symbol, base_currency, quote_currency, price_max_precision, base_min_size, quote_increment: '', base_max_size: '', min_buy_amount: '', min_sell_amount: '', trade_status: 'trading' };
};
const RULES = [pair('BTC_USDT', '2', '0.00001'), pair('ETH_BTC', '6', '0.001')];
const REPORT = { pairs: [BTC, ETH], totals: totalsByQuote([BTC, ETH]), end: { rows: 3, requests: 2, capped: false, repeated: [] } };

for (const format of ['table', 'tsv', 'csv', 'json', 'ndjson'] as const) {
  test(`bm pnl -o ${format} is pinned`, () => {
    let text = '';
    const stdout = { write: (s: string) => ((text += s), true), isTTY: format === 'table', columns: 200 } as Stream;
    const ctx = new Context(new IO(stdout, { write: () => true }, process.stdin, env, 'never'), { output: format }, env);
    printPnl(ctx, REPORT, { fromMs: 1700000000000 }, RULES);
    matchGolden(`pnl.${format}`, text);
  });
}
