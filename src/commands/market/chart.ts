/**
 * A candlestick chart in text: one column per candle (the most recent that fit), wicks `│`,
 * bodies `┃` (up green, down red), a price axis on the right at one precision, a time axis below (UTC). Scaling is exact decimal arithmetic.
 */
import type { Row } from '../../render/cells.js';
import { add, cmp, dec, div, fmt, max, min, mul, sub, type Dec } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';
import { palette } from '../../render/ansi.js';

export interface ChartOptions {
  readonly width: number;
  readonly height: number;
  readonly color: boolean;
}

/** Row index (0 = top) of a price between `lo` and `hi` on a chart `height` rows tall. */
export function rowOf(price: Dec, lo: Dec, hi: Dec, height: number): number {
  const span = sub(hi, lo);
  if (span.units === 0n) return Math.floor(height / 2);
  const frac = div(mul(sub(hi, price), String(height - 1)), span, 0);
  return Number(frac.units);
}

export function chart(rows: readonly Row[], opts: ChartOptions): string {
  if (rows.length === 0) return 'no candles in that range\n';
  const axisWidth = 14;
  const fit = Math.max(1, opts.width - axisWidth - 1);
  const candles = rows.slice(-fit).map((r) => ({
    open: dec(scalarText(r.open)), high: dec(scalarText(r.high)), low: dec(scalarText(r.low)), close: dec(scalarText(r.close)),
  }));
  let hi = candles[0]!.high;
  let lo = candles[0]!.low;
  for (const c of candles) {
    hi = max(hi, c.high);
    lo = min(lo, c.low);
  }
  const h = Math.max(3, opts.height);
  const grid: string[][] = Array.from({ length: h }, () => Array<string>(candles.length).fill(' '));
  const paint = palette(opts.color);
  candles.forEach((c, x) => {
    const up = cmp(c.close, c.open) >= 0;
    const top = rowOf(c.high, lo, hi, h);
    const bottom = rowOf(c.low, lo, hi, h);
    const bodyTop = rowOf(up ? c.close : c.open, lo, hi, h);
    const bodyBottom = rowOf(up ? c.open : c.close, lo, hi, h);
    const tint = up ? paint.green : paint.red;
    for (let y = top; y <= bottom; y++) grid[y]![x] = tint(y >= bodyTop && y <= bodyBottom ? '┃' : '│');
  });
  // Every label at one precision: the finest the candles are quoted at.
  const places = Math.max(...candles.flatMap((c) => [c.open.scale, c.high.scale, c.low.scale, c.close.scale]));
  const mid = Math.floor(h / 2);
  const label = (y: number): string => {
    if (y !== 0 && y !== h - 1 && y !== mid) return '';
    const price = y === 0 ? hi : y === h - 1 ? lo : div(add(hi, lo), '2', places);
    return ` ${fmt(price, places)}`;
  };
  const times = rows.slice(-fit).map((r) => Number(scalarText(r.timestamp)) * 1000);
  return `${grid.map((line, y) => `${line.join('')}${label(y)}`).join('\n')}\n${timeAxis(times)}\n`;
}

/** `MM-DD HH:MM` in UTC; a day or more apart, `YYYY-MM-DD`. */
function stamp(ms: number, daily: boolean): string {
  const iso = new Date(ms).toISOString();
  return daily ? iso.slice(0, 10) : iso.slice(5, 16).replace('T', ' ');
}

/** The line under the candles: the time of the first, the middle and the last candle where they fit (UTC). */
export function timeAxis(times: readonly number[]): string {
  if (!times.every(Number.isFinite) || times.length === 0) return '';
  const daily = times.length > 1 && times[1]! - times[0]! >= 86_400_000;
  const line = Array<string>(times.length).fill(' ');
  const put = (x: number, text: string): void => {
    const at = Math.max(0, Math.min(x, times.length - text.length));
    if (at + text.length > times.length && at > 0) return;
    if (line.slice(Math.max(0, at - 1), at + text.length + 1).some((c) => c !== ' ')) return;
    text.split('').forEach((ch, i) => (line[at + i] = ch));
  };
  const mark = (i: number) => stamp(times[i]!, daily);
  put(0, mark(0));
  put(times.length - mark(times.length - 1).length, mark(times.length - 1));
  const m = Math.floor(times.length / 2);
  put(m - Math.floor(mark(m).length / 2), mark(m));
  return `${line.join('').trimEnd()}${line.join('').trim() ? ' UTC' : ''}`;
}
