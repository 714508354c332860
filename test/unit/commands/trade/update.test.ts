// The terminal's update function driven by messages alone: no venue, no socket, no terminal. Each test
// says what a message changes, which slices' versions move, and which effects it asks for.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SLICES, type AttachedAlgo, type TradeState } from '../../../../src/commands/trade/state.js';
import { fixtureState, NOW, RULES, send } from './fixture.js';

const key = (s: TradeState, ...keys: string[]) => keys.map((k) => send(s, { kind: 'key', key: k, at: NOW }));
const lastLog = (s: TradeState) => s.ui.log.at(-1)?.text;

test('market pushes change the book and the trades, each moving its own slice; a push of another pair is dropped', () => {
  const s = fixtureState();
  const depth = send(s, { kind: 'push', channel: 'depth', entry: { symbol: 'BTC_USDT', asks: [['30100.00', '1']], bids: [['29900.00', '2']] } });
  assert.deepEqual([depth.fx, depth.moved, s.market.asks, s.market.bids], [[], ['book'], [['30100.00', '1']], [['29900.00', '2']]]);
  const trade = send(s, { kind: 'push', channel: 'trade', entry: { symbol: 'BTC_USDT', price: '30050.00', size: '0.5', side: 'sell', s_t: NOW / 1000 } });
  assert.deepEqual([trade.fx, trade.moved, s.market.trades[0]], [[], ['trades'], { time: '12:00:00', side: 'sell', price: '30050.00', size: '0.5' }]);
  const other = send(s, { kind: 'push', channel: 'depth', entry: { symbol: 'ETH_USDT', asks: [['1.00', '1']], bids: [] } });
  assert.deepEqual([other.fx, other.moved, s.market.asks], [[], [], [['30100.00', '1']]]);
});

test('a REST answer read for a pair the terminal has left is dropped; the switch empties the market and the account and moves every slice', () => {
  const s = fixtureState();
  const sw = send(s, { kind: 'switched', symbol: 'ETH_USDT', rules: { ...RULES, symbol: 'ETH_USDT', base_currency: 'ETH' }, at: NOW });
  assert.deepEqual(sw.moved, [...SLICES]);
  assert.deepEqual([s.symbol, s.market.asks, s.account.orders.size, s.account.balances, lastLog(s)], ['ETH_USDT', [], 0, undefined, 'switched to ETH_USDT']);
  const late = send(s, { kind: 'snapshot', part: 'book', symbol: 'BTC_USDT', data: { sells: [{ price: '30000', amount: '1' }], buys: [] } });
  assert.deepEqual([late.moved, s.market.asks], [[], []], 'the old pair\'s book is not shown on the new one');
  send(s, { kind: 'snapshot', part: 'book', symbol: 'ETH_USDT', data: { sells: [{ price: '2000.10', amount: '3' }], buys: [{ price: '1999.90', amount: '4' }] } });
  assert.deepEqual([s.market.asks, s.market.bids], [[['2000.10', '3']], [['1999.90', '4']]]);
  const acct = send(s, { kind: 'account', symbol: 'BTC_USDT', wallet: { wallet: [{ id: 'ETH', available: '1', frozen: '0' }] }, orders: { orders: [] } });
  assert.deepEqual([acct.moved, s.account.balances], [[], undefined]);
});

test('an order push that fills: the order kept with its new fill, the fill logged, its fee and the account read, the bell; a done order leaves', () => {
  const s = fixtureState();
  const id = '183347420821307660';
  const fill = send(s, { kind: 'orderPush', at: NOW, entry: {
    symbol: 'BTC_USDT', order_id: id, client_order_id: 'fixture1', side: 'buy', type: 'limit', price: '29999.18', size: '0.01000', filled_size: '0.00400',
    state: '5', ms_t: String(NOW), detail_id: '9100', last_fill_price: '29999.18', last_fill_count: '0.00400', last_fill_time: String(NOW), exec_type: 'M',
  } });
  assert.deepEqual(fill.fx, [{ kind: 'readFee', orderId: id }, { kind: 'refreshAccount' }, { kind: 'bell', why: 'fill' }]);
  assert.deepEqual(fill.moved, ['account', 'log', 'history']);
  assert.equal(s.account.orders.get(id)?.filled, '0.00400');
  assert.match(lastLog(s) ?? '', /^fill: buy 0\.00400 BTC @ 29999\.18 \(order 183347420821307660, filled 0\.00400 of 0\.01000 BTC\)$/);
  const done = send(s, { kind: 'orderPush', at: NOW, entry: { symbol: 'BTC_USDT', order_id: id, side: 'buy', type: 'limit', price: '29999.18', size: '0.01000', filled_size: '0.00400', state: '8', ms_t: String(NOW) } });
  assert.deepEqual([done.fx, s.account.orders.has(id)], [[{ kind: 'refreshAccount' }], false]);
});

test('keys: one that does nothing moves nothing; one that opens a form moves only the interface', () => {
  const s = fixtureState();
  const [idle] = key(s, 'z');
  assert.deepEqual([idle!.fx, idle!.moved], [[], []]);
  const [buy] = key(s, 'b');
  assert.deepEqual([buy!.fx, buy!.moved, s.ui.mode], [[], ['ui'], 'form']);
  const typed = key(s, '0', '.', '0', '1');
  assert.ok(typed.every((r) => r.moved.join() === 'ui'), 'each typed character redraws what shows the form');
});

test('a confirmed order is one effect and marks the write busy; a second write meanwhile is refused in the log; the answer ends it and reads the account', () => {
  const s = fixtureState();
  key(s, 'b', '0', '.', '0', '1', 'enter');
  assert.equal(s.ui.mode, 'confirm');
  const [y] = key(s, 'y');
  assert.equal(y!.fx.length, 1);
  assert.equal(y!.fx[0]!.kind, 'place');
  assert.equal(s.ui.busy, 'buy 0.01 BTC_USDT @ 30000.00');
  const refused = key(s, 'C', 'y').at(-1)!;
  assert.deepEqual(refused.fx, [], 'nothing is sent while a write is in flight');
  assert.equal(lastLog(s), 'not sent: cancel all on BTC_USDT: wait, buy 0.01 BTC_USDT @ 30000.00 is still being sent');
  const sent = send(s, { kind: 'sent', outcome: { kind: 'ok', text: 'placed buy 0.01 BTC_USDT @ 30000.00 (order 1)' }, at: NOW });
  assert.deepEqual([sent.fx, s.ui.busy, lastLog(s), s.ui.log.at(-1)?.kind], [[{ kind: 'refreshAccount' }], undefined, 'placed buy 0.01 BTC_USDT @ 30000.00 (order 1)', 'ok']);
  const again = key(s, 'C', 'y').at(-1)!;
  assert.deepEqual([again.fx, s.ui.busy], [[{ kind: 'cancelAll' }], 'cancel all on BTC_USDT']);
});

test('r asks for a resync and says so; q and Ctrl-C quit; the pair prompt asks for a switch', () => {
  const s = fixtureState();
  assert.deepEqual(key(s, 'r')[0]!.fx, [{ kind: 'resync' }]);
  assert.equal(lastLog(s), 'resync: reading snapshots again');
  assert.deepEqual(key(s, '/', 'E', 'T', 'H', '_', 'U', 'enter').at(-1)!.fx, [{ kind: 'switch', symbol: 'ETH_USDT' }]);
  assert.equal(s.symbol, 'BTC_USDT', 'the pair changes only once its rules are read (the switched message)');
  assert.deepEqual(key(s, 'ctrl-c')[0]!.fx, [{ kind: 'quit', code: 130 }]);
  assert.deepEqual(key(s, 'q')[0]!.fx, [{ kind: 'quit', code: 0 }]);
});

test('connections: the order stream logged in is subscribing until acknowledged; unchanged counters move nothing', () => {
  const s = fixtureState();
  send(s, { kind: 'conn', which: 'private', state: 'ready' });
  assert.equal(s.feed.privateState, 'subscribing');
  assert.deepEqual(send(s, { kind: 'subscribed' }).moved, ['feed']);
  assert.equal(s.feed.privateState, 'ready');
  assert.deepEqual(send(s, { kind: 'subscribed' }).moved, [], 'an acknowledgement while ready changes nothing');
  send(s, { kind: 'conn', which: 'public', state: 'waiting' });
  assert.equal(s.feed.state, 'waiting');
  assert.deepEqual(send(s, { kind: 'counters', lastMessageAt: NOW, reconnects: 1 }).moved, ['feed']);
  assert.deepEqual(send(s, { kind: 'counters', lastMessageAt: NOW, reconnects: 1 }).moved, []);
});

test('conditional orders: the timer asks for the journals; a failure read is logged once with the alarm; the same list again is no change', () => {
  const s = fixtureState();
  assert.deepEqual(send(s, { kind: 'tick', at: NOW }).fx, [{ kind: 'readAlgos' }]);
  const armed: AttachedAlgo = { id: 'a1', kind: 'stop', side: 'sell', triggers: ['29000.00'], amount: '0.01', running: true };
  const first = send(s, { kind: 'algos', symbol: 'BTC_USDT', algos: [armed], at: NOW });
  assert.deepEqual([first.fx, first.moved], [[], ['account']]);
  const failed: AttachedAlgo = { ...armed, triggers: [], running: false, end: 'failed', note: 'stop: the venue refused it' };
  const alarm = send(s, { kind: 'algos', symbol: 'BTC_USDT', algos: [failed], at: NOW });
  assert.deepEqual([alarm.fx, alarm.moved], [[{ kind: 'bell', why: 'alarm' }], ['account', 'log']]);
  assert.equal(lastLog(s), 'stop a1 FAILED: stop: the venue refused it; see bm algo show a1');
  const same = send(s, { kind: 'algos', symbol: 'BTC_USDT', algos: [failed], at: NOW + 2000 });
  assert.deepEqual([same.fx, same.moved], [[], []]);
  assert.deepEqual(send(s, { kind: 'algos', symbol: 'ETH_USDT', algos: [], at: NOW }).moved, [], 'another pair\'s journals are not this pane\'s');
});

test('fills read for the P&L: rows counted, the read complete marks it ready; a failed read says so', () => {
  const s = fixtureState();
  const before = s.account.pnl.fills.length;
  send(s, { kind: 'fills', symbol: 'BTC_USDT', complete: true, rows: [{ detail_id: '9003', order_id: '1', side: 'sell', price_avg: '30100.00', size: '0.01', notional: '301', fees: '0.301', fee_coin_name: 'USDT', create_time: NOW }] });
  assert.deepEqual([s.account.pnl.fills.length - before, s.account.pnl.status], [1, 'ready']);
  assert.deepEqual(send(s, { kind: 'fillsFailed', symbol: 'BTC_USDT' }).moved, ['account']);
  assert.equal(s.account.pnl.status, 'failed');
});

test('a fill line says what the order asked: base of base, or for a market buy what it bought for what it spent of what it asked', () => {
  const s = fixtureState();
  send(s, { kind: 'orderPush', at: NOW, entry: {
    symbol: 'BTC_USDT', order_id: '9', side: 'buy', type: 'market', price: '', size: '0', notional: '650', filled_size: '0.00999', filled_notional: '649.98',
    state: '6', ms_t: String(NOW), detail_id: '9400', last_fill_price: '65064.06', last_fill_count: '0.00999', last_fill_time: String(NOW), exec_type: 'T',
  } });
  assert.equal(lastLog(s), 'fill: buy 0.00999 BTC @ 65064.06 (order 9, filled 0.00999 BTC for 649.98 of 650 USDT)');
  assert.doesNotMatch(lastLog(s)!, / of 0\b/);
});
