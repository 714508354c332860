/**
 * The candle pane: one column per candle of the chosen step (the newest that fit), wicks `│`, bodies
 * `┃` up (green), `║` down (red: told apart without colour too), a price axis on the right and a
 * time axis below. Scaled with exact integers; worked out again only when a candle changes.
 */
import { SGR } from '../../render/live.js';
import type { PaneDef } from './pane.js';
import type { Candle, TradeState } from './state.js';
import { Grid, Scales } from './chart-grid.js';
import { triggerLevels } from './attach.js';
import { chartMarks } from './attach-view.js';
import { cell, fill, Line, title } from './text.js';

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

/**
 * What the older columns (all but the newest) were drawn from: the same candles keep their extremes
 * and, on the same range, their part of each row (a push moves only the newest).
 */
interface Older {
  readonly candles: readonly Candle[];
  /** Decimal places of the older candles, and the scale the chart was worked out at. */
  readonly places: number;
  readonly scale: number;
  /** Which older candle has the highest high and which the lowest low (the first of equals), at `scale`. */
  readonly top: number;
  readonly bottom: number;
  readonly lo: bigint;
  readonly hi: bigint;
  readonly gh: number;
  readonly color: boolean;
  readonly rows: readonly string[];
}

/** A grid row as last drawn, with what it was made of: a row whose parts are the same is the same line (the screen passes it over). */
type Drawn = { older: string; newest: string; label: string | undefined; w: number; line: string } | undefined;

function sameCandles(a: readonly Candle[], b: readonly Candle[], n: number): boolean {
  if (a.length !== n) return false;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * One screen's candle pane, with what it last drew: each terminal state (its session) has its own
 * pane, so what one kept never shows in another's chart.
 */
export class CandlePane {
  private readonly grid = new Grid();
  private readonly scales = new Scales();
  private state: TradeState | undefined;
  private lines: { key: string; lines: string[] } | undefined;
  private axis: { key: string; line: string } | undefined;
  private older: Older | undefined;
  private drawn: Drawn[] = [];
  /** The candles' start times in order, kept while the set of times is the same (a push mostly replaces the newest). */
  private order: { candles: ReadonlyMap<number, Candle>; keys: number[] } | undefined;

  /** Lines of the candle pane, exactly `w` x `h`. */
  draw(s: TradeState, w: number, h: number, color: boolean): string[] {
    if (this.state !== s) (this.state = s), (this.lines = undefined), (this.older = undefined), (this.drawn = []);
    const key = `${s.symbol}|${s.versions.candles}|${w}|${h}|${color}|${triggerLevels(s).join(',')}`;
    if (this.lines?.key === key) return this.lines.lines;
    const lines = this.make(s, w, h, color);
    this.lines = { key, lines };
    return lines;
  }

  /** The time axis line; it changes only when the first candle shown or the width does. */
  private axisLine(shown: readonly Candle[], w: number, stepMinutes: number, color: boolean): string {
    const key = `${shown[0]![0]}|${shown.length}|${w}|${stepMinutes}|${color}`;
    if (this.axis?.key !== key) this.axis = { key, line: new Line(color).add(timeAxis(shown, w, stepMinutes), SGR.gray).done(w) };
    return this.axis.line;
  }

  private sorted(candles: ReadonlyMap<number, Candle>): Candle[] {
    let keys = this.order?.candles === candles ? this.order.keys : undefined;
    // Times only come and go at the ends (a new candle, the oldest dropped): both ends tell.
    if (!keys || keys.length !== candles.size || !candles.has(keys[0]!) || !candles.has(keys[keys.length - 1]!)) {
      keys = [...candles.keys()].sort((a, b) => a - b);
      this.order = { candles, keys };
    }
    return keys.map((k) => candles.get(k)!);
  }

  private make(s: TradeState, w: number, h: number, color: boolean): string[] {
    const { grid, scales } = this;
    const all = this.sorted(s.market.candles);
    const latest = all[all.length - 1];
    const head = title(`CANDLES ${s.step.interval}`, latest ? `O ${latest[1]}  H ${latest[2]}  L ${latest[3]}  C ${latest[4]}` : '', w, color, SGR.bold);
    if (!latest) return fill([head, cell('waiting for candles…', w)], w, h);
    const gh = Math.max(2, h - 2);
    // The axis labels take the widest price plus a blank; the candles take the rest.
    let widest = 0;
    for (let i = Math.max(0, all.length - Math.max(1, w - 2)); i < all.length; i++) widest = Math.max(widest, all[i]![2].length, all[i]![3].length);
    const triggers = triggerLevels(s);
    for (const t of triggers) widest = Math.max(widest, t.length + 3);
    const shown = all.slice(-Math.max(1, w - (1 + widest)));
    // Every column but the newest is usually as it was: its extremes and its part of each row are kept
    // from the last frame while the same candles are shown on the same range.
    const n = shown.length - 1;
    const newest = shown[n]!;
    const was = this.older;
    const olderSame = was !== undefined && sameCandles(was.candles, shown, n);
    let places = 0;
    if (olderSame) places = was.places;
    else for (let i = 0; i < n; i++) places = Math.max(places, scales.places(shown[i]!));
    const scale = Math.max(places, scales.places(newest));
    let top = 0;
    let bottom = 0;
    if (olderSame && was.scale === scale) (top = was.top), (bottom = was.bottom);
    else {
      for (let i = 1; i < n; i++) {
        if (scales.at(shown[i]!, scale).v[1] > scales.at(shown[top]!, scale).v[1]) top = i;
        if (scales.at(shown[i]!, scale).v[2] < scales.at(shown[bottom]!, scale).v[2]) bottom = i;
      }
    }
    const olderTop = top;
    const olderBottom = bottom;
    const nv = scales.at(newest, scale);
    if (n > 0 && nv.v[1] > scales.at(shown[top]!, scale).v[1]) top = n;
    if (n > 0 && nv.v[2] < scales.at(shown[bottom]!, scale).v[2]) bottom = n;
    const hi = scales.at(shown[top]!, scale).v[1];
    const lo = scales.at(shown[bottom]!, scale).v[2];
    const topLabel = shown[top]![2];
    const bottomLabel = shown[bottom]![3];
    const same = olderSame && was.color === color && was.scale === scale && was.lo === lo && was.hi === hi && was.gh === gh;
    let rows: readonly string[];
    let at: number;
    if (same) {
      rows = was.rows;
      grid.set([nv], lo, hi, gh);
      at = 0;
    } else {
      grid.set(shown.map((c) => scales.at(c, scale)), lo, hi, gh);
      rows = Array.from({ length: gh }, (_, y) => grid.line(y, color, 0, n));
      this.older = { candles: shown.slice(0, n), places, scale, top: olderTop, bottom: olderBottom, lo, hi, gh, color, rows };
      at = n;
    }
    const out = [head];
    const last = this.drawn;
    const marks = chartMarks(triggers, lo, hi, gh, scale);
    for (let y = 0; y < gh; y++) {
      const label = marks.get(y) ?? (y === 0 ? topLabel : y === gh - 1 ? bottomLabel : undefined);
      const run = grid.line(y, color, at, at + 1);
      const kept = last[y];
      if (kept && kept.older === rows[y] && kept.newest === run && kept.label === label && kept.w === w) {
        out.push(kept.line);
        continue;
      }
      const line = new Line(color).addStyled(rows[y]!, n).addStyled(run, 1).add(label ? ` ${label}` : '', marks.has(y) ? SGR.cyan : undefined).done(w);
      last[y] = { older: rows[y]!, newest: run, label, w, line };
      out.push(line);
    }
    out.push(this.axisLine(shown, w, s.step.minutes, color));
    return fill(out, w, h);
  }
}

/** The chart pane: the candles, with the triggers of the pair's conditional orders marked. */
export const CHART_PANE: PaneDef = { reads: ['pair', 'candles', 'account'], make: () => {
  const p = new CandlePane();
  return (s, w, h, color) => p.draw(s, w, h, color);
} };
