// Key handling of the trading terminal: every mode's table, driven key by key on a fixed state.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { activeBindings, handleKey, hintsOf, KEYS, type Command } from '../../../../src/commands/trade/keys.js';
import { keyName } from '../../../../src/commands/trade/session.js';
import { frame } from '../../../../src/commands/trade/screen.js';
import type { TradeState } from '../../../../src/commands/trade/state.js';
import { fixtureState, NOW } from './fixture.js';

const press = (s: TradeState, ...keys: string[]): Command | undefined => {
  let last: Command | undefined;
  for (const k of keys) last = handleKey(s, k);
  return last;
};
const type = (s: TradeState, text: string) => press(s, ...text);

test('b opens a buy form: size focused and empty, price the best bid; typing, Tab, Backspace, m, Esc', () => {
  const s = fixtureState();
  press(s, 'b');
  assert.equal(s.ui.mode, 'form');
  assert.deepEqual({ side: s.ui.form!.side, size: s.ui.form!.size, price: s.ui.form!.price, focus: s.ui.form!.focus }, { side: 'buy', size: '', price: '30000.00', focus: 'size' });
  type(s, '0.0.12');
  assert.equal(s.ui.form!.size, '0.012', 'a second point is ignored');
  press(s, 'backspace');
  assert.equal(s.ui.form!.size, '0.01');
  press(s, 'tab', 'backspace', 'backspace', '5', '0');
  assert.equal(s.ui.form!.price, '30000.50');
  press(s, 'm');
  assert.deepEqual({ type: s.ui.form!.type, size: s.ui.form!.size, focus: s.ui.form!.focus }, { type: 'market', size: '0.01', focus: 'size' }, 'the size stays in base, as typed');
  press(s, 'escape');
  assert.equal(s.ui.mode, 'main');
  assert.equal(s.ui.form, undefined);
  press(s, 's');
  assert.equal(s.ui.form!.price, '30000.50', 'a sell starts at the best ask');
});

test('Enter checks against the pair rules (error in the form), then confirms; y gives the order to send', () => {
  const s = fixtureState();
  press(s, 'b');
  type(s, '0.000001');
  press(s, 'enter');
  assert.equal(s.ui.mode, 'form');
  assert.equal(s.ui.form!.error, 'size: at least 0.00001 BTC (got 0.000001)');
  press(s, 'backspace', 'backspace', 'backspace', '1');
  press(s, 'enter');
  assert.equal(s.ui.form!.error, 'size x price: at least 5 USDT (got 3)', 'the minimum amount of the pair');
  press(s, 'backspace', '2');
  press(s, 'enter');
  assert.equal(s.ui.mode, 'confirm');
  const screen = frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n');
  assert.match(screen, /limit buy 0\.0002 BTC_USDT @ 30000\.00/);
  assert.match(screen, /crosses +no: rests in the book \(maker\)/);
  press(s, 'n');
  assert.equal(s.ui.mode, 'form', 'n backs out to the form, entries kept');
  assert.equal(s.ui.form!.size, '0.0002');
  const cmd = press(s, 'enter', 'y');
  assert.equal(cmd?.kind, 'place');
  const order = (cmd as Extract<Command, { kind: 'place' }>).order;
  assert.deepEqual(order.params.filter(([k]) => k !== 'client_order_id'), [['symbol', 'BTC_USDT'], ['side', 'buy'], ['type', 'limit'], ['size', '0.0002'], ['price', '30000.00']]);
  assert.match(order.clientOrderId, /^bm[a-z0-9]+$/);
  assert.equal(s.ui.mode, 'main');
});

test('the deviation guard refuses a price more than --max-deviation through the last price, in the form', () => {
  const s = fixtureState();
  press(s, 'b');
  type(s, '0.001');
  press(s, 'tab', ...Array(8).fill('backspace'));
  type(s, '33500');
  press(s, 'enter');
  assert.equal(s.ui.mode, 'form');
  assert.equal(s.ui.form!.error, 'price: 33500 is 11.66% above the last price 30000.25; a buy may be at most 10% above it (up to 33000.275); nothing was sent');
  // A sell far below the last price is refused too; a buy far below is not "through" it.
  const t = fixtureState();
  press(t, 'b', '0', '.', '0', '0', '1', 'tab', ...Array(8).fill('backspace'), '2', '0', '0', '0', '0', 'enter');
  assert.equal(t.ui.mode, 'confirm');
});

test('presets size a share of the available balance, rounded down to the pair increments; nudges and best prices', () => {
  const s = fixtureState();
  press(s, 'b', 'p');
  assert.deepEqual([s.ui.form!.size, s.ui.form!.preset], ['0.08083', 25], '25% of 9700 USDT at 30000.00, down to 0.00001');
  press(s, 'p', 'p', 'p');
  assert.deepEqual([s.ui.form!.size, s.ui.form!.preset], ['0.32333', 100]);
  press(s, 'escape', 's', 'p', 'p');
  assert.equal(s.ui.form!.size, '0.495', '50% of 0.99 BTC');
  press(s, 'tab', 'up', 'up');
  assert.equal(s.ui.form!.price, '30000.52', 'two ticks up');
  press(s, '-');
  assert.equal(s.ui.form!.price, '30000.51');
  press(s, '[');
  assert.equal(s.ui.form!.price, '30000.00');
  press(s, ']');
  assert.equal(s.ui.form!.price, '30000.50');
  press(s, 'tab', 'down');
  assert.equal(s.ui.form!.size, '0.49499', 'the size moves by the pair increment');
});

test('a market buy spends quote only after $ (the field says so); its confirmation estimates the fill from the book', () => {
  const s = fixtureState();
  press(s, 'b', 'm', '$');
  assert.match(frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n'), /▸ spend +█ USDT/);
  type(s, '100');
  press(s, 'enter');
  assert.equal(s.ui.mode, 'confirm');
  const screen = frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n');
  assert.match(screen, /market buy 100 \(quote\) BTC_USDT @ market/);
  assert.match(screen, /est\. fill +0\.0033\d+ BTC at about 30000\.5\d* \(100 USDT\)/);
  assert.match(screen, /crosses +YES: trades at once/);
});

test('open orders: the newest selected by default, j/k move, c and C ask before cancelling', () => {
  const s = fixtureState();
  const newest = '183347420821307661';
  assert.equal(press(s, 'c'), undefined);
  assert.equal(s.ui.mode, 'cancel');
  assert.equal(s.ui.cancel?.all === false && 'order' in s.ui.cancel && s.ui.cancel.order.id, newest);
  press(s, 'n');
  assert.equal(s.ui.mode, 'main');
  press(s, 'j', 'c');
  const cmd = press(s, 'y');
  assert.equal(cmd?.kind, 'cancel');
  assert.equal((cmd as Extract<Command, { kind: 'cancel' }>).order.id, '183347420821307660');
  press(s, 'k', 'k');
  assert.equal(s.ui.selected, newest, 'the selection stops at the top');
  assert.deepEqual(press(s, 'C'), undefined);
  assert.deepEqual(s.ui.cancel, { all: true, count: 2 });
  assert.match(frame(s, { columns: 100, rows: 30 }, NOW, false).join('\n'), /Cancel all 2 open orders on BTC_USDT\?/);
  assert.deepEqual(press(s, 'y'), { kind: 'cancelAll' });
});

test('a amends the selected order: its side, price and size in the form, the type kept; y gives the amend to send', () => {
  const s = fixtureState();
  const newest = s.account.orders.get('183347420821307661')!;
  assert.equal(press(s, 'a'), undefined);
  assert.equal(s.ui.mode, 'form');
  assert.deepEqual([s.ui.form?.side, s.ui.form?.price, s.ui.form?.size, s.ui.form?.focus, s.ui.form?.amends], ['sell', '30001.24', '0.01000', 'price', newest]);
  press(s, 'm');
  assert.equal(s.ui.form?.type, 'limit', 'an amend keeps the type');
  const box = frame(s, { columns: 100, rows: 30 }, NOW, false).join('\n');
  assert.match(box, /AMEND 183347420821307661: SELL BTC_USDT/);
  assert.match(box, /amends +sell 0\.01000 @ 30001\.24, 0\.00250 filled/);
  assert.match(box, /cancelled first; size is the new total, less what filled/);
  press(s, 'backspace', 'backspace');
  type(s, '50');
  press(s, 'enter');
  assert.equal(s.ui.mode, 'confirm');
  assert.match(frame(s, { columns: 100, rows: 30 }, NOW, false).join('\n'), /then limit sell 0\.01000 BTC_USDT @ 30001\.50/);
  assert.deepEqual(press(s, 'y'), { kind: 'amend', order: newest, price: '30001.50', size: '0.01000' });
  assert.equal(s.ui.mode, 'main');
  // A new order's form is not an amend.
  press(s, 'b');
  assert.equal(s.ui.form?.amends, undefined);
});

test('the book: Tab focuses it, j/k walk the levels across the spread, Enter orders at a level (opposite side)', () => {
  const s = fixtureState();
  press(s, 'tab');
  assert.equal(s.ui.focus, 'book');
  assert.deepEqual(s.ui.level, { book: 'ask', index: 0 });
  press(s, 'k', 'k');
  assert.deepEqual(s.ui.level, { book: 'ask', index: 2 });
  press(s, 'enter');
  assert.deepEqual([s.ui.form!.side, s.ui.form!.price], ['buy', '30001.24'], 'an ask level: buy at its price');
  press(s, 'escape', 'j', 'j', 'j', 'j');
  assert.deepEqual(s.ui.level, { book: 'bid', index: 1 });
  press(s, 'enter');
  assert.deepEqual([s.ui.form!.side, s.ui.form!.price], ['sell', '29999.59']);
  press(s, 'escape', 'b');
  assert.equal(s.ui.form!.price, '29999.59', 'b with the book focused takes the selected level too');
  for (let i = 0; i < 50; i++) press(s, 'escape', 'j');
  assert.deepEqual(s.ui.level, { book: 'bid', index: 19 }, 'the walk stops at the last level');
});

test('g groups the book by 1, 10, 100, 1000 ticks and back', () => {
  const s = fixtureState();
  const groups = [s.ui.group];
  for (let i = 0; i < 4; i++) groups.push((press(s, 'g'), s.ui.group));
  assert.deepEqual(groups, [1, 10, 100, 1000, 1]);
  press(s, 'g');
  const screen = frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n');
  assert.match(screen, /group 0\.1\b/);
  assert.match(screen, /^ {2}30000\.5 /m, 'asks round up to the group');
  assert.match(screen, /^ ◆29999\.1 /m, 'your buy is marked in its group');
});

test('/ switches pair with completion: typing filters, Tab completes, arrows choose, Enter switches', () => {
  const s = fixtureState();
  press(s, '/');
  type(s, 'eth');
  assert.match(frame(s, { columns: 100, rows: 30 }, NOW, false).join('\n'), /› ETH_BTC[\s\S]*ETH_USDT/);
  press(s, 'down', 'tab');
  assert.equal(s.ui.pair!.text, 'ETH_USDT');
  assert.deepEqual(press(s, 'enter'), { kind: 'switch', symbol: 'ETH_USDT' });
  assert.equal(s.ui.mode, 'main');
  press(s, '/');
  type(s, 'xyz');
  assert.equal(press(s, 'enter'), undefined, 'nothing matches: nothing happens');
  press(s, 'escape');
  assert.equal(s.ui.mode, 'main');
});

test('? shows the help from the key tables, l the log; q quits 0, Ctrl-C quits 130 from anywhere', () => {
  const s = fixtureState();
  press(s, '?');
  const help = frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n');
  for (const b of KEYS.main) assert.ok(help.includes(b.does), `the help lists: ${b.does}`);
  press(s, 'escape', 'l');
  assert.equal(s.ui.mode, 'log');
  press(s, 'escape');
  assert.deepEqual(press(s, 'q'), { kind: 'quit', code: 0 });
  press(s, 'b');
  assert.deepEqual(press(s, 'ctrl-c'), { kind: 'quit', code: 130 });
  assert.equal(press(s, 'q'), undefined, 'q types nothing and does not quit from the form');
});

test('read-only: no order keys (not in the hints, not acting); market keys still work', () => {
  const s = fixtureState({ readOnly: true });
  press(s, 'b', 's', 'c', 'C');
  assert.equal(s.ui.mode, 'main');
  const keys = hintsOf(activeBindings(s)).map(([k]) => k);
  assert.deepEqual(keys, ['↑↓', '/', 'l', '?', 'w', 'd', 'g', 'q']);
  press(s, 'k');
  assert.deepEqual(s.ui.level, { book: 'ask', index: 1 }, 'the book has the focus');
  press(s, 'g');
  assert.equal(s.ui.group, 10);
});

test('keys from readline: Esc alone (sent as meta), Enter, arrows, Ctrl-C, characters', () => {
  assert.equal(keyName(undefined, { name: 'escape', meta: true, sequence: '\x1b' }), 'escape');
  assert.equal(keyName('\r', { name: 'return' }), 'enter');
  assert.equal(keyName(undefined, { name: 'up' }), 'up');
  assert.equal(keyName('\x03', { name: 'c', ctrl: true }), 'ctrl-c');
  assert.equal(keyName('C', { name: 'c', shift: true } as never), 'C');
  assert.equal(keyName('/', undefined), '/');
  assert.equal(keyName('\x1bq', { name: 'q', meta: true }), undefined, 'Alt chords are not keys of the terminal');
});

test('a market buy sized in base goes as what walking the asks for that size costs; the confirmation says both', () => {
  const s = fixtureState();
  press(s, 'b', 'm');
  assert.match(frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n'), /▸ size +█ BTC +\(\$: spend USDT\)/, 'the label names the unit, and the key that changes it');
  type(s, '0.02');
  press(s, 'enter');
  assert.equal(s.ui.mode, 'confirm');
  // 0.012 at 30000.50, then 0.008 of the 0.09119 at 30000.87: 360.006 + 240.00696 = 600.01296, down to the tick.
  assert.equal(s.ui.confirm!.order.notional, '600.01');
  assert.equal(s.ui.confirm!.asked, '0.02');
  const screen = frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n');
  assert.match(screen, /market buy 600\.01 \(quote\) BTC_USDT @ market/);
  assert.match(screen, /asked +0\.02 BTC: sent as what it costs on the asks/);
  press(s, 'n');
  press(s, 'backspace', 'backspace', 'backspace', 'backspace', '9');
  press(s, 'enter');
  assert.match(s.ui.form!.error ?? '', /^the visible asks hold 1\.1181 BTC, less than 9: buy less, or press \$ to give the amount to spend$/);
  assert.equal(s.ui.mode, 'form');
});

test('m keeps the size and its unit; $ (a market buy only) switches it to an amount to spend and back, emptied', () => {
  const s = fixtureState();
  press(s, 's', 'm');
  type(s, '0.5');
  assert.deepEqual(activeBindings(s).some((b) => b.keys.includes('$')), false, 'no $ for a sell: it is sized in base');
  press(s, 'escape', 'b');
  type(s, '0.5');
  press(s, 'm', '$');
  assert.deepEqual([s.ui.form!.spend, s.ui.form!.size], [true, '']);
  type(s, '100');
  press(s, 'm');
  assert.deepEqual([s.ui.form!.type, s.ui.form!.spend, s.ui.form!.size], ['limit', false, ''], 'back to limit: base again, the quote amount not read as base');
  type(s, '0.1');
  press(s, 'm');
  assert.deepEqual([s.ui.form!.type, s.ui.form!.size], ['market', '0.1']);
});
