/**
 * Output formats pinned by golden files (test/golden/<command>.<format>): the payloads below are
 * answers of the venue, shaped as spec 2.x writes them, printed the way the commands print them.
 * `UPDATE_GOLDEN=1 node test/run.mjs golden` rewrites the files after a deliberate change.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { endpoint } from '../../../src/api/catalogue/index.js';
import { rowsOf, show } from '../../../src/commands/engine.js';
import { humanOrders } from '../../../src/commands/status-words.js';
import { tickerRows } from '../../../src/commands/ticker-rows.js';
import { Context } from '../../../src/context.js';
import type { GlobalOptions } from '../../../src/invocation.js';
import { IO, type Stream } from '../../../src/render/io.js';
import { parseJson } from '../../../src/util/json.js';
import { ROOT } from '../../helpers/bm.js';

const FORMATS = ['table', 'tsv', 'csv', 'json'] as const;
const env = { BM_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'bm-golden-')) };

const TICKER = parseJson(`{"tickers":[
 {"symbol":"BTC_USDT","last_price":"30000.50","fluctuation":"+0.0211","high_24h":"30500","low_24h":"29000.1","base_volume_24h":"123.456","best_bid":"30000.49","best_ask":"30000.51","quote_volume_24h":"3703680.00","open_24h":"29380","close_24h":"30000.50","best_ask_size":"0.5","best_bid_size":"1.25","url":"https://example.invalid/BTC_USDT","ms_t":1700000000000},
 {"symbol":"ETH_USDT","last_price":"1999.12345","fluctuation":"-0.0500","high_24h":"2100","low_24h":"1990","base_volume_24h":"5000","best_bid":"1999.1","best_ask":"1999.2","quote_volume_24h":"9995617.25","open_24h":"2104.34","close_24h":"1999.12345","best_ask_size":"3","best_bid_size":"4.5","url":"https://example.invalid/ETH_USDT","ms_t":1700000000000}]}`);

const ORDERS = parseJson(`{"current_page":1,"orders":[
 {"order_id":183347420821295423,"clientOrderId":"bmGolden1","symbol":"BTC_USDT","create_time":1700000000000,"side":"buy","type":"limit","price":"30000.00","price_avg":"0.00","size":"0.01000","notional":"300.00","filled_notional":"0.00","filled_size":"0.00000","status":"4"},
 {"order_id":183347420821295424,"clientOrderId":"bmGolden2","symbol":"BTC_USDT","create_time":1700000060000,"side":"sell","type":"market","price":"0","price_avg":"30012.5","size":"0.5","notional":"0","filled_notional":"15006.25","filled_size":"0.5","status":"6"}]}`);

const TRADES = parseJson(`{"trades":[
 {"amount":"918.8415208","order_time":1700000000000,"price":"64981.72","count":"0.01414","type":"buy"},
 {"amount":"1944.0597792","order_time":1700000001500,"price":"64975.26","count":"0.02992","type":"sell"}]}`);

const KLINE = parseJson(`{"klines":[
 {"timestamp":1699999200,"open":"29990","high":"30010.5","low":"29985","close":"30000.5","last_price":"30000.5","volume":"12.5","quote_volume":"375000.25"},
 {"timestamp":1699999260,"open":"30000.5","high":"30020","low":"29999","close":"30015","last_price":"30015","volume":"3","quote_volume":"90045"}]}`);

const WALLET = parseJson(`{"wallet":[{"id":"BTC","name":"Bitcoin","available":"1.50000000","frozen":"0.00000000"},{"id":"USDT","name":"Tether USD","available":"100000.00","frozen":"10.00"}]}`);

/** Prints `data` as `bm <command>` does, in `format`, and returns stdout. */
function print(id: string, data: unknown, format: (typeof FORMATS)[number] | 'ndjson', extra: GlobalOptions = {}): string {
  let text = '';
  const stdout = { write: (s: string) => ((text += s), true), isTTY: format === 'table', columns: 200 } as Stream;
  const io = new IO(stdout, { write: () => true }, process.stdin, env, 'never');
  const ctx = new Context(io, { output: format, ...extra }, env);
  const ep = endpoint(id);
  if (id === 'spot.orders') show(ctx, ep, data, { rows: humanOrders(ctx, rowsOf(ep, data)) });
  else if (id === 'spot.ticker') show(ctx, ep, data, { signed: ['fluctuation'], rows: tickerRows(ctx, rowsOf(ep, data)) });
  else show(ctx, ep, data);
  return text;
}

function golden(name: string, actual: string): void {
  const file = join(ROOT, 'test', 'golden', name);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, actual);
  assert.equal(actual, readFileSync(file, 'utf8'), `${name} differs from its golden file (UPDATE_GOLDEN=1 rewrites it)`);
}

const CASES: ReadonlyArray<readonly [string, string, unknown]> = [
  ['ticker', 'spot.ticker', TICKER],
  ['order-list', 'spot.orders', ORDERS],
  ['trades', 'spot.trades', TRADES],
  ['kline', 'spot.kline', KLINE],
  ['wallet', 'spot.wallet', WALLET],
];

for (const [name, id, data] of CASES) {
  test(`golden: bm ${name.replace('-', ' ')} in table, tsv, csv and json`, () => {
    for (const format of FORMATS) golden(`${name}.${format}`, print(id, data, format));
  });
}

test('golden: ndjson rows with ids as strings; --raw-ids prints them as sent', () => {
  golden('order-list.ndjson', print('spot.orders', ORDERS, 'ndjson'));
  golden('order-list.raw-ids.json', print('spot.orders', ORDERS, 'json', { rawIds: true }));
});

test('golden: tsv --header and --fields by header name', () => {
  golden('order-list.fields.tsv', print('spot.orders', ORDERS, 'tsv', { header: true, fields: 'CLIENT_ORDER_ID,status,Order_Id' }));
});
