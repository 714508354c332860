import assert from 'node:assert/strict';
import { test } from 'node:test';
import { initial, settle, step, trailTrigger, type AlgoEvent, type AlgoState } from '../../../../src/core/algo/machine.js';
import { planAlgo, type AlgoInput } from '../../../../src/core/algo/plan.js';
import type { AlgoSpec } from '../../../../src/core/algo/model/spec.js';
import type { PairRules } from '../../../../src/core/order/pairs.js';

const RULES: PairRules = {
  symbol: 'BTC_USDT', base_currency: 'BTC', quote_currency: 'USDT', quote_increment: '0.0001', base_min_size: '0.0001', base_max_size: '100',
  price_max_precision: '2', min_buy_amount: '5', min_sell_amount: '5', trade_status: 'trading',
};

const T0 = Date.UTC(2026, 10, 25, 12);
const plan = (input: { readonly kind: string; readonly [key: string]: string | undefined }): AlgoSpec => planAlgo({ symbol: 'BTC_USDT', ...input }, RULES, T0, undefined, 'atest');
const trade = (price: string, s = 0): AlgoEvent => ({ kind: 'trade', price, time: T0 + s * 1000 });

/** Feeds events in order; returns the legs fired by each and the last state. */
function run(spec: AlgoSpec, events: readonly AlgoEvent[], st: AlgoState = initial(spec)): { fired: string[][]; st: AlgoState; notes: string[] } {
  const fired: string[][] = [];
  const notes: string[] = [];
  for (const ev of events) {
    const s = step(spec, st, ev);
    st = s.state;
    fired.push([...s.fire]);
    notes.push(...s.notes);
  }
  return { fired, st, notes };
}

test('a sell stop fires once, at the first trade at or below its trigger', () => {
  const spec = plan({ kind: 'stop', side: 'sell', trigger: '60000', size: '0.01' });
  const r = run(spec, [trade('60500'), trade('60000.01'), trade('60000'), trade('59000')]);
  assert.deepEqual(r.fired, [[], [], ['stop'], []]);
  assert.equal(r.st.legs.stop!.status, 'sending');
  assert.match(r.notes[0]!, /trigger 60000 met by a trade at 60000/);
  const done = settle(spec, r.st, 'stop', { status: 'placed', orderId: '7' });
  assert.equal(done.end, 'done');
  assert.deepEqual(step(spec, done, trade('1')).fire, [], 'an ended algo fires nothing more');
});

test('a buy stop (stop-entry) fires on the way up; a sell take-profit on the way up; a buy take-profit on the way down', () => {
  assert.deepEqual(run(plan({ kind: 'stop', side: 'buy', trigger: '61000', notional: '100' }), [trade('60900'), trade('61000')]).fired, [[], ['stop']]);
  assert.deepEqual(run(plan({ kind: 'take-profit', side: 'sell', trigger: '65000', size: '0.01' }), [trade('59000'), trade('65001')]).fired, [[], ['tp']]);
  assert.deepEqual(run(plan({ kind: 'take-profit', side: 'buy', trigger: '55000', notional: '100' }), [trade('59000'), trade('54999')]).fired, [[], ['tp']]);
});

test('an OCO fires the leg met first and cancels the other, unsent', () => {
  const spec = plan({ kind: 'oco', side: 'sell', size: '0.01', tpTrigger: '65000', stopTrigger: '58000' });
  const r = run(spec, [trade('60000'), trade('57999'), trade('66000')]);
  assert.deepEqual(r.fired, [[], ['stop'], []]);
  assert.equal(r.st.legs.tp!.status, 'cancelled');
  const st = settle(spec, r.st, 'stop', { status: 'placed', orderId: '9' });
  assert.equal(st.end, 'done');
  assert.throws(() => plan({ kind: 'oco', side: 'sell', size: '0.01', tpTrigger: '58000', stopTrigger: '65000' }), /must be above/);
});

test('an OCO of a buy given a size buys that size back whichever fires: each market leg spends it at its own trigger', () => {
  const params = (spec: AlgoSpec) => spec.legs.map((l) => [l.name, Object.fromEntries(l.params.filter(([k]) => k === 'size' || k === 'notional' || k === 'price'))]);
  assert.deepEqual(params(plan({ kind: 'oco', side: 'buy', size: '0.01', tpTrigger: '58000', stopTrigger: '65123.45' })), [['tp', { notional: '580' }], ['stop', { notional: '651.23' }]], 'cut to the price places: 651.2345 spends 651.23');
  // A limit leg buys the size itself at its price; a sell sells the size; a quote amount given is spent by both legs.
  assert.deepEqual(params(plan({ kind: 'oco', side: 'buy', size: '0.01', tpTrigger: '58000', tpPrice: '58010', stopTrigger: '65000' })), [['tp', { size: '0.01', price: '58010' }], ['stop', { notional: '650' }]]);
  assert.deepEqual(params(plan({ kind: 'oco', side: 'sell', size: '0.01', tpTrigger: '65000', stopTrigger: '58000' })), [['tp', { size: '0.01' }], ['stop', { size: '0.01' }]]);
  assert.deepEqual(params(plan({ kind: 'oco', side: 'buy', notional: '600', tpTrigger: '58000', stopTrigger: '65000' })), [['tp', { notional: '600' }], ['stop', { notional: '600' }]]);
});

test('a trailing stop follows the high and fires on the retrace, by percent or by amount', () => {
  const pct = plan({ kind: 'trail', side: 'sell', size: '0.01', distance: '1.5%' });
  const r = run(pct, [trade('60000'), trade('61000'), trade('60100'), trade('62000'), trade('61070'), trade('61069.99')]);
  assert.equal(trailTrigger(pct, '62000').level, '61070');
  assert.deepEqual(r.fired, [[], [], [], [], ['trail'], []]);
  assert.equal(r.st.best, '62000');
  const abs = plan({ kind: 'trail', side: 'buy', notional: '100', distance: '500' });
  assert.deepEqual(run(abs, [trade('60000'), trade('59000'), trade('59499'), trade('59500')]).fired, [[], [], [], ['trail']]);
});

test('a TWAP fires one slice per tick once due, sizes summing to the whole; a failed slice stops the rest', () => {
  const spec = plan({ kind: 'twap', side: 'sell', size: '1', over: '1h', slices: '12' });
  assert.equal(spec.legs.length, 12);
  assert.deepEqual(spec.legs.map((l) => l.params.find(([k]) => k === 'size')![1]), [...Array(11).fill('0.0833'), '0.0837']);
  const r = run(spec, [{ kind: 'tick', now: T0 }, { kind: 'tick', now: T0 + 1000 }, { kind: 'tick', now: T0 + 300_000 }]);
  assert.deepEqual(r.fired, [['s1'], [], ['s2']]);
  const st = settle(spec, settle(spec, r.st, 's1', { status: 'placed', orderId: '1' }), 's2', { status: 'failed', why: 'balance' });
  assert.equal(st.end, 'failed');
  assert.equal(st.legs.s12!.status, 'cancelled');
  assert.throws(() => plan({ kind: 'twap', side: 'sell', size: '1', over: '1s', slices: '1000' }), /rate limit/);
  assert.throws(() => plan({ kind: 'twap', side: 'sell', size: '0.0005', over: '1h', slices: '12' }), /nothing in a slice/);
});

test('a gap across the trigger fires on reconnect; a gap whose candles are unknown says why and stays armed', () => {
  const spec = plan({ kind: 'stop', side: 'sell', trigger: '60000', size: '0.01' });
  const crossedGap = run(spec, [trade('61000'), { kind: 'gap', from: T0, to: T0 + 60_000, high: '61200', low: '59800', close: '60400' }]);
  assert.deepEqual(crossedGap.fired, [[], ['stop']]);
  assert.match(crossedGap.notes[0]!, /met while the data was down .*reach 59800/);
  const clear = run(spec, [{ kind: 'gap', from: T0, to: T0 + 60_000, high: '61200', low: '60001' }]);
  assert.deepEqual(clear.fired, [[]]);
  assert.match(clear.notes[0]!, /no trigger met/);
  const blind = run(spec, [{ kind: 'gap', from: T0, to: T0 + 60_000, why: 'the candles could not be read (timeout)' }]);
  assert.deepEqual(blind.fired, [[]]);
  assert.match(blind.notes[0]!, /not known whether .*timeout.*still armed/);
  assert.equal(blind.st.legs.stop!.status, 'armed');
});

test('gaps of an OCO and a trailing stop: an order the candles do not tell is said, not guessed', () => {
  const oco = plan({ kind: 'oco', side: 'sell', size: '0.01', tpTrigger: '65000', stopTrigger: '58000' });
  const both = { kind: 'gap', from: T0, to: T0 + 60_000, high: '66000', low: '57000' } as const;
  assert.deepEqual(run(oco, [{ ...both, close: '61000' }]).fired, [[]]);
  assert.deepEqual(run(oco, [{ ...both, close: '57500' }]).fired, [['stop']]);
  const trail = plan({ kind: 'trail', side: 'sell', size: '0.01', distance: '1000' });
  assert.deepEqual(run(trail, [trade('60000'), { kind: 'gap', from: T0, to: T0 + 60_000, high: '60500', low: '58900' }]).fired, [[], ['trail']], 'below the level before the gap: met for sure');
  const unsure = run(trail, [trade('60000'), { kind: 'gap', from: T0, to: T0 + 60_000, high: '62000', low: '60500' }]);
  assert.deepEqual(unsure.fired, [[], []]);
  assert.equal(unsure.st.best, '62000');
  assert.match(unsure.notes[0]!, /order they do not tell: not fired; still armed at 61000/);
});

test('a cancel leaves the armed legs unsent and ends the algo', () => {
  const spec = plan({ kind: 'oco', side: 'sell', size: '0.01', tpTrigger: '65000', stopTrigger: '58000' });
  const r = run(spec, [{ kind: 'cancel', why: 'asked' }]);
  assert.equal(r.st.end, 'cancelled');
  assert.deepEqual(Object.values(r.st.legs).map((l) => l.status), ['cancelled', 'cancelled']);
});

test('client order ids come from the algo id and the leg, nothing random', () => {
  const a = plan({ kind: 'oco', side: 'sell', size: '0.01', tpTrigger: '65000', stopTrigger: '58000' });
  assert.deepEqual(a.legs.map((l) => l.clientOrderId), ['atesttp', 'ateststop']);
  assert.deepEqual(a.legs[1]!.params.find(([k]) => k === 'client_order_id'), ['client_order_id', 'ateststop']);
});
