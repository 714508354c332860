/**
 * The watchlist pane: one row per followed pair, live from the ticker stream: its last price, the
 * 24-hour change, your open orders and conditional orders on it, a spark of its last minutes and the
 * 24-hour volume. Columns leave from the right when the pane is narrow (volume, then the spark).
 */
import { alignDecimals } from '../../render/cells.js';
import { SGR } from '../../render/live.js';
import { deviationPct } from '../../core/usecases/order-preview.js';
import { isDecimal, isZero } from '../../util/decimal.js';
import type { PaneDef } from './pane.js';
import type { TradeState } from './state.js';
import { cell, fill, Line, title } from './text.js';
import { countsOf } from './watch.js';

const SPARK = '▁▂▃▄▅▆▇█';
/** Columns of the spark at least (narrower, it is left out); at most, the minutes the board keeps. */
const SPARK_MIN = 5;

/**
 * A spark of prices (oldest first) `w` characters wide, the newest on the right: the height is a
 * price's place between the window's low and high (drawn only, never money); '' prices draw blank.
 */
export function spark(prices: readonly string[], w: number): string {
  const shown = prices.slice(-w);
  const nums = shown.map((p) => (p !== '' && isDecimal(p) ? Number(p) : NaN));
  const known = nums.filter((n) => Number.isFinite(n));
  if (!known.length) return ' '.repeat(w);
  const lo = Math.min(...known);
  const hi = Math.max(...known);
  const out = nums.map((n) => (Number.isFinite(n) ? SPARK[hi === lo ? 3 : Math.round(((n - lo) / (hi - lo)) * (SPARK.length - 1))]! : ' ')).join('');
  return out.padStart(w);
}

/** The 24-hour change as shown: `+1.69%`, '' when the open is not known. */
function change(last: string, open: string): string {
  if (!isDecimal(last) || !isDecimal(open) || isZero(open)) return '';
  const pct = deviationPct(last, open);
  return `${pct.startsWith('-') ? '' : '+'}${pct}%`;
}

/** Open orders and conditional orders of a pair: `2o 1a`, '' with none. */
function countText(orders: number, algos: number): string {
  return [orders ? `${orders}o` : '', algos ? `${algos}a` : ''].filter(Boolean).join(' ');
}

export function watchPane(s: TradeState, w: number, h: number, color: boolean): string[] {
  const focused = s.ui.focus === 'watch' && s.ui.mode === 'main';
  const lines = [title('WATCHLIST', focused ? 'Enter trades  + add  - drop' : 'w focuses', w, color, SGR.bold)];
  const pairs = s.watch.pairs;
  if (!pairs.length) return fill([...lines, cell('no pair followed: w, then + adds one', w)], w, h);
  const board = s.watch.board;
  const rows = pairs.map((p) => {
    const f = board?.figures(p);
    const c = countsOf(s, p);
    return { pair: p, last: f?.last ?? '', change: f ? change(f.last, f.open24h) : '', volume: f?.volume24h ?? '', counts: countText(c.orders, c.algos) };
  });
  // Prices of pairs of different precisions: each right-aligned as the venue sent it.
  const lasts = rows.map((r) => r.last || '-');
  const pw = Math.max(4, ...pairs.map((p) => p.length));
  const lw = Math.max(4, ...lasts.map((l) => l.length));
  const cw = Math.max(3, ...rows.map((r) => r.change.length));
  const ow = Math.max(0, ...rows.map((r) => r.counts.length));
  const vols = alignDecimals(rows.map((r) => r.volume));
  const vw = Math.max(3, ...vols.map((v) => v.length));
  // Mark, pair, last, change, counts: always; then the spark, then the volume, as they fit.
  const room = w - (2 + pw + 1 + lw + 1 + cw + (ow ? 1 + ow : 0));
  const sparks = rows.map((r) => board?.spark(r.pair, s.watch.at) ?? []);
  const sparkW = Math.min(Math.max(0, ...sparks.map((p) => p.length)), room - 1);
  const withSpark = sparkW >= SPARK_MIN;
  const withVol = withSpark && room - 1 - sparkW >= vw + 1;
  const head = `  ${cell('PAIR', pw)} ${cell('LAST', lw, true)} ${cell('24H', cw, true)}${ow ? ` ${cell('', ow)}` : ''}${withSpark ? ` ${cell(`${sparkW}m`, sparkW, true)}` : ''}${withVol ? ` ${cell('VOL', vw, true)}` : ''}`;
  lines.push(new Line(color).add(head, SGR.bold).done(w));
  const { start, room: shownRows } = watchWindow(s, h);
  rows.slice(start, start + shownRows).forEach((r, k) => {
    const i = start + k;
    const picked = i === Math.min(s.watch.index, pairs.length - 1);
    const up = r.change.startsWith('+') ? SGR.green : r.change.startsWith('-') ? SGR.red : undefined;
    const line = new Line(color)
      .add(picked && focused ? '› ' : r.pair === s.symbol ? '• ' : '  ')
      .add(cell(r.pair, pw), r.pair === s.symbol ? SGR.bold : undefined)
      .add(` ${cell(lasts[i]!, lw, true)} `)
      .add(cell(r.change, cw, true), up);
    if (ow) line.add(` ${cell(r.counts, ow)}`, SGR.yellow);
    if (withSpark) line.add(` ${spark(sparks[i]!, sparkW)}`, up);
    if (withVol) line.add(` ${cell(vols[i]!, vw, true)}`);
    lines.push(line.done(w, picked && focused ? SGR.inverse : undefined));
  });
  return fill(lines, w, h);
}

/** The watchlist pane: the followed pairs, the current pair (marked) and the selection. */
export const WATCH_PANE: PaneDef = { reads: ['pair', 'watch', 'account', 'ui'], make: () => watchPane };

/** The rows the pane has room for (under its title and header) and the first shown: the selection kept in view. */
function watchWindow(s: TradeState, h: number): { readonly start: number; readonly room: number } {
  const room = Math.max(1, h - 2);
  const n = s.watch.pairs.length;
  const sel = Math.min(s.watch.index, n - 1);
  return { start: Math.max(0, Math.min(sel - room + 1, n - room)), room };
}

/** The index of the pair drawn on `row` (from the pane's top) of a watchlist pane `h` high, if any. */
export function watchRowAt(s: TradeState, h: number, row: number): number | undefined {
  const { start, room } = watchWindow(s, h);
  const i = start + row - 2;
  return row >= 2 && row - 2 < room && i < s.watch.pairs.length ? i : undefined;
}
