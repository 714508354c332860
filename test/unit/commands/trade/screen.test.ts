// The trading terminal's screen is a function of its state and size: golden files at 60, 80, 120 and
// 200 columns, with the order form, the confirmation, the help, read-only mode and a too-small terminal.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellsOf } from '../../../../src/render/splice.js';
import { handleKey } from '../../../../src/commands/trade/keys.js';
import { applyKline } from '../../../../src/commands/trade/apply.js';
import { frame } from '../../../../src/commands/trade/screen.js';
import { matchGolden } from '../../../helpers/golden.js';
import { fixtureState, NOW } from './fixture.js';

const SIZES = [[60, 24], [80, 24], [120, 40], [200, 50]] as const;

function check(name: string, lines: readonly string[], columns: number, rows: number): void {
  assert.equal(lines.length, rows, `${name}: one line per row`);
  for (const l of lines) assert.ok(cellsOf(l).chars.length <= columns, `${name}: a line wider than ${columns}: ${l}`);
  matchGolden(`trade/${name}.txt`, `${lines.join('\n')}\n`);
}

for (const [columns, rows] of SIZES) {
  test(`the screen at ${columns}x${rows}: panes by width, within the width, as the golden file`, () => {
    const s = fixtureState();
    check(`main-${columns}x${rows}`, frame(s, { columns, rows }, NOW, false), columns, rows);
    // Colour changes styles only (and the banner's PAPER tag): the same characters in the same cells.
    const colored = frame(s, { columns, rows }, NOW, true);
    assert.deepEqual(colored.slice(1).map((l) => cellsOf(l).chars.join('').trimEnd()), frame(s, { columns, rows }, NOW, false).slice(1));
    assert.match(colored[0]!, /^\x1b\[30;43m PAPER \x1b\[39;49m/);
  });
}

test('panes leave by width: no chart below 100 columns, no trades below 80', () => {
  const s = fixtureState();
  const at = (columns: number) => frame(s, { columns, rows: 30 }, NOW, false).join('\n');
  assert.match(at(120), /CANDLES 1m/);
  assert.match(at(120), /TRADES/);
  assert.doesNotMatch(at(99), /CANDLES/);
  assert.match(at(99), /TRADES/);
  assert.doesNotMatch(at(79), /TRADES/);
  for (const c of [120, 99, 79, 50]) assert.match(at(c), /OPEN ORDERS \(2\)/);
});

test('the form, the confirmation with market context, and the help, as golden files', () => {
  const s = fixtureState();
  handleKey(s, 'b');
  for (const k of '0.002') handleKey(s, k);
  check('form-80x24', frame(s, { columns: 80, rows: 24 }, NOW, false), 80, 24);
  handleKey(s, 'enter');
  assert.equal(s.ui.mode, 'confirm');
  const confirm = frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n').replace(/bm[a-z0-9]{20,}/, (id) => 'X'.repeat(id.length));
  check('confirm-120x40', confirm.split('\n'), 120, 40);
  const h = fixtureState();
  handleKey(h, '?');
  check('help-120x40', frame(h, { columns: 120, rows: 40 }, NOW, false), 120, 40);
  check('help-60x24', frame(h, { columns: 60, rows: 24 }, NOW, false), 60, 24);
});

test('read-only: market panes only, said in the banner and the status line; LIVE is unmistakable', () => {
  const s = fixtureState({ readOnly: true, paper: false });
  const lines = frame(s, { columns: 120, rows: 40 }, NOW, false);
  check('readonly-live-120x40', lines, 120, 40);
  assert.match(lines[0]!, /^\[LIVE: REAL MONEY\] \[READ-ONLY\] BTC_USDT/);
  assert.match(lines.at(-1)!, /read-only: no credentials/);
  assert.doesNotMatch(lines.join('\n'), /OPEN ORDERS|BALANCE|b buy|s sell/);
});

test('a terminal below 50x15 gets a "too small" screen, never a garbled one', () => {
  const lines = frame(fixtureState(), { columns: 40, rows: 12 }, NOW, false);
  check('too-small-40x12', lines, 40, 12);
  assert.ok(lines.some((l) => /terminal too small: 40x12/.test(l)));
});

test('the status line: venue, profile, connection, message age, STALE after 5 s, reconnects, last action', () => {
  const s = fixtureState();
  s.feed.reconnects = 2;
  s.ui.log.push({ at: NOW, kind: 'error', text: 'place buy 0.01 BTC_USDT @ 1: rejected: code 50008' });
  const fresh = frame(s, { columns: 200, rows: 30 }, NOW, false).at(-1)!;
  assert.equal(fresh, 'sandbox 127.0.0.1:7700 │ profile paper account │ ws ready │ 0.3s ago │ reconnects 2 │ place buy 0.01 BTC_USDT @ 1: rejected: code 50008');
  assert.match(frame(s, { columns: 200, rows: 30 }, NOW + 6000, false).at(-1)!, /│ STALE 6\.3s ago │/);
  s.feed.privateState = 'waiting';
  assert.match(frame(s, { columns: 200, rows: 30 }, NOW, false).at(-1)!, /ws market ready, orders reconnecting/);
});

test('a kline push redraws the chart as a fresh screen would (kept rows of older candles included)', () => {
  const s = fixtureState();
  const size = { columns: 160, rows: 50 };
  frame(s, size, NOW, true);
  const newest = [...s.market.candles.values()].sort((a, b) => a[0] - b[0]).at(-1)!;
  // The newest candle moves inside the range, then past its top (every column is scaled again).
  for (const close of ['30000.00', '31500.00']) {
    const push = { symbol: 'BTC_USDT', candle: [newest[0], newest[1], close > newest[2] ? close : newest[2], newest[3], close, '2'] };
    applyKline(s, push);
    const fresh = fixtureState();
    applyKline(fresh, push);
    assert.deepEqual(frame(s, size, NOW, true), frame(fresh, size, NOW, true), `close ${close}`);
  }
});

test('the confirmations of conditional orders, as golden files: a bracket joined on an order, a stop already met (after y)', () => {
  const shot = (s: ReturnType<typeof fixtureState>, name: string) => {
    const id = s.ui.attach!.spec.id;
    const lines = frame(s, { columns: 120, rows: 40 }, NOW, false).map((l) => l.replaceAll(id, `a${'X'.repeat(id.length - 1)}`));
    check(name, lines, 120, 40);
  };
  const join = fixtureState();
  join.account.algos = [{ id: 'abr1', kind: 'bracket', side: 'sell', triggers: [], amount: '0.01000', size: '0.01000', running: true, order: '183347420821307661', exits: [{ name: 'tp', level: '29500', status: 'waiting' }] }];
  for (const k of ['x', ...'30500', 'enter']) handleKey(join, k);
  shot(join, 'attach-join-120x40');
  const met = fixtureState();
  for (const k of ['tab', 'x', ...'30500', 'enter', 'y']) handleKey(met, k);
  shot(met, 'attach-met-120x40');
});
