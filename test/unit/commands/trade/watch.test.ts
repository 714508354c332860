// The watchlist driven by messages alone: tickers, sparks and counts of the followed pairs, its keys
// (w, Up/Down, Enter, +, -), and its pane as golden screens at 160x45 (its own column) and 80x24 (called up
// in the trades' place: no chart fits).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { frame } from '../../../../src/commands/trade/screen.js';
import { defaultWatchlist } from '../../../../src/commands/trade/watch.js';
import { spark } from '../../../../src/commands/trade/watch-pane.js';
import { matchGolden } from '../../../helpers/golden.js';
import { fixtureState, keysTo, NOW, send } from './fixture.js';

const row = (s: ReturnType<typeof fixtureState>, pair: string, columns = 160, rows = 45) =>
  frame(s, { columns, rows }, NOW, false).find((l) => new RegExp(`^[ •›] ${pair} `).test(l));

test('a followed pair\'s ticker moves its row (the watch slice only); a pair not followed is dropped', () => {
  const s = fixtureState();
  const t = send(s, { kind: 'watchTicker', at: NOW + 60_000, entry: { symbol: 'ETH_USDT', last_price: '3300.00', open_24h: '3310.40', high_24h: '3400', low_24h: '3100', base_volume_24h: '9000.5' } });
  assert.deepEqual([t.fx, t.moved], [[], ['watch']]);
  assert.equal(s.watch.board!.figures('ETH_USDT')?.last, '3300.00');
  assert.equal(s.watch.at, NOW + 60_000, 'the sparks are drawn up to the newest ticker');
  assert.match(row(s, 'ETH_USDT')!, /ETH_USDT +3300\.00 +-0\.31% /);
  assert.equal(s.watch.board!.spark('ETH_USDT', s.watch.at).at(-1), '3300.00', 'the spark\'s newest minute is the push\'s price');
  const other = send(s, { kind: 'watchTicker', at: NOW, entry: { symbol: 'BMX_ETH', last_price: '1' } });
  assert.deepEqual([other.moved, s.watch.board!.figures('BMX_ETH')], [[], undefined]);
});

test('counts per pair: open orders read and pushed (another pair\'s), the current pair\'s from the account, algos from the journals', () => {
  const s = fixtureState();
  assert.match(row(s, 'ETH_USDT')!, / 1o 1a /);
  assert.match(row(s, 'BTC_USDT')!, / 2o 1a /, 'the current pair: its two open orders');
  const open = send(s, { kind: 'orderPush', at: NOW, entry: { symbol: 'ETH_USDT', order_id: '78', side: 'buy', type: 'limit', price: '3000', size: '1', filled_size: '0', state: '4' } });
  assert.deepEqual([open.fx, open.moved], [[], ['watch']], 'another pair\'s order: its count only, not this pair\'s account');
  assert.match(row(s, 'ETH_USDT')!, / 2o 1a /);
  send(s, { kind: 'orderPush', at: NOW, entry: { symbol: 'ETH_USDT', order_id: '77', side: 'buy', type: 'limit', price: '3000', size: '1', filled_size: '1', state: '6' } });
  send(s, { kind: 'algos', symbol: 'BTC_USDT', algos: [], at: NOW, perPair: new Map([['SOL_USDT', 2]]) });
  assert.match(row(s, 'ETH_USDT')!, / 1o +[▁-█]/);
  assert.match(row(s, 'SOL_USDT')!, / 2a /);
  const read = send(s, { kind: 'watchOrders', symbol: 'SOL_USDT', orders: { orders: [{ order_id: '1', status: '4' }, { order_id: '2', status: '6' }] } });
  assert.deepEqual(read.moved, ['watch']);
  assert.equal(s.watch.orders.get('SOL_USDT')?.size, 1, 'only the open one counts');
});

test('w focuses the watchlist; Up/Down select; Enter trades the row\'s pair; w again gives the keys back', () => {
  const s = fixtureState();
  keysTo(s, 'w');
  assert.deepEqual([s.ui.focus, s.ui.swap], ['watch', 'watch']);
  const [down] = keysTo(s, 'j');
  assert.deepEqual([s.watch.index, down!.moved], [1, ['watch']]);
  const [enter] = keysTo(s, 'enter');
  assert.deepEqual(enter!.fx, [{ kind: 'switch', symbol: 'ETH_USDT' }]);
  keysTo(s, 'k');
  assert.deepEqual(keysTo(s, 'enter')[0]!.fx, [], 'Enter on the pair traded already: nothing to switch');
  keysTo(s, 'w');
  assert.deepEqual([s.ui.focus, s.ui.swap], ['orders', undefined]);
  assert.deepEqual(keysTo(s, 'enter')[0]!.fx, [], 'Enter is the watchlist\'s only while it has the keys');
});

test('+ adds a pair through the pair prompt, - drops the selected one; each change is a watch command the session keeps', () => {
  const s = fixtureState();
  keysTo(s, 'w', '+');
  assert.deepEqual([s.ui.mode, s.ui.pair], ['pair', { text: '', index: 0, add: true }]);
  const [, , enter] = keysTo(s, 'B', 'M', 'enter');
  assert.deepEqual(enter!.fx, [{ kind: 'watch', pairs: ['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'ETH_BTC', 'BMX_ETH'], added: 'BMX_ETH' }]);
  assert.deepEqual([s.ui.mode, s.watch.index, s.symbol], ['main', 4, 'BTC_USDT'], 'added and selected; the pair traded is the same');
  keysTo(s, 'w', 'w', '+', 'E', 'T', 'H', '_', 'U');
  assert.deepEqual(keysTo(s, 'enter')[0]!.fx, [], 'a pair followed already is not added twice');
  keysTo(s, 'w', 'w', 'k', 'k', 'k');
  const [drop] = keysTo(s, '-');
  assert.deepEqual(drop!.fx, [{ kind: 'watch', pairs: ['BTC_USDT', 'SOL_USDT', 'ETH_BTC', 'BMX_ETH'] }], 'three up from BMX_ETH: ETH_USDT dropped');
  assert.equal(s.watch.index, 1);
});

test('the default watchlist: the venue\'s main pairs it lists, else its first pairs', () => {
  assert.deepEqual(defaultWatchlist(['BMX_ETH', 'ETH_BTC', 'SOL_USDT', 'BTC_USDT', 'ETH_USDT']), ['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'ETH_BTC']);
  assert.deepEqual(defaultWatchlist(['A_B', 'C_D']), ['A_B', 'C_D']);
});

test('a spark places each minute between the window\'s low and high, newest on the right', () => {
  assert.equal(spark(['1', '2', '3', '4', '5', '6', '7', '8'], 8), '▁▂▃▄▅▆▇█');
  assert.equal(spark(['', '5', '5'], 4), '  ▄▄', 'no price yet: blank; a flat line mid-height');
  assert.equal(spark(['10', '20', '30'], 2), '▁█', 'the newest minutes that fit');
});

test('golden screens: the watchlist\'s own column at 160x45, called up in the trades\' place at 80x24', () => {
  const s = fixtureState();
  matchGolden('trade/watch-160x45.txt', `${frame(s, { columns: 160, rows: 45 }, NOW, false).join('\n')}\n`);
  keysTo(s, 'w', 'j');
  const small = frame(s, { columns: 80, rows: 24 }, NOW, false);
  matchGolden('trade/watch-80x24.txt', `${small.join('\n')}\n`);
  assert.ok(small.some((l) => /│› ETH_USDT/.test(l)), 'the selected row marked');
  assert.ok(!small.some((l) => /TRADES/.test(l)), 'in the trades\' place, never over another pane');
});
