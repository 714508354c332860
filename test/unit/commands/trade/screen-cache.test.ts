// The screen keeps each pane's lines by the versions of the slices it reads: after any message, a screen
// that kept lines from earlier frames draws exactly what a fresh screen draws of the same state.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PANES } from '../../../../src/commands/trade/layout.js';
import type { Msg } from '../../../../src/commands/trade/msg.js';
import { frame, TradeScreen } from '../../../../src/commands/trade/screen.js';
import { SLICES, type TradeState } from '../../../../src/commands/trade/state.js';
import { update } from '../../../../src/commands/trade/update.js';
import { fixtureState, NOW } from './fixture.js';

const SIZE = { columns: 140, rows: 40 };
const keys = (...names: string[]): Msg[] => names.map((key) => ({ kind: 'key', key, at: NOW }));

/** Messages that touch every slice a pane reads: keys of each mode, pushes, answers, a switch of focus. */
const MESSAGES: Msg[] = [
  ...keys('tab', 'down', 'down', 'g', 'tab', 'down', 'up'),
  { kind: 'push', channel: 'ticker', entry: { symbol: 'BTC_USDT', last_price: '30010.00', open_24h: '29500.00', high_24h: '30412.10', low_24h: '29380.55', base_volume_24h: '1' } },
  { kind: 'push', channel: 'trade', entry: { symbol: 'BTC_USDT', price: '30011.00', size: '0.2', side: 'buy', s_t: NOW / 1000 } },
  { kind: 'push', channel: 'depth', entry: { symbol: 'BTC_USDT', asks: [['30020.00', '1'], ['30021.00', '2']], bids: [['30000.00', '3']] } },
  { kind: 'push', channel: 'kline', entry: { symbol: 'BTC_USDT', candle: [NOW / 1000, '30000.00', '30100.00', '29900.00', '30050.00', '2'] } },
  { kind: 'account', symbol: 'BTC_USDT', wallet: { wallet: [{ id: 'BTC', available: '2', frozen: '0' }, { id: 'USDT', available: '5', frozen: '1' }] }, orders: { orders: [] } },
  { kind: 'algos', symbol: 'BTC_USDT', at: NOW, algos: [{ id: 'a1', kind: 'stop', side: 'sell', triggers: ['29950.00'], amount: '0.01', running: true }] },
  ...keys('b', '1', 'escape'),
  { kind: 'sent', outcome: { kind: 'rejected', text: 'place: rejected' }, at: NOW },
  { kind: 'conn', which: 'public', state: 'waiting' },
  { kind: 'log', level: 'info', text: 'a notice', at: NOW },
];

test('after each message, the kept panes are what a fresh screen draws: no pane is left stale', () => {
  const s = fixtureState();
  const screen = new TradeScreen();
  screen.frame(s, SIZE, NOW, false);
  for (const m of MESSAGES) {
    update(s, m);
    assert.deepEqual(screen.frame(s, SIZE, NOW, false), frame(s, SIZE, NOW, false), `after ${JSON.stringify(m).slice(0, 80)}`);
  }
});

test('a pane\'s lines are kept while the slices it reads hold: a change outside them is not drawn until one of them moves', () => {
  const s: TradeState = fixtureState();
  const screen = new TradeScreen();
  const before = screen.frame(s, SIZE, NOW, false);
  // Changed behind the update's back: no version moves, so every pane keeps its lines.
  s.market.trades = [];
  assert.deepEqual(screen.frame(s, SIZE, NOW, false), before);
  s.versions.trades++;
  assert.notDeepEqual(screen.frame(s, SIZE, NOW, false), before, 'the trades slice moved: the trades pane is drawn again');
});

test('every pane reads the pair and only slices the state has', () => {
  for (const [name, def] of Object.entries(PANES)) {
    assert.ok(def.reads.includes('pair'), `${name} reads the pair`);
    for (const slice of def.reads) assert.ok(SLICES.includes(slice), `${name}: ${slice}`);
  }
});

test('a trade moves the last price only when the ticker has none: the orders pane (its P&L) is kept otherwise', () => {
  const s = fixtureState();
  const push = (channel: 'ticker' | 'trade', entry: Record<string, unknown>) => update(s, { kind: 'push', channel, entry: { symbol: 'BTC_USDT', ...entry } });
  push('ticker', { last_price: '30010.00', open_24h: '1', high_24h: '1', low_24h: '1', base_volume_24h: '1' });
  const last = s.versions.last;
  push('trade', { price: '30011.00', size: '0.2', side: 'buy', s_t: NOW / 1000 });
  assert.equal(s.versions.last, last, 'the ticker gives the last price: a trade does not move it');
  push('ticker', { last_price: '30012.00', open_24h: '1', high_24h: '1', low_24h: '1', base_volume_24h: '1' });
  assert.equal(s.versions.last, last + 1, 'a new last price on the ticker');
  s.market.ticker = undefined;
  push('trade', { price: '30013.00', size: '0.1', side: 'sell', s_t: NOW / 1000 });
  assert.equal(s.versions.last, last + 2, 'with no ticker, the newest trade is the last price');
  assert.deepEqual(PANES.orders.reads.includes('last') && !PANES.orders.reads.includes('trades'), true);
});
