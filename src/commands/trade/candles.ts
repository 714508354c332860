/**
 * The candle pane: one column per candle of the chosen step (the newest that fit), wicks `│`, bodies
 * `┃` up (green), `║` down (red: told apart without colour too), a price axis on the right and a
 * time axis below. Scaled with exact integers; worked out again only when a candle changes.
 */
import { SGR } from '../../render/live.js';
import { dec } from '../../util/decimal.js';
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
let axis: { key: string; line: string } | undefined;

/** The time axis line; it changes only when the first candle shown or the width does. */
function axisLine(shown: readonly Candle[], w: number, stepMinutes: number, color: boolean): string {
  const key = `${shown[0]![0]}|${shown.length}|${w}|${stepMinutes}|${color}`;
  if (axis?.key !== key) axis = { key, line: new Line(color).add(timeAxis(shown, w, stepMinutes), SGR.gray).done(w) };
  return axis.line;
}

/** Lines of the candle pane, exactly `w` x `h`. */
export function candlePane(s: TradeState, w: number, h: number, color: boolean): string[] {
  const key = `${s.symbol}|${s.versions.candles}|${w}|${h}|${color}`;
  const hit = cache.get(s);
  if (hit?.key === key) return hit.lines;
  const lines = draw(s, w, h, color);
  cache.set(s, { key, lines });
  return lines;
}

/** A candle's open, high, low and close as integers of 10^-scale, parsed once (a push replaces only the newest candle). */
interface Scaled {
  readonly scale: number;
  readonly v: readonly [open: bigint, high: bigint, low: bigint, close: bigint];
}
const scaledCache = new WeakMap<Candle, Scaled>();

/** Decimal places of a candle's prices (the most of its four). */
function placesOf(c: Candle): number {
  let n = 0;
  for (let i = 1; i <= 4; i++) {
    const t = c[i] as string;
    const dot = t.indexOf('.');
    if (dot >= 0) n = Math.max(n, t.length - dot - 1);
  }
  return n;
}

/** The candle at `scale` places: small integers (a pair's own precision), so the scaling below is cheap. */
function scaled(c: Candle, scale: number): Scaled['v'] {
  const hit = scaledCache.get(c);
  if (hit?.scale === scale) return hit.v;
  const units = (text: string) => {
    const d = dec(text);
    return d.units * 10n ** BigInt(Math.max(0, scale - d.scale));
  };
  const v = [units(c[1]), units(c[2]), units(c[3]), units(c[4])] as const;
  scaledCache.set(c, { scale, v });
  return v;
}

/** Spans below this divide exactly in doubles (a quotient under a screen's height, integers far under 2^53). */
const SAFE_SPAN = 2n ** 40n;

/** Grid row of a level (scaled integer), 0 at `hi`: the same integer division as the one-shot chart's. */
function rowAt(level: bigint, lo: bigint, hi: bigint, gh: number): number {
  const span = hi - lo;
  if (span === 0n) return Math.floor(gh / 2);
  // A row index (small), never an amount: in doubles when they are exact, as they are for any
  // pair's prices at its own precision (a rescale redraws every column, often).
  if (span < SAFE_SPAN) return Math.floor((Number(hi - level) * (gh - 1)) / Number(span));
  const row = ((hi - level) * BigInt(gh - 1)) / span;
  return Number(row);
}

/** A candle's column: for each row from the top of the grid, its glyph, or undefined above and below it. */
interface Column {
  readonly scale: number;
  readonly lo: bigint;
  readonly hi: bigint;
  readonly gh: number;
  readonly top: number;
  readonly glyphs: readonly string[];
  readonly up: boolean;
}

/** Columns by candle: scaled again only when the chart's range or height changes. */
const columns = new WeakMap<Candle, Column>();

function columnOf(c: Candle, scale: number, lo: bigint, hi: bigint, gh: number): Column {
  const hit = columns.get(c);
  if (hit && hit.scale === scale && hit.lo === lo && hit.hi === hi && hit.gh === gh) return hit;
  const [o, h, l, cl] = scaled(c, scale);
  const up = cl >= o;
  const top = rowAt(h, lo, hi, gh);
  const bottom = rowAt(l, lo, hi, gh);
  const bodyTop = rowAt(up ? cl : o, lo, hi, gh);
  const bodyBottom = rowAt(up ? o : cl, lo, hi, gh);
  const glyphs: string[] = [];
  for (let y = top; y <= bottom; y++) glyphs.push(y >= bodyTop && y <= bodyBottom ? (up ? '┃' : '║') : '│');
  const col = { scale, lo, hi, gh, top, glyphs, up };
  columns.set(c, col);
  return col;
}

/** The older columns' part of each row, by terminal state, with the columns it was drawn from. */
const prefixes = new WeakMap<TradeState, { readonly cols: readonly Column[]; readonly color: boolean; readonly rows: readonly string[] }>();

/** Each grid row last drawn, with what it was made of: a row whose parts are the same is the same line (the screen passes it over). */
const drawn = new WeakMap<TradeState, Array<{ older: string; newest: string; label: string | undefined; w: number; line: string } | undefined>>();

/** Row `y` of `cols`, styled: runs of one style as one piece (a styled glyph each would be many escapes), joined flat. */
function styledRun(cols: readonly Column[], y: number, color: boolean): string {
  const out: string[] = [];
  let run = '';
  let runStyle: Style;
  const flush = () => out.push(color && runStyle ? runStyle(run) : run);
  for (const col of cols) {
    const g = col.glyphs[y - col.top];
    const style: Style = g === undefined ? undefined : col.up ? SGR.green : SGR.red;
    if (style !== runStyle && run) (flush(), (run = ''));
    runStyle = style;
    run += g ?? ' ';
  }
  if (run) flush();
  return out.join('');
}

/** The candles' start times in order, kept while the set of times is the same (a push mostly replaces the newest). */
const order = new WeakMap<ReadonlyMap<number, Candle>, number[]>();

function sortedCandles(candles: ReadonlyMap<number, Candle>): Candle[] {
  let keys = order.get(candles);
  // Times only come and go at the ends (a new candle, the oldest dropped): both ends tell.
  if (!keys || keys.length !== candles.size || !candles.has(keys[0]!) || !candles.has(keys[keys.length - 1]!)) {
    keys = [...candles.keys()].sort((a, b) => a - b);
    order.set(candles, keys);
  }
  return keys.map((k) => candles.get(k)!);
}

function draw(s: TradeState, w: number, h: number, color: boolean): string[] {
  const all = sortedCandles(s.market.candles);
  const latest = all[all.length - 1];
  const head = title(`CANDLES ${s.step.interval}`, latest ? `O ${latest[1]}  H ${latest[2]}  L ${latest[3]}  C ${latest[4]}` : '', w, color, SGR.bold);
  if (!latest) return fill([head, cell('waiting for candles…', w)], w, h);
  const gh = Math.max(2, h - 2);
  // The axis labels take the widest price plus a blank; the candles take the rest.
  const candidates = all.slice(-Math.max(1, w - 2));
  const axisWidth = 1 + Math.max(...candidates.map((c) => Math.max(c[2].length, c[3].length)));
  const shown = all.slice(-Math.max(1, w - axisWidth));
  let scale = 0;
  for (const c of shown) scale = Math.max(scale, placesOf(c));
  let top = shown[0]!;
  let bottom = shown[0]!;
  for (const c of shown) {
    if (scaled(c, scale)[1] > scaled(top, scale)[1]) top = c;
    if (scaled(c, scale)[2] < scaled(bottom, scale)[2]) bottom = c;
  }
  const hiText = top[2];
  const loText = bottom[3];
  // lo and hi are at the same scale as every column, so equal integers mean an equal range.
  const cols = shown.map((c) => columnOf(c, scale, scaled(bottom, scale)[2], scaled(top, scale)[1], gh));
  const labels = new Map<number, string>([[0, hiText], [gh - 1, loText]]);
  // Every column but the newest is usually as it was: their part of each row is kept from the last frame.
  const older = cols.slice(0, -1);
  const kept = prefixes.get(s);
  const same = kept !== undefined && kept.color === color && kept.cols.length === older.length && kept.cols.every((c, i) => c === older[i]);
  const rows = same ? kept.rows : Array.from({ length: gh }, (_, y) => styledRun(older, y, color));
  if (!same) prefixes.set(s, { cols: older, color, rows });
  const newest = cols.slice(-1);
  const out = [head];
  let last = drawn.get(s);
  if (!last) drawn.set(s, (last = []));
  for (let y = 0; y < gh; y++) {
    const label = labels.get(y);
    const run = styledRun(newest, y, color);
    const was = last[y];
    if (was && was.older === rows[y] && was.newest === run && was.label === label && was.w === w) {
      out.push(was.line);
      continue;
    }
    const line = new Line(color).addStyled(rows[y]!, older.length).addStyled(run, newest.length).add(label ? ` ${label}` : '').done(w);
    last[y] = { older: rows[y]!, newest: run, label, w, line };
    out.push(line);
  }
  out.push(axisLine(shown, w, s.step.minutes, color));
  return fill(out, w, h);
}
