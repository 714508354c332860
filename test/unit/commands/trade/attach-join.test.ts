// What x and t arm when the other exit is already there: on an order, its bracket with both exits; on the
// position, one oco of the two (the same side and amount); the same exit twice is refused. And a trigger the
// market already meets: said in red, armed only after y and then `!`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { joinFor } from '../../../../src/commands/trade/attach-plan.js';
import { handleKey, type Command } from '../../../../src/commands/trade/keys.js';
import { overlayBox } from '../../../../src/commands/trade/overlay.js';
import type { AttachedAlgo, TradeState } from '../../../../src/commands/trade/state.js';
import { fixtureState } from './fixture.js';

const press = (s: TradeState, ...keys: string[]): Command | undefined => {
  let last: Command | undefined;
  for (const k of keys) last = handleKey(s, k);
  return last;
};
const boxText = (s: TradeState) => overlayBox(s, 120, 40, false)!.lines.join(' ').replace(/\s+/g, ' ');
const legs = (s: TradeState) => s.ui.attach!.spec.legs.map((l) => [l.name, l.trigger?.level, l.params.find(([k]) => k === 'size' || k === 'notional')?.join(' ')]);

const ORDER = '183347420821307661';
/** A bracket attached to the fixture's newest order (a sell) holding only its take-profit, 29500. */
const TP_ON_ORDER: AttachedAlgo = {
  id: 'abr1', kind: 'bracket', side: 'sell', triggers: [], amount: '0.01000', size: '0.01000', running: true, order: ORDER,
  exits: [{ name: 'tp', level: '29500', status: 'waiting' }],
};
/** A take-profit of the fixture's position (a long of 0.01748): a sell at or above 31000. */
const TP_ON_POS: AttachedAlgo = { id: 'atp1', kind: 'take-profit', side: 'sell', triggers: ['31000'], amount: '0.01748', size: '0.01748', running: true, exits: [{ name: 'tp', level: '31000', status: 'armed' }] };

test('x on an order whose bracket holds only a take-profit joins it: one bracket with both exits, replacing it', () => {
  const s = fixtureState();
  s.account.algos = [TP_ON_ORDER];
  press(s, 'x');
  assert.deepEqual(joinFor(s, s.ui.form!), { join: TP_ON_ORDER });
  assert.match(overlayBox(s, 120, 40, false)!.lines.join(' ').replace(/\s+/g, ' '), /joins: take-profit 29500 of algo abr1, into one bracket: one cancels the other/);
  press(s, ...'30500', 'enter');
  const p = s.ui.attach!;
  assert.equal(p.replaces, TP_ON_ORDER);
  assert.equal(p.spec.kind, 'bracket');
  assert.deepEqual(p.spec.legs.map((l) => [l.name, l.existing, l.group, l.trigger?.level]), [['entry', ORDER, undefined, undefined], ['tp', undefined, 'exit', '29500'], ['stop', undefined, 'exit', '30500']], 'the old trigger kept, the two exits one group');
  assert.match(boxText(s), /replaces algo abr1 \(its take-profit 29500 kept\): cancelled first; this one is armed only once none of its legs was sent/);
  assert.match(boxText(s), /one-cancels-other: the first to fire cancels the other, never sent/);
  assert.deepEqual(press(s, 'y'), { kind: 'attach', spec: p.spec, replaces: TP_ON_ORDER });
});

test('the same exit twice on one order is refused, said in the form before and after Enter; another order is not joined', () => {
  const s = fixtureState();
  s.account.algos = [TP_ON_ORDER];
  press(s, 't');
  assert.match(joinFor(s, s.ui.form!).blocked!, /^order 183347420821307661 already has a take-profit \(algo abr1, trigger 29500\): cancel it first/);
  assert.match(boxText(s), /already has a take-profit/);
  press(s, ...'29000', 'enter');
  assert.equal(s.ui.mode, 'form');
  assert.match(s.ui.form!.error!, /already has a take-profit/);
  const other = fixtureState();
  other.account.algos = [{ ...TP_ON_ORDER, order: '1' }];
  press(other, 'x');
  assert.deepEqual(joinFor(other, other.ui.form!), {});
  const ended = fixtureState();
  ended.account.algos = [{ ...TP_ON_ORDER, end: 'failed', note: 'tp: refused' }];
  press(ended, 'x');
  assert.deepEqual(joinFor(ended, ended.ui.form!), {}, 'an algo that ended is not joined');
});

test('t then x on the position: the take-profit and the stop become one oco of the same size', () => {
  const s = fixtureState();
  s.account.algos = [TP_ON_POS];
  press(s, 'tab', 'x', ...'29000', 'enter');
  const p = s.ui.attach!;
  assert.equal(p.spec.kind, 'oco');
  assert.equal(p.replaces, TP_ON_POS);
  assert.deepEqual(legs(s), [['tp', '31000', 'size 0.01748'], ['stop', '29000', 'size 0.01748']]);
  assert.match(boxText(s), /replaces algo atp1 \(its take-profit 31000 kept\)/);
  assert.deepEqual(press(s, 'y'), { kind: 'attach', spec: p.spec, replaces: TP_ON_POS });
});

test('the position\'s exits are joined only on the same side for the same amount; the same kind or an oco twice is refused', () => {
  const s = fixtureState();
  s.account.algos = [{ ...TP_ON_POS, size: '0.01', amount: '0.01' }];
  press(s, 'tab', 'x', ...'29000', 'enter');
  assert.equal(s.ui.attach!.spec.kind, 'stop', 'another amount: a stop of its own');
  assert.equal(s.ui.attach!.replaces, undefined);
  const twice = fixtureState();
  twice.account.algos = [TP_ON_POS];
  press(twice, 'tab', 't', ...'32000', 'enter');
  assert.match(twice.ui.form!.error!, /^the position already has a take-profit for 0\.01748 \(algo atp1\): cancel it first/);
  const oco = fixtureState();
  oco.account.algos = [{ ...TP_ON_POS, kind: 'oco', exits: [{ name: 'tp', level: '31000', status: 'armed' }, { name: 'stop', level: '29000', status: 'armed' }] }];
  press(oco, 'tab', 'x', ...'28000', 'enter');
  assert.match(oco.ui.form!.error!, /already has an oco for 0\.01748/);
});

test('a short position (buy exits): a take-profit spending size × its trigger joins a stop into an oco whose exits each spend the size at their own trigger', () => {
  const s = fixtureState();
  s.account.pnl.run = { ...s.account.pnl.run, position: '-0.01' };
  // A buy take-profit of 0.01 at 29000 spends 290 USDT.
  s.account.algos = [{ id: 'atp2', kind: 'take-profit', side: 'buy', triggers: ['29000'], amount: '290 (quote)', notional: '290', running: true, exits: [{ name: 'tp', level: '29000', status: 'armed' }] }];
  press(s, 'tab', 'x', ...'31000', 'enter');
  assert.equal(s.ui.attach!.spec.kind, 'oco');
  // Whichever fires buys 0.01 back: the take-profit does not spend the stop's 310 (it would buy 0.0107 at 29000).
  assert.deepEqual(legs(s), [['tp', '29000', 'notional 290'], ['stop', '31000', 'notional 310']]);
  // That oco, armed, is the position's: another exit for the same size is refused.
  const armed = fixtureState();
  armed.account.pnl.run = { ...armed.account.pnl.run, position: '-0.01' };
  armed.account.algos = [{ id: 'aoco2', kind: 'oco', side: 'buy', triggers: ['29000', '31000'], amount: '290 (quote)', notional: '290', running: true, exits: [{ name: 'tp', level: '29000', status: 'armed' }, { name: 'stop', level: '31000', status: 'armed' }] }];
  press(armed, 'tab', 'x', ...'32000', 'enter');
  assert.match(armed.ui.form!.error!, /already has an oco for 290 \(quote\) \(algo aoco2\)/);
});

test('an oco whose typed stop is above the kept take-profit is refused in the form', () => {
  const s = fixtureState();
  s.account.algos = [TP_ON_POS];
  press(s, 'tab', 'x', ...'32000', 'enter');
  assert.equal(s.ui.mode, 'form');
  assert.equal(s.ui.form!.error, 'take-profit trigger: must be above stop trigger for a sell (got 31000 and 32000)');
});

test('a trigger the last price already meets: said in red; y asks again, only ! arms it; n goes back', () => {
  const s = fixtureState();
  // A sell stop at 30500 with the last price at 30000.25: it would fire at the next trade.
  press(s, 'tab', 'x', ...'30500', 'enter');
  const p = s.ui.attach!;
  assert.match(p.met!, /the stop trigger 30500 is already met: it fires at a trade at or below 30500, and the last price is 30000\.25/);
  assert.match(boxText(s), /ALREADY MET: the stop trigger 30500/);
  assert.equal(press(s, 'y'), undefined, 'y alone arms nothing');
  assert.equal(s.ui.attach!.acknowledged, true);
  assert.match(boxText(s), /It fires at the next trade\. ! arms it anyway; n goes back\./);
  assert.equal(press(s, 'y'), undefined, 'nor twice');
  assert.deepEqual(press(s, '!'), { kind: 'attach', spec: p.spec });
  const back = fixtureState();
  press(back, 'tab', 'x', ...'30500', 'enter', 'y', 'n');
  assert.equal(back.ui.mode, 'form');
  assert.equal(press(back, '!'), undefined, '! does nothing outside that confirmation');
});

test('a trigger the market reached after Enter is judged again on y: not armed without `!`', () => {
  const s = fixtureState();
  press(s, 'tab', 'x', ...'29000', 'enter');
  assert.equal(s.ui.attach!.met, undefined);
  s.market.ticker = { ...s.market.ticker!, last: '28990.00' };
  assert.equal(press(s, 'y'), undefined);
  assert.match(s.ui.attach!.met!, /already met/);
  assert.equal(press(s, '!')?.kind, 'attach');
});

test('x on the entry a bracket order placed is refused: cancelling that bracket would cancel the order too', () => {
  const s = fixtureState();
  s.account.algos = [{ ...TP_ON_ORDER, placed: true }];
  press(s, 'x');
  assert.match(joinFor(s, s.ui.form!).blocked!, /^order 183347420821307661 is the entry of bracket abr1, whose exits protect it: cancel that bracket/);
  press(s, ...'30500', 'enter');
  assert.equal(s.ui.mode, 'form');
});
