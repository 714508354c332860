/**
 * `bm portfolio --pnl` output pinned by golden files (test/golden/portfolio-pnl.<format>): a wallet of
 * BTC and USDT, one open order, one recent fill, and the P&L of BTC_USDT from two fills whose figures
 * are worked out by hand below (the json's exact ones are asserted too). `BM_UPDATE_GOLDEN=1` rewrites
 * the files after a deliberate change.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { printPortfolio, type PortfolioView } from '../../../src/commands/portfolio/print.js';
import { Context } from '../../../src/context.js';
import { pairPnl, totalsByQuote, type PnlFill } from '../../../src/core/portfolio/pnl.js';
import { valueWallet } from '../../../src/core/portfolio/valued.js';
import { IO, type Stream } from '../../../src/render/io.js';
import { parseJson } from '../../../src/util/json.js';
import { matchGolden } from '../../helpers/golden.js';

const env = { BM_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'bm-golden-')) };
const f = (side: 'buy' | 'sell', size: string, price: string, notional: string, fee: string, feeCoin: string, time: number): PnlFill => ({ side, size, price, notional, fee, feeCoin, time, id: String(time) });
// Bought 0.03 BTC for 1920 USDT, 0.00003 BTC of it taken as the fee; sold 0.01 for 650.005, 0.650005 USDT fee.
const BTC = pairPnl('BTC_USDT', 'BTC', 'USDT', [f('buy', '0.03', '64000', '1920', '0.00003', 'BTC', 1), f('sell', '0.01', '65000.5', '650.005', '0.650005', 'USDT', 2)], '64500.25');
const pair = (symbol: string, price_max_precision: string, base_min_size: string) => {
  const [base_currency, quote_currency] = symbol.split('_') as [string, string];
  return { symbol, base_currency, quote_currency, price_max_precision, base_min_size, quote_increment: '', base_max_size: '', min_buy_amount: '', min_sell_amount: '', trade_status: 'trading' };
};
const RULES = [pair('BTC_USDT', '2', '0.00001'), pair('ETH_USDT', '2', '0.0001')];
const WALLET = [{ currency: 'BTC', name: 'Bitcoin', available: '0.01997', frozen: '0' }, { currency: 'USDT', name: 'Tether', available: '98719.355', frozen: '10' }, { currency: 'ETH', name: 'Ether', available: '0', frozen: '0' }];
const OPEN = parseJson('[{"order_id":"183347420821295423","client_order_id":"bmGolden1","symbol":"BTC_USDT","side":"buy","type":"limit","price":"30000.00","size":"0.00033","filled_size":"0","status":"4","create_time":1700000000000}]') as PortfolioView['open'];
const FILLS = parseJson('[{"symbol":"BTC_USDT","side":"sell","price_avg":"65000.5","size":"0.01","notional":"650.005","fees":"0.650005","fee_coin_name":"USDT","create_time":1700000060000}]') as PortfolioView['fills'];
const VIEW: PortfolioView = {
  valuation: valueWallet(WALLET, 'USDT', new Map([['BTC_USDT', '64500.25'], ['ETH_USDT', '3000']])),
  open: OPEN, fills: FILLS, fillCount: 10, rules: RULES,
  pnl: { pairs: [BTC], totals: totalsByQuote([BTC]) },
};

function printed(format: 'table' | 'tsv' | 'csv' | 'json' | 'ndjson'): string {
  let text = '';
  const stdout = { write: (s: string) => ((text += s), true), isTTY: format === 'table', columns: 200 } as Stream;
  const ctx = new Context(new IO(stdout, { write: () => true }, process.stdin, env, 'never'), { output: format }, env);
  printPortfolio(ctx, VIEW);
  return text;
}

test('the P&L figures, by hand: weighted average cost, fees inside', () => {
  // Position 0.03 - 0.00003 = 0.02997 for 1920. The sell takes 0.01 of it: cost 1920 x 0.01 / 0.02997
  // = 640.640640640640640640 (cut at 18 places), proceeds 650.005 - 0.650005 = 649.354995.
  assert.equal(BTC.position, '0.01997');
  assert.equal(BTC.realized, '8.71435435935935936');
  // Left: 1920 - 640.64064064064064064 = 1279.35935935935935936 for 0.01997, at 64500.25: 1288.0699925.
  assert.equal(BTC.unrealized, '8.71063314064064064');
  // The average of the buy, 1920 / 0.02997 = 64064.064064..., which a sell leaves as it is (but for the cut at 18 places).
  assert.equal(BTC.avg_cost, '64064.064064064064064096');
  // 0.00003 BTC at 64000 (1.92) and 0.650005 USDT.
  assert.equal(BTC.fees, '2.570005');
  const json = JSON.parse(printed('json')) as { pnl: { method: string; pairs: Array<Record<string, string>> } };
  assert.equal(json.pnl.method, 'weighted average cost, fees included');
  assert.deepEqual(json.pnl.pairs.map((p) => [p.symbol, p.position, p.realized, p.unrealized, p.fees]), [['BTC_USDT', '0.01997', '8.71435435935935936', '8.71063314064064064', '2.570005']]);
});

for (const format of ['table', 'tsv', 'csv', 'json', 'ndjson'] as const) {
  test(`bm portfolio --pnl -o ${format} is pinned`, () => {
    matchGolden(`portfolio-pnl.${format}`, printed(format));
  });
}
