// Stops and take-profits in the trading terminal: the attach form and its plan, the pair's conditional
// orders read from their journals, listed in the orders pane, marked on the book and the chart, cancelled.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readAttached, runningPerPair } from '../../../../src/commands/trade/algo-read.js';
import { triggerRows } from '../../../../src/commands/trade/attach.js';
import { chartMarks } from '../../../../src/commands/trade/attach-view.js';
import { BookPane, bookView } from '../../../../src/commands/trade/book.js';
import { CandlePane } from '../../../../src/commands/trade/candles.js';
import { handleKey, type Command } from '../../../../src/commands/trade/keys.js';
import { overlayBox } from '../../../../src/commands/trade/overlay.js';
import { ordersPane } from '../../../../src/commands/trade/panes.js';
import { frame, TradeScreen } from '../../../../src/commands/trade/screen.js';
import type { AttachedAlgo, TradeState } from '../../../../src/commands/trade/state.js';
import { AlgoJournal, algoJournalPath } from '../../../../src/core/algo/journal.js';
import type { AlgoSpec } from '../../../../src/core/algo/model/spec.js';
import { planAlgo } from '../../../../src/core/algo/plan.js';
import { fixtureState, NOW, RULES } from './fixture.js';

const press = (s: TradeState, ...keys: string[]): Command | undefined => {
  let last: Command | undefined;
  for (const k of keys) last = handleKey(s, k);
  return last;
};

/** The open box's text, its lines joined and blanks collapsed (wrapping aside). */
const boxText = (s: TradeState) => overlayBox(s, 120, 40, false)!.lines.join(' ').replace(/\s+/g, ' ');

const STOP: AttachedAlgo = { id: 'astop1', kind: 'stop', side: 'sell', triggers: ['29998.00'], amount: '0.01', size: '0.01', running: true, exits: [{ name: 'stop', level: '29998.00', status: 'armed' }] };
const TP: AttachedAlgo = { id: 'atp1', kind: 'take-profit', side: 'sell', triggers: ['30002.00'], amount: '0.01', size: '0.01', running: false, exits: [{ name: 'tp', level: '30002.00', status: 'armed' }] };

test('x on the selected order attaches a bracket to it: the opposite side, its size, the trigger typed; armed only on its fills', () => {
  const s = fixtureState();
  // The newest order is selected: a sell of 0.01000, so its stop buys back when the price rises.
  assert.equal(press(s, 'x'), undefined);
  assert.equal(s.ui.mode, 'form');
  const f = s.ui.form!;
  assert.deepEqual({ side: f.side, size: f.size, price: f.price, focus: f.focus, of: f.attach?.of, order: f.attach?.order?.id }, { side: 'buy', size: '0.01000', price: '', focus: 'price', of: 'order 183347420821307661', order: '183347420821307661' });
  press(s, 'm', 'tab');
  assert.deepEqual({ type: s.ui.form!.type, focus: s.ui.form!.focus }, { type: 'limit', focus: 'price' }, 'an exit fires a market order, sized by what fills: m and Tab change nothing');
  assert.match(frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n'), /arms +once it fills, for what fills: nothing before/);
  press(s, 'enter');
  assert.equal(s.ui.mode, 'form', 'no trigger: not planned');
  assert.match(s.ui.form!.error!, /trigger/);
  press(s, ...'29000', 'enter');
  assert.equal(s.ui.form!.error, 'trigger: a sell entry\'s stop must be above its price 30001.24 (got 29000)', 'judged against the order\'s price');
  press(s, ...Array<string>(5).fill('backspace'), ...'30500', 'enter');
  assert.equal(s.ui.mode, 'attach');
  const p = s.ui.attach!;
  assert.equal(p.spec.kind, 'bracket');
  assert.equal(p.spec.side, 'sell', 'the bracket\'s entry is the order');
  assert.deepEqual(p.spec.legs.map((l) => [l.name, l.existing, l.after, l.side, l.trigger?.level]), [['entry', '183347420821307661', undefined, undefined, undefined], ['stop', undefined, 'entry', 'buy', '30500']]);
  assert.equal(p.met, undefined, 'an exit that waits for fills is not judged against the market');
  assert.match(frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n'), /CONFIRM BRACKET/);
  const box = boxText(s);
  assert.match(box, /protects order 183347420821307661 \(sell 0\.01000 @ 30001\.24\) once it fills, for what fills/);
  assert.doesNotMatch(box, /protects order [0-9]+ *$|protects order [0-9]+ stop/, 'never as if it protected the order now');
  assert.match(box, /stop a trade at or above 30500: market BUY 305 USDT of BTC on BTC_USDT at market, for what filled/);
  assert.match(box, /held by this machine's runner, not the venue/);
  assert.deepEqual(press(s, 'y'), { kind: 'attach', spec: p.spec });
  assert.equal(s.ui.mode, 'main');
  assert.equal(s.ui.attach, undefined);
});

test('t with the book focused: a take-profit of the whole position; n goes back to the form', () => {
  const s = fixtureState();
  press(s, 'tab', 't');
  const f = s.ui.form!;
  assert.deepEqual({ side: f.side, size: f.size, of: f.attach?.of, order: f.attach?.order }, { side: 'sell', size: '0.01748', of: 'position 0.01748 BTC', order: undefined });
  press(s, ...'31000', 'enter');
  const spec = s.ui.attach!.spec;
  assert.equal(spec.kind, 'take-profit');
  assert.deepEqual(spec.legs[0]!.trigger, { dir: 'up', level: '31000' }, 'a sell take-profit fires on the way up');
  assert.ok(spec.legs[0]!.params.some(([k, v]) => k === 'size' && v === '0.01748'));
  assert.match(frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n'), /CONFIRM TAKE-PROFIT[\s\S]*protects +position 0\.01748 BTC/);
  press(s, 'n');
  assert.equal(s.ui.mode, 'form');
  assert.equal(s.ui.attach, undefined);
});

test('a position off the size step (fees taken in the base currency) is protected rounded down to the step', () => {
  const s = fixtureState();
  s.account.pnl.run = { ...s.account.pnl.run, position: '0.0009992' };
  press(s, 'tab', 'x');
  assert.equal(s.ui.form!.size, '0.00099');
});

test('nothing to protect: no order selected and no position, x says so and opens nothing', () => {
  const s = fixtureState();
  s.account.orders.clear();
  s.account.pnl.run = { ...s.account.pnl.run, position: '0' };
  press(s, 'x');
  assert.equal(s.ui.mode, 'main');
  assert.match(s.ui.log.at(-1)!.text, /select an open order, or hold a position/);
});

test('a position whose fills are still being read is not protected yet: its size would be wrong', () => {
  const s = fixtureState();
  s.account.pnl.status = 'reading';
  press(s, 'tab', 't');
  assert.equal(s.ui.mode, 'main');
  s.account.pnl.status = 'ready';
  press(s, 't');
  assert.equal(s.ui.mode, 'form');
});

test('the orders pane lists the conditional orders; the selection walks into them and c cancels the selected one', () => {
  const s = fixtureState();
  s.account.algos = [STOP, TP];
  const pane = ordersPane(s, 70, 14, false).join('\n');
  assert.match(pane, /CONDITIONAL \(2\)\s*│?\s*held by this machine's runner, not the venue/);
  assert.match(pane, /stop sell 0\.01 @ 29998\.00 running astop1/);
  assert.match(pane, /tp sell 0\.01 @ 30002\.00 STOPPED atp1/);
  assert.match(pane, /atp1\s*│?\s*no runner, nothing watches it: bm algo resume --all/, 'an algo no runner holds says how to resume it');
  press(s, 'j', 'j');
  assert.match(ordersPane(s, 70, 14, false).join('\n'), /› stop sell/);
  press(s, 'c');
  assert.equal(s.ui.mode, 'cancel');
  assert.match(frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n'), /Cancel stop astop1 \(sell 0\.01, trigger 29998\.00\)\?/);
  assert.deepEqual(press(s, 'y'), { kind: 'cancelAlgo', algo: STOP });
  press(s, 'k', 'k', 'c');
  assert.equal(s.ui.cancel?.all === false && 'order' in s.ui.cancel && s.ui.cancel.order.id, '183347420821307661', 'back on an order, c cancels the order');
});

test('c with no open order but a conditional one cancels that one', () => {
  const s = fixtureState();
  s.account.orders.clear();
  s.account.algos = [TP];
  press(s, 'c');
  assert.deepEqual(press(s, 'y'), { kind: 'cancelAlgo', algo: TP });
});

test('triggers marked on the book: the first level at or beyond the trigger, a mark of their own', () => {
  const levels = [['100.0', '1'], ['100.5', '1'], ['101.0', '1']] as const;
  assert.deepEqual([...triggerRows(levels, ['100.2', '99', '200'], true)], [1], 'asks: the first at or above; below the best ask or beyond: none');
  const bids = [['99.0', '1'], ['98.5', '1']] as const;
  assert.deepEqual([...triggerRows(bids, ['98.7', '99.0', '99.5'], false)], [1, 0]);
  const s = fixtureState();
  s.account.algos = [STOP, TP];
  s.versions.account++;
  const v = bookView(s);
  assert.deepEqual(v.asks.flatMap((r, i) => (r.trigger ? [i] : [])), [v.asks.findIndex((r) => r.price >= '30002.00')]);
  assert.deepEqual(v.bids.flatMap((r, i) => (r.trigger ? [r.price] : [])), ['29997.95'], 'bids: the first at or below');
  const drawn = new BookPane().draw(s, 40, 24, false).join('\n');
  assert.match(drawn, /◇ *29997\.95/);
  assert.match(drawn, /◇ *30002\.35/);
  assert.doesNotMatch(drawn.replace(/◇ *(29997\.95|30002\.35)/g, ''), /◇/, 'no other level marked');
});

test('triggers marked on the chart at their row, beyond the range on the edge with an arrow', () => {
  const m = chartMarks(['150', '250', '50', '100'], 10000n, 20000n, 11, 2);
  assert.deepEqual([...m.entries()].sort(), [[0, '◇ 250↑'], [10, '◇ 100'], [5, '◇ 150']].sort());
  assert.equal(chartMarks(['50'], 10000n, 20000n, 11, 2).get(10), '◇ 50↓');
  const s = fixtureState();
  s.account.algos = [{ ...STOP, triggers: ['29900.00'] }];
  const chart = new CandlePane().draw(s, 80, 20, false).join('\n');
  assert.match(chart, /◇ 29900\.00/);
});

test('a stop read with the account shows on the chart of a running screen whose candles did not move', () => {
  const s = fixtureState();
  const screen = new TradeScreen();
  assert.doesNotMatch(screen.frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n'), /◇/);
  s.account.algos = [{ ...STOP, triggers: ['29900.00'] }];
  s.versions.account++;
  assert.match(screen.frame(s, { columns: 120, rows: 40 }, NOW, false).join('\n'), /◇ 29900\.00/);
});

/** A state dir holding two armed stops' journals, one on BTC_USDT and one on ETH_USDT, for `fn`; removed after. */
function withTwoStops(fn: (env: { BM_STATE_DIR: string }, spec: AlgoSpec, other: AlgoSpec) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'bm-attach-'));
  try {
    const env = { BM_STATE_DIR: dir };
    const spec = planAlgo({ kind: 'stop', symbol: 'BTC_USDT', side: 'sell', trigger: '29000', size: '0.01' }, RULES, NOW);
    AlgoJournal.create(algoJournalPath(env, spec.id), spec).close();
    const other = planAlgo({ kind: 'stop', symbol: 'ETH_USDT', side: 'sell', trigger: '2000', size: '1' }, { ...RULES, symbol: 'ETH_USDT', base_currency: 'ETH' }, NOW + 1);
    AlgoJournal.create(algoJournalPath(env, other.id), other).close();
    fn(env, spec, other);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the pair\'s conditional orders read back from the state dir: not ended, this pair, armed triggers', () => {
  withTwoStops((env, spec) => {
    assert.deepEqual(readAttached(env, 'BTC_USDT', () => undefined), [{ id: spec.id, kind: 'stop', side: 'sell', triggers: ['29000'], amount: '0.01', size: '0.01', running: false, exits: [{ name: 'stop', level: '29000', status: 'armed' }] }]);
  });
});

test('a refresh reads again only the journals of algos not seen ended, other pairs\' too (the watchlist counts them per pair)', () => {
  withTwoStops((env, spec, other) => {
    const seen = new Map();
    assert.equal(readAttached(env, 'BTC_USDT', () => undefined, seen).length, 1);
    assert.deepEqual([...runningPerPair(seen)], [['BTC_USDT', 1], ['ETH_USDT', 1]]);
    // The other pair's journal spoilt: read again while it was running, so the read reports it.
    writeFileSync(algoJournalPath(env, other.id), 'spoilt\n');
    const notes: string[] = [];
    assert.equal(readAttached(env, 'BTC_USDT', (l) => notes.push(l), seen).length, 1);
    assert.equal(notes.length, 1, notes.join('\n'));
    const later = planAlgo({ kind: 'stop', symbol: 'BTC_USDT', side: 'sell', trigger: '28000', size: '0.01' }, RULES, NOW + 2);
    AlgoJournal.create(algoJournalPath(env, later.id), later).close();
    assert.deepEqual(readAttached(env, 'BTC_USDT', () => undefined, seen).map((a) => a.id), [spec.id, later.id]);
    assert.equal(runningPerPair(seen).get('BTC_USDT'), 2);
  });
});
