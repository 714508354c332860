// The bracket order form (B): an entry and its exits typed, its side switched, planned as `bm order bracket`
// plans it (errors named as the form names its fields), confirmed, and handed over to be armed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { handleKey, hintsOf, activeBindings, type Command } from '../../../../src/commands/trade/keys.js';
import { overlayBox } from '../../../../src/commands/trade/overlay.js';
import type { TradeState } from '../../../../src/commands/trade/state.js';
import { fixtureState } from './fixture.js';

const press = (s: TradeState, ...keys: string[]): Command | undefined => {
  let last: Command | undefined;
  for (const k of keys) last = handleKey(s, k);
  return last;
};
const boxText = (s: TradeState) => overlayBox(s, 120, 40, false)!.lines.join(' ').replace(/\s+/g, ' ');

/** The form opened and filled: size, then Tab to the price (kept), stop and take-profit. */
function typed(s: TradeState, size: string, stop: string, tp: string): void {
  press(s, 'B', ...size, 'tab', 'tab', ...stop, 'tab', ...tp);
}

test('B opens a buy at the best bid, size focused; Tab walks size, price, stop, take-profit; s and b switch the side and its price', () => {
  const s = fixtureState();
  press(s, 'B');
  assert.equal(s.ui.mode, 'bracket');
  assert.deepEqual(s.ui.bracket, { side: 'buy', size: '', price: '30000.00', stop: '', takeProfit: '', focus: 'size', error: undefined });
  assert.deepEqual(hintsOf(activeBindings(s)).map(([k]) => k), ['0-9 .', 'Tab', 'b s', 'Enter', 'Esc']);
  press(s, ...'0.01', 'tab');
  assert.equal(s.ui.bracket!.focus, 'price');
  press(s, 'tab', ...'29000', 'tab', ...'31000', 'backspace', '5', 'tab');
  assert.deepEqual(s.ui.bracket, { side: 'buy', size: '0.01', price: '30000.00', stop: '29000', takeProfit: '31005', focus: 'size', error: undefined });
  press(s, 's');
  assert.deepEqual([s.ui.bracket!.side, s.ui.bracket!.price], ['sell', '30000.50'], 'a sell starts at the best ask');
  press(s, 'b');
  assert.deepEqual([s.ui.bracket!.side, s.ui.bracket!.price], ['buy', '30000.00']);
  assert.match(boxText(s), /BRACKET BUY BTC_USDT|entry a limit buy, placed at once/);
  press(s, 'escape');
  assert.deepEqual([s.ui.mode, s.ui.bracket], ['main', undefined]);
});

test('Enter plans the bracket: an entry placed at once, a stop and a take-profit that arm on its fills, one cancelling the other', () => {
  const s = fixtureState();
  typed(s, '0.01', '29000', '31000');
  press(s, 'enter');
  assert.equal(s.ui.mode, 'attach', s.ui.bracket?.error);
  const p = s.ui.attach!;
  assert.equal(p.spec.kind, 'bracket');
  assert.deepEqual(p.spec.legs.map((l) => [l.name, l.side ?? p.spec.side, l.price, l.after, l.group, l.trigger?.level]), [
    ['entry', 'buy', '30000.00', undefined, undefined, undefined],
    ['tp', 'sell', undefined, 'entry', 'exit', '31000'],
    ['stop', 'sell', undefined, 'entry', 'exit', '29000'],
  ]);
  const box = boxText(s);
  assert.match(box, /entry limit BUY 0\.01 BTC on BTC_USDT at 30000\.00 USDT \(notional 300 USDT\): placed at once by the runner/);
  assert.match(box, /tp a trade at or above 31000: market SELL 0\.01 BTC on BTC_USDT at market, for what filled/);
  assert.match(box, /one-cancels-other/);
  assert.match(box, /held by this machine's runner, not the venue/);
  press(s, 'n');
  assert.equal(s.ui.mode, 'bracket', 'n goes back to the bracket form, as typed');
  assert.equal(s.ui.bracket!.stop, '29000');
  const cmd = press(s, 'enter', 'y');
  assert.equal(cmd?.kind, 'attach');
  assert.equal(cmd?.kind === 'attach' && cmd.spec.kind, 'bracket');
  assert.deepEqual([s.ui.mode, s.ui.bracket, s.ui.attach], ['main', undefined, undefined]);
});

test('the form says what is wrong, by its own field names: no exit, an exit on the wrong side, no size, a price through the guard', () => {
  const wrong = (size: string, stop: string, tp: string, price?: string) => {
    const s = fixtureState();
    typed(s, size, stop, tp);
    if (price !== undefined) press(s, 'tab', 'tab', ...Array<string>(8).fill('backspace'), ...price);
    press(s, 'enter');
    assert.equal(s.ui.mode, 'bracket');
    return s.ui.bracket!.error!;
  };
  assert.equal(wrong('0.01', '', ''), 'stop or take-profit is required (the exits that arm on the entry\'s fills)');
  assert.equal(wrong('0.01', '30500', ''), 'stop: a buy entry\'s stop must be below its price 30000.00 (got 30500)');
  assert.equal(wrong('0.01', '', '29000'), 'take-profit: a buy entry\'s take-profit must be above its price 30000.00 (got 29000)');
  assert.match(wrong('', '29000', ''), /^size is required/);
  assert.match(wrong('0.01', '29000', '', '40000'), /^price: 40000 is 33\.3[0-9]*% above the last price 30000\.25; a buy may be at most 10% above it/);
});
