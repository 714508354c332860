// The update loop: effects go to their runner, the screen is told only when a slice's version moved, the
// bell says fill or alarm, and copying the connections' counters for a frame tells no one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Effect } from '../../../../src/commands/trade/msg.js';
import { Program } from '../../../../src/commands/trade/program.js';
import { fixtureState, NOW } from './fixture.js';

function loop() {
  const s = fixtureState();
  const ran: Effect[] = [];
  const said: string[] = [];
  const p = new Program(s, (e) => ran.push(e), (what) => said.push(what));
  return { s, ran, said, dispatch: p.dispatch };
}

test('a key that changes nothing tells no one; one that opens a form redraws; a confirmed order goes to the runner', () => {
  const { ran, said, dispatch } = loop();
  dispatch({ kind: 'key', key: 'z', at: NOW });
  assert.deepEqual(said, []);
  for (const key of ['b', '0', '.', '0', '1', 'enter', 'y']) dispatch({ kind: 'key', key, at: NOW });
  assert.deepEqual(said, Array(7).fill('data'));
  assert.deepEqual(ran.map((e) => e.kind), ['place']);
});

test('a fill rings as `fill` and its reads go to the runner, the bell not among them; counters for a frame tell no one', () => {
  const { ran, said, dispatch } = loop();
  dispatch({ kind: 'orderPush', at: NOW, entry: {
    symbol: 'BTC_USDT', order_id: '183347420821307660', side: 'buy', type: 'limit', price: '29999.18', size: '0.01000', filled_size: '0.01000',
    state: '6', ms_t: String(NOW), detail_id: '9200', last_fill_price: '29999.18', last_fill_count: '0.01000', last_fill_time: String(NOW), exec_type: 'M',
  } });
  assert.deepEqual([said, ran.map((e) => e.kind)], [['fill'], ['readFee', 'refreshAccount']]);
  dispatch({ kind: 'counters', lastMessageAt: NOW + 5, reconnects: 3 });
  assert.deepEqual(said, ['fill']);
});
