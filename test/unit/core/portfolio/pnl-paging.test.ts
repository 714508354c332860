/**
 * The fills P&L reads: every page from the newest, the paging of a pair ending at the first page that
 * reaches before the window (pages go newest first), and only the window's fills counted.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { endpoint } from '../../../../src/api/catalogue/index.js';
import type { Params } from '../../../../src/api/client.js';
import type { CallsSource } from '../../../../src/core/calls.js';
import { fillPages, pageThrough } from '../../../../src/core/order/pages.js';
import { pnlFill } from '../../../../src/core/portfolio/pnl-fills.js';

const ep = endpoint('spot.trades.user');
/** 250 fills, newest first, one a second back from t=1_000_000 s; a venue answering `offset`/`limit` pages of them. */
const FILLS = Array.from({ length: 250 }, (_, i) => ({ detail_id: String(1000 - i), order_id: '1', side: 'buy', price_avg: '1', size: '1', notional: '1', fees: '0', fee_coin_name: 'USDT', create_time: String((1_000_000 - i) * 1000) }));
function venue(): { src: CallsSource; pages: number[] } {
  const pages: number[] = [];
  const send = async (_ep: unknown, params: Params) => {
    const get = (k: string) => Number(params.find(([n]) => n === k)![1]);
    pages.push(get('offset'));
    const from = (get('offset') - 1) * get('limit');
    return { current_page: get('offset'), trades: FILLS.slice(from, from + get('limit')) };
  };
  return { src: { calls: async () => ({ send }) } as unknown as CallsSource, pages };
}

test('with no window every page is read until a short one', async () => {
  const v = venue();
  let n = 0;
  await pageThrough(v.src, fillPages(ep, ['BTC_USDT']), (rows) => (n += rows.length));
  assert.deepEqual([v.pages, n], [[1, 2, 3], 250]);
});

test('a window stops the paging at the first page holding a fill before it', async () => {
  const v = venue();
  const fromMs = (1_000_000 - 120) * 1000;
  const kept: string[] = [];
  await pageThrough(v.src, { ...fillPages(ep, ['BTC_USDT']), past: (r) => pnlFill(r).time < fromMs }, (rows) => kept.push(...rows.map((r) => String(r.detail_id))));
  assert.deepEqual(v.pages, [1, 2], 'page 2 reaches back past the window: page 3 is not asked');
  assert.equal(kept.length, 200);
});

test('a fill row reads as P&L takes it: side, price, size, fee and coin, time in ms, trade id', () => {
  assert.deepEqual(pnlFill({ detail_id: 18334742082131230n, side: 'sell', price_avg: '65000.5', size: '0.01', notional: '650.005', fees: '0.65', fee_coin_name: 'usdt', create_time: 1700000000123 }),
    { side: 'sell', price: '65000.5', size: '0.01', notional: '650.005', fee: '0.65', feeCoin: 'USDT', time: 1700000000123, id: '18334742082131230' });
});
