// An amend of an order that a bracket follows (src/core/algo/moves.ts): announced before its cancel leaves,
// the bracket waits for it (at most a minute: an amend that died is not waited for), then follows the new
// order; an amend that placed nothing ends the wait.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { algoJournalPath, AlgoJournal } from '../../../../src/core/algo/journal.js';
import { firedOn, followersOf, movedTo, noteFired, noteMove } from '../../../../src/core/algo/moves.js';
import type { AlgoSpec } from '../../../../src/core/algo/model/spec.js';
import { isolatedEnv } from '../../../helpers/bm.js';

const spec: AlgoSpec = {
  v: 1, id: 'abr', kind: 'bracket', symbol: 'BTC_USDT', side: 'buy', created: 1,
  legs: [
    { name: 'entry', clientOrderId: 'abrentry', params: [], what: 'entry' },
    { name: 'stop', clientOrderId: 'abrstop', params: [], what: 'stop', after: 'entry', group: 'exit', side: 'sell', trigger: { dir: 'down', level: '1' } },
  ],
};

test('an order a bracket follows: found by its id; pending while amended, then the new order; nothing placed ends the wait', () => {
  const env = isolatedEnv();
  const j = AlgoJournal.create(algoJournalPath(env, 'abr'), spec);
  j.write({ at: 2, st: { legs: { entry: { status: 'placed', orderId: '11' }, stop: { status: 'waiting' } } }, notes: [] }, false);
  j.close();
  assert.deepEqual(followersOf(env, 'BTC_USDT', '11'), ['abr']);
  assert.deepEqual([followersOf(env, 'ETH_USDT', '11'), followersOf(env, 'BTC_USDT', '12')], [[], []]);
  assert.equal(movedTo(env, 'abr', '11'), undefined);
  noteMove(env, ['abr'], '11');
  assert.equal(movedTo(env, 'abr', '11'), 'pending');
  assert.equal(movedTo(env, 'abr', '11', Date.now() + 61_000), undefined, 'an amend that died is not waited for');
  noteMove(env, ['abr'], '11', '12');
  assert.equal(movedTo(env, 'abr', '11'), '12');
  noteMove(env, ['abr'], '12');
  noteMove(env, ['abr'], '12', null);
  assert.equal(movedTo(env, 'abr', '12'), undefined, 'an amend that placed nothing: the order ended');
});

test('an exit fired on an order being amended is noted beside its bracket: the amend finds it, and what the order became is unchanged by it', () => {
  const env = isolatedEnv();
  const j = AlgoJournal.create(algoJournalPath(env, 'abr'), spec);
  j.write({ at: 2, st: { legs: { entry: { status: 'placed', orderId: '21' }, stop: { status: 'armed', size: '0.001' } } }, notes: [] }, false);
  j.close();
  noteMove(env, ['abr'], '21');
  assert.equal(firedOn(env, ['abr'], '21'), undefined);
  noteFired(env, 'abr', '21', 'stop');
  assert.deepEqual(firedOn(env, ['abr'], '21'), { id: 'abr', leg: 'stop' });
  assert.equal(firedOn(env, ['abr'], '22'), undefined, 'another order: nothing fired on it');
  assert.equal(movedTo(env, 'abr', '21'), 'pending', 'the note of the exit is no move');
  noteMove(env, ['abr'], '21', '23');
  assert.equal(movedTo(env, 'abr', '21'), '23');
});
