// Two trading terminals in one process (two sessions, or two tests) each keep what their screen drew:
// drawing one never changes what the other shows, and each still reuses its own panes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyDepth, applyKline, applyTicker, applyTrade } from '../../../../src/commands/trade/apply.js';
import { handleKey } from '../../../../src/commands/trade/keys.js';
import { TradeScreen } from '../../../../src/commands/trade/screen.js';
import type { TradeState } from '../../../../src/commands/trade/state.js';
import { layout } from '../../../../src/commands/trade/layout.js';
import { fixtureState, NOW } from './fixture.js';

const size = { columns: 160, rows: 50 };
const cents = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

/** A push of a book around `mid` (cents), a trade, the newest candle moved and a ticker: what a feed does 10 times a second. */
function push(s: TradeState, mid: number, k: number): void {
  applyDepth(s, {
    asks: Array.from({ length: 20 }, (_, i) => [cents(mid + 25 + i * (30 + (k % 7))), `0.${String(1000 + ((k * 17 + i * 11) % 89) * 90).padStart(5, '0')}`]),
    bids: Array.from({ length: 20 }, (_, i) => [cents(mid - i * (43 - (k % 5))), `0.0${300 + ((k * 3 + i) % 11)}`]),
  });
  applyTrade(s, { price: cents(mid), size: `0.00${(k % 9) + 1}`, side: k % 2 ? 'buy' : 'sell', s_t: NOW / 1000 + k });
  const newest = [...s.market.candles.values()].at(-1)!;
  applyKline(s, { candle: [newest[0], newest[1], cents(mid + 9000 + k * 10), newest[3], cents(mid), '2'] });
  applyTicker(s, { last_price: cents(mid), open_24h: '29500.00', high_24h: '30412.10', low_24h: '29380.55', base_volume_24h: `${100 + k}.5` });
}

/** The lines a view shows, regions laid out as the live screen lays them out. */
function shown(view: ReturnType<TradeScreen['regions']>): string[] {
  if (!('regions' in view)) return view;
  const rows = Array.from({ length: size.rows }, () => '');
  for (const r of view.regions) r.lines.forEach((l, i) => (rows[r.y + i] = `${rows[r.y + i]!.padEnd(r.x)}${l}`));
  return rows;
}

/** A session's script: its state, and what happens to it before frame `k`. */
interface Script {
  readonly state: TradeState;
  step(k: number): void;
  readonly color: (k: number) => boolean;
}

function scriptA(): Script {
  const s = fixtureState();
  return {
    state: s,
    color: (k) => k % 2 === 0,
    step(k) {
      push(s, 3000000 + ((k * 37) % 90), k);
      if (k === 14) handleKey(s, 'b');
      if (k === 17) handleKey(s, 'escape');
    },
  };
}

function scriptB(): Script {
  const s = fixtureState();
  handleKey(s, 'tab');
  return {
    state: s,
    color: () => true,
    step(k) {
      // A book far from A's (fewer digits before the point), not pushed every frame.
      if (k % 3) push(s, 250000 + ((k * 53) % 70), k);
      if (k === 8) handleKey(s, 'k');
    },
  };
}

const FRAMES = 25;

/** Each script's frames (regions laid out, then lines), drawn on its own screen; in turns when `interleaved`, else one script after the other. */
function play(scripts: readonly Script[], interleaved: boolean): string[][][] {
  const screens = scripts.map(() => new TradeScreen());
  const out: string[][][] = scripts.map(() => []);
  const one = (i: number, k: number) => {
    const { state: s, color } = scripts[i]!;
    scripts[i]!.step(k);
    const now = NOW + k * 100;
    out[i]!.push(shown(screens[i]!.regions(s, size, now, color(k))), screens[i]!.frame(s, size, now, color(k)));
  };
  if (interleaved) for (let k = 0; k < FRAMES; k++) scripts.forEach((_, i) => one(i, k));
  else scripts.forEach((_, i) => { for (let k = 0; k < FRAMES; k++) one(i, k); });
  return out;
}

test('two screens drawing different books at the same size, frame after frame in turns, show what each shows alone', () => {
  const alone = [play([scriptA()], false)[0]!, play([scriptB()], false)[0]!];
  const together = play([scriptA(), scriptB()], true);
  assert.equal(together[0]!.length, FRAMES * 2);
  together.forEach((frames, i) => frames.forEach((lines, k) => assert.deepEqual(lines, alone[i]![k], `screen ${'ab'[i]}, frame ${k >> 1} (${k % 2 ? 'lines' : 'regions'})`)));
  // Each screen shows its own state's book (the top ask row).
  const bookAt = (readOnly: boolean) => layout(size, readOnly).panes.find(([n]) => n === 'book')![1].x;
  const topAsk = (i: number) => together[i]!.at(-1)![3]!.replace(/\x1b\[[0-9;]*m/g, '').slice(bookAt(i === 1)).slice(0, 12);
  assert.match(topAsk(0), /^\s+30\d{3}\.\d\d\s/);
  assert.match(topAsk(1), /^\s+2\d{3}\.\d\d\s/);
});

test('a screen keeps its panes while another screen draws a different book, and the other keeps its own', () => {
  const a = fixtureState();
  const b = fixtureState({ readOnly: true });
  push(b, 250000, 1);
  const screenA = new TradeScreen();
  const screenB = new TradeScreen();
  const first = screenA.regions(a, size, NOW, true);
  const firstB = screenB.regions(b, size, NOW, true);
  assert.ok('regions' in first && 'regions' in firstB);
  for (let k = 2; k < 6; k++) {
    push(b, 250000 + k * 13, k);
    screenB.regions(b, size, NOW, true);
  }
  // Nothing of `a` changed: its screen hands back every pane's lines as they were (nothing to diff).
  const again = screenA.regions(a, size, NOW, true);
  assert.ok('regions' in again);
  assert.equal(again.regions.length, first.regions.length);
  again.regions.forEach((r, i) => {
    if (r.y > 0 && r.y < size.rows - 2) assert.equal(r.lines, first.regions[i]!.lines, `region ${i} at ${r.x},${r.y} kept`);
    else assert.deepEqual(r.lines, first.regions[i]!.lines, `region ${i} at ${r.x},${r.y}`);
  });
  // And `b`'s screen, with no push since its last frame, keeps its own the same way.
  const lastB = screenB.regions(b, size, NOW, true);
  const stillB = screenB.regions(b, size, NOW, true);
  assert.ok('regions' in lastB && 'regions' in stillB);
  stillB.regions.forEach((r, i) => r.y > 0 && r.y < size.rows - 2 && assert.equal(r.lines, lastB.regions[i]!.lines, `b region ${i}`));
  assert.notDeepEqual(shown(again), shown(stillB));
});
