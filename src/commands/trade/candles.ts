/**
 * The candle pane: one column per candle of the chosen step (the newest that fit), wicks `│`, bodies
 * `┃` up (green), `║` down (red: told apart without colour too), a price axis on the right and a
 * time axis below. Scaled with exact decimals; worked out again only when a candle changes.
 */
import { SGR } from '../../render/live.js';
import { cmp, dec, type Dec } from '../../util/decimal.js';
import { rowOf } from '../market/chart.js';
import type { Candle, TradeState } from './state.js';
import { cell, fill, Line, title, type Style } from './text.js';

/** Columns between two time labels. */
const LABEL_EVERY = 12;

function timeLabel(ts: number, stepMinutes: number): string {
  const iso = new Date(ts * 1000).toISOString();
  return stepMinutes < 1440 ? iso.slice(11, 16) : iso.slice(5, 10);
}

/** The time axis: a label under every LABEL_EVERY-th candle, from the oldest shown. */
function timeAxis(candles: readonly Candle[], width: number, stepMinutes: number): string {
  const row = Array<string>(width).fill(' ');
  for (let x = 0; x < candles.length; x += LABEL_EVERY) {
    const label = `└${timeLabel(candles[x]![0], stepMinutes)}`;
    if (x + label.length > width) break;
    for (let i = 0; i < label.length; i++) row[x + i] = label[i]!;
  }
  return row.join('');
}

const cache = new WeakMap<TradeState, { key: string; lines: string[] }>();

/** Lines of the candle pane, exactly `w` x `h`. */
export function candlePane(s: TradeState, w: number, h: number, color: boolean): string[] {
  const key = `${s.symbol}|${s.versions.candles}|${w}|${h}|${color}`;
  const hit = cache.get(s);
  if (hit?.key === key) return hit.lines;
  const lines = draw(s, w, h, color);
  cache.set(s, { key, lines });
  return lines;
}

/** A candle's column: for each row from the top of the grid, its glyph, or undefined above and below it. */
interface Column {
  readonly key: string;
  readonly top: number;
  readonly glyphs: readonly string[];
  readonly up: boolean;
}

/** Columns by candle: a push replaces only the newest candle, so the others are scaled once per range. */
const columns = new WeakMap<Candle, Column>();

function columnOf(c: Candle, lo: Dec, hi: Dec, loText: string, hiText: string, gh: number): Column {
  const key = `${loText}|${hiText}|${gh}`;
  const hit = columns.get(c);
  if (hit?.key === key) return hit;
  const up = cmp(c[4], c[1]) >= 0;
  const top = rowOf(dec(c[2]), lo, hi, gh);
  const bottom = rowOf(dec(c[3]), lo, hi, gh);
  const bodyTop = rowOf(dec(up ? c[4] : c[1]), lo, hi, gh);
  const bodyBottom = rowOf(dec(up ? c[1] : c[4]), lo, hi, gh);
  const glyphs: string[] = [];
  for (let y = top; y <= bottom; y++) glyphs.push(y >= bodyTop && y <= bodyBottom ? (up ? '┃' : '║') : '│');
  const col = { key, top, glyphs, up };
  columns.set(c, col);
  return col;
}

function draw(s: TradeState, w: number, h: number, color: boolean): string[] {
  const all = [...s.market.candles.values()].sort((a, b) => a[0] - b[0]);
  const latest = all[all.length - 1];
  const head = title(`CANDLES ${s.step.interval}`, latest ? `O ${latest[1]}  H ${latest[2]}  L ${latest[3]}  C ${latest[4]}` : '', w, color, SGR.bold);
  if (!latest) return fill([head, cell('waiting for candles…', w)], w, h);
  const gh = Math.max(2, h - 2);
  // The axis labels take the widest price plus a blank; the candles take the rest.
  const candidates = all.slice(-Math.max(1, w - 2));
  const axisWidth = 1 + Math.max(...candidates.map((c) => Math.max(c[2].length, c[3].length)));
  const shown = all.slice(-Math.max(1, w - axisWidth));
  let hiText = shown[0]![2];
  let loText = shown[0]![3];
  for (const c of shown) {
    if (cmp(c[2], hiText) > 0) hiText = c[2];
    if (cmp(c[3], loText) < 0) loText = c[3];
  }
  const hi = dec(hiText);
  const lo = dec(loText);
  const cols = shown.map((c) => columnOf(c, lo, hi, loText, hiText, gh));
  const labels = new Map<number, string>([[0, hiText], [gh - 1, loText]]);
  const out = [head];
  for (let y = 0; y < gh; y++) {
    // Runs of one style are added as one piece: a styled glyph each would be many escapes per row.
    const line = new Line(color);
    let run = '';
    let runStyle: Style;
    for (const col of cols) {
      const g = col.glyphs[y - col.top];
      const style: Style = g === undefined ? undefined : col.up ? SGR.green : SGR.red;
      if (style !== runStyle && run) (line.add(run, runStyle), (run = ''));
      runStyle = style;
      run += g ?? ' ';
    }
    line.add(run, runStyle);
    const label = labels.get(y);
    out.push(line.add(label ? ` ${label}` : '').done(w));
  }
  out.push(new Line(color).add(timeAxis(shown, w, s.step.minutes), SGR.gray).done(w));
  return fill(out, w, h);
}
