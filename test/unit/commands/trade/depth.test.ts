// The depth chart: d puts it in the candles' place (the book's when no chart fits), drawn from the book
// the book pane shows, with your orders (◆) and the armed triggers (◇) marked at their prices' columns.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { depthPane } from '../../../../src/commands/trade/depth.js';
import { frame } from '../../../../src/commands/trade/screen.js';
import type { AttachedAlgo } from '../../../../src/commands/trade/state.js';
import { matchGolden } from '../../../helpers/golden.js';
import { fixtureState, keysTo, NOW, send } from './fixture.js';

const stop: AttachedAlgo = { id: 'a1', kind: 'stop', side: 'sell', triggers: ['29997.00'], amount: '0.01', running: true, exits: [{ name: 'stop', level: '29997.00', status: 'armed' }] };

test('d toggles the depth chart with the candles; it redraws with the book, the account and the grouping', () => {
  const s = fixtureState();
  const [d] = keysTo(s, 'd');
  assert.deepEqual([d!.fx, d!.moved, s.ui.depth], [[], ['ui'], true]);
  const wide = frame(s, { columns: 160, rows: 45 }, NOW, false).join('\n');
  assert.match(wide, /DEPTH +BTC_USDT +mid 30000\.25 +bids 1\.08830 \| asks 1\.11810/);
  assert.doesNotMatch(wide, /CANDLES/);
  // The same book the book pane shows: a push moves both.
  send(s, { kind: 'push', channel: 'depth', entry: { symbol: 'BTC_USDT', asks: [['30010.00', '2']], bids: [['29990.00', '1']] } });
  assert.match(frame(s, { columns: 160, rows: 45 }, NOW, false).join('\n'), /mid 30000 +bids 1 \| asks 2/);
  keysTo(s, 'd');
  assert.match(frame(s, { columns: 160, rows: 45 }, NOW, false).join('\n'), /CANDLES 1m/);
});

test('your orders and the armed triggers are marked at their prices\' columns and listed with their prices', () => {
  const s = fixtureState();
  send(s, { kind: 'algos', symbol: 'BTC_USDT', algos: [stop], at: NOW });
  const lines = depthPane(s, 81, 18, false);
  assert.equal(lines.length, 18);
  assert.ok(lines.every((l) => l.length === 81), 'exactly the pane\'s width');
  const marks = lines[15]!;
  // The scale: from the worst bid shown to the worst ask, the mid at the middle column.
  const lo = 30000.25 - Math.max(30000.25 - 29992.21, 30007.53 - 30000.25);
  const col = (p: number) => Math.round(((p - lo) / (2 * (30000.25 - lo))) * 80);
  assert.equal(marks[col(29999.18)], '◆', 'the buy at 29999.18');
  assert.equal(marks[col(30001.24)], '◆', 'the sell at 30001.24');
  assert.equal(marks[col(29997)], '◇', 'the stop\'s trigger');
  assert.match(lines[17]!, /◆ sell 30001\.24 +◆ buy 29999\.18 +◇ trigger 29997\.00/);
  assert.match(lines[16]!, /^29992\.21 +30000\.25 +30007\.53 *$/, 'the axis: the worst bid, the mid, the worst ask');
  s.ui.depth = true;
  matchGolden('trade/depth-160x45.txt', `${frame(s, { columns: 160, rows: 45 }, NOW, false).join('\n')}\n`);
});

test('80x24: no chart fits, so the depth chart takes the book\'s place; a one-sided book waits', () => {
  const s = fixtureState();
  keysTo(s, 'd');
  const small = frame(s, { columns: 80, rows: 24 }, NOW, false);
  matchGolden('trade/depth-80x24.txt', `${small.join('\n')}\n`);
  assert.match(small[1]!, /^DEPTH/);
  assert.doesNotMatch(small.join('\n'), /BOOK +BTC_USDT/);
  send(s, { kind: 'push', channel: 'depth', entry: { symbol: 'BTC_USDT', asks: [], bids: [['29990.00', '1']] } });
  assert.match(frame(s, { columns: 80, rows: 24 }, NOW, false)[2]!, /waiting for both sides/);
});
