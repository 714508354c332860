// `A` in the terminal: an alert at the selected book level or a typed price, above or below by the last
// price, confirmed as any conditional order and armed detached by `y` (met already: due at once, no second
// key); and an alert of the pair that fires while the terminal is open: kept in the pane, said in the log,
// and the bell (whatever --bell says).
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readPairAlgos, type SeenAlgos } from '../../../../src/commands/trade/algo-read.js';
import { handleKey, type Command } from '../../../../src/commands/trade/keys.js';
import { frame } from '../../../../src/commands/trade/screen.js';
import type { TradeState } from '../../../../src/commands/trade/state.js';
import { update } from '../../../../src/commands/trade/update.js';
import { AlgoJournal, algoJournalPath } from '../../../../src/core/algo/journal.js';
import { planAlgo } from '../../../../src/core/algo/plan.js';
import { fixtureState, NOW, RULES } from './fixture.js';

const press = (s: TradeState, ...keys: string[]): Command | undefined => {
  let last: Command | undefined;
  for (const k of keys) last = handleKey(s, k, NOW);
  return last;
};

/** The alert `y` hands over to be armed. */
function armed(c: Command | undefined) {
  assert.equal(c?.kind, 'attach');
  return (c as Extract<Command, { kind: 'attach' }>).spec;
}

test('A on a selected ask level: an alert above the last price at that level, confirmed, armed by y', () => {
  const s = fixtureState();
  press(s, 'tab');
  assert.equal(s.ui.focus, 'book');
  press(s, 'A');
  assert.deepEqual([s.ui.mode, s.ui.alert!.price], ['alert', '30000.50']);
  assert.match(frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n'), /fires +at the first trade at or above 30000\.50 \(last 30000\.25\)/);
  press(s, 'enter');
  assert.equal(s.ui.mode, 'attach');
  assert.match(frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n'), /CONFIRM ALERT[^]*alert +a trade at or above 30000\.50: notify when BTC_USDT trades/);
  const spec = armed(press(s, 'y'));
  assert.deepEqual([spec.kind, spec.legs[0]!.trigger, spec.legs[0]!.due, s.ui.mode, s.ui.alert], ['alert', { dir: 'up', level: '30000.50' }, undefined, 'main', undefined]);
});

test('--alert-exec: an alert armed with A carries the command, said in the confirmation, run where bm trade was started', () => {
  const s = fixtureState({ alertExec: './notify.sh' });
  press(s, 'A', 'enter');
  assert.match(frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n'), /CONFIRM ALERT[^]*the desktop, and runs:[^]*\.\/notify\.sh;/);
  const spec = armed(press(s, 'y'));
  assert.deepEqual(spec.exec, { command: './notify.sh', cwd: process.cwd() });
  const plain = fixtureState();
  press(plain, 'A', 'enter');
  assert.equal(armed(press(plain, 'y')).exec, undefined, 'without it, the alert only notifies');
});

test('A with a typed price below the last one: an alert below; a bad level is said in the form', () => {
  const s = fixtureState();
  press(s, 'A');
  assert.equal(s.ui.alert!.price, '30000.25', 'starts at the last price');
  press(s, ...Array<string>(8).fill('backspace'));
  press(s, 'enter');
  assert.equal(s.ui.mode, 'alert');
  assert.match(s.ui.alert!.error!, /level: '' is not a price/);
  press(s, ...'29000.5.0');
  assert.equal(s.ui.alert!.price, '29000.50', 'a second point is ignored');
  press(s, 'enter');
  const spec = armed(press(s, 'y'));
  assert.deepEqual(spec.legs[0]!.trigger, { dir: 'down', level: '29000.50' });
  press(s, 'A', 'escape');
  assert.deepEqual([s.ui.mode, s.ui.alert], ['main', undefined]);
});

test('an alert at the last price fires at once: said before y, armed due at once with no second key', () => {
  const s = fixtureState();
  press(s, 'A', 'enter');
  assert.match(s.ui.attach!.protects, /the last price 30000\.25 is there already: it fires at once$/);
  const spec = armed(press(s, 'y'));
  assert.deepEqual([spec.legs[0]!.due, spec.metWhenArmed], [spec.created, '30000.25']);
});

test('A is not offered without credentials', () => {
  const s = fixtureState({ readOnly: true });
  press(s, 'A');
  assert.equal(s.ui.mode, 'main');
});

test('an alert of the pair that fires while the terminal is open rings the bell, stays in the pane until dismissed, and is logged', () => {
  const env = { BM_STATE_DIR: mkdtempSync(join(tmpdir(), 'bm-trade-alert-')) };
  const spec = planAlgo({ kind: 'alert', symbol: 'BTC_USDT', below: '29000' }, RULES, NOW);
  const j = AlgoJournal.create(algoJournalPath(env, spec.id), spec);
  j.write({ at: NOW, st: { legs: { alert: { status: 'armed' } } }, notes: [] }, false);
  const s = fixtureState();
  const seen: SeenAlgos = new Map();
  assert.deepEqual(update(s, { kind: 'algos', symbol: 'BTC_USDT', algos: readPairAlgos(s, env, seen, NOW), at: NOW }), []);
  assert.deepEqual(s.account.algos.map((a) => [a.kind, a.triggers]), [['alert', ['29000']]]);
  j.write({ at: NOW + 1000, st: { legs: { alert: { status: 'fired', price: '28999.50', at: NOW + 900 } }, end: 'done' }, notes: [] }, false);
  j.close();
  assert.deepEqual(update(s, { kind: 'algos', symbol: 'BTC_USDT', algos: readPairAlgos(s, env, seen, NOW), at: NOW + 2000 }), [{ kind: 'bell', why: 'alert' }]);
  const line = `fired at 28999.50 (${new Date(NOW + 900).toISOString()}), at or below 29000`;
  assert.deepEqual(s.account.algos.map((a) => [a.end, a.note]), [['fired', line]]);
  assert.equal(s.ui.log.at(-1)!.text, `ALERT ${spec.id} BTC_USDT ${line}`);
  assert.deepEqual(update(s, { kind: 'algos', symbol: 'BTC_USDT', algos: readPairAlgos(s, env, seen, NOW), at: NOW + 4000 }), [], 'rung once');
  s.ui.focus = 'orders';
  s.account.orders.clear();
  press(s, 'c');
  assert.deepEqual(s.account.algos, [], 'c dismisses it');
});
