// The live view draws the trading terminal as regions (banner, panes, separators, hints, status),
// each diffed on its own: the screen they leave must be the screen `frame` describes, push after
// push, and a pane whose data did not change must cost nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FrameDiff } from '../../../../src/render/diff.js';
import { applyDepth, applyKline, applyTicker, applyTrade } from '../../../../src/commands/trade/apply.js';
import { handleKey } from '../../../../src/commands/trade/keys.js';
import { frame, TradeScreen } from '../../../../src/commands/trade/screen.js';
import { expectedScreen, VirtualTerminal } from '../../../helpers/vt.js';
import { fixtureState, NOW } from './fixture.js';

const size = { columns: 160, rows: 50 };

/** Draws a view on `vt` as the live screen would: regions diffed, or lines after a clear when the view is lines. */
function draw(vt: VirtualTerminal, diff: FrameDiff, view: ReturnType<TradeScreen['regions']>, state: { layout?: string }): string {
  const layout = 'regions' in view ? view.layout : undefined;
  let out = '';
  if (layout !== state.layout) {
    state.layout = layout;
    diff.reset();
    out = '\x1b[H\x1b[2J';
  }
  out += 'regions' in view ? diff.updateRegions(view.regions, size.columns) : diff.update(view, size.columns);
  vt.write(out);
  return out;
}

test('regions, diffed push after push, leave exactly the screen frame() describes (colour included)', () => {
  const s = fixtureState();
  const vt = new VirtualTerminal(size.columns, size.rows);
  const diff = new FrameDiff();
  const screen = new TradeScreen();
  const at = {};
  const cents = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
  for (let k = 0; k < 30; k++) {
    const mid = 3000000 + ((k * 37) % 90) - 45;
    applyDepth(s, { asks: Array.from({ length: 20 }, (_, i) => [cents(mid + 50 + i * 37), `0.${String(1000 + ((k * 13 + i * 7) % 97) * 50).padStart(5, '0')}`]), bids: Array.from({ length: 20 }, (_, i) => [cents(mid - i * 41), `0.0${200 + ((k + i) % 9)}`]) });
    applyTrade(s, { price: cents(mid), size: `0.00${k % 9 + 1}`, side: k % 3 ? 'buy' : 'sell', s_t: NOW / 1000 + k });
    const newest = [...s.market.candles.values()].at(-1)!;
    applyKline(s, { candle: [newest[0], newest[1], newest[2], newest[3], cents(2990000 + (k % 5) * 900), '2'] });
    applyTicker(s, { last_price: cents(mid), open_24h: '29500.00', high_24h: '30412.10', low_24h: '29380.55', base_volume_24h: `${1234 + k}.5` });
    // Now and then a key: the book focused, a level moved, the form opened and closed (a box is drawn as lines).
    if (k === 10) handleKey(s, 'tab');
    if (k === 12) handleKey(s, 'k');
    if (k === 20) handleKey(s, 'b');
    if (k === 23) handleKey(s, 'escape');
    draw(vt, diff, screen.regions(s, size, NOW + k * 100, true), at);
    assert.deepEqual(vt.styled(), expectedScreen(frame(s, size, NOW + k * 100, true), size.columns, size.rows), `push ${k}`);
  }
});

test('a frame where only the trades changed writes only inside the trades pane', () => {
  const s = fixtureState();
  const vt = new VirtualTerminal(size.columns, size.rows);
  const diff = new FrameDiff();
  const screen = new TradeScreen();
  const at = {};
  draw(vt, diff, screen.regions(s, size, NOW, true), at);
  applyTrade(s, { price: '30000.01', size: '0.0042', side: 'buy', s_t: NOW / 1000 });
  const view = screen.regions(s, size, NOW, true);
  assert.ok('regions' in view);
  const trades = view.regions.find((r) => /TRADES/.test(r.lines[0] ?? ''))!;
  const out = draw(vt, diff, view, at);
  const moves = [...out.matchAll(/\x1b\[(\d+);(\d+)H/g)].map((m) => [Number(m[1]) - 1, Number(m[2]) - 1] as const);
  assert.ok(moves.length > 0, 'the new trade is written');
  for (const [row, col] of moves) {
    assert.ok(row >= trades.y && row < trades.y + trades.lines.length && col >= trades.x && col < trades.x + trades.width, `a write at ${row},${col} outside the trades pane`);
  }
  assert.equal(draw(vt, diff, screen.regions(s, size, NOW, true), at), '', 'nothing changed: nothing written');
});
