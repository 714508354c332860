/**
 * A candlestick chart in text: one column per candle (the most recent that fit), wicks `│`,
 * bodies `┃` (up green, down red), a price axis on the right. Scaling is exact decimal arithmetic.
 */
import type { Row } from '../../render/cells.js';
import { cmp, dec, div, fmt, max, min, mul, sub, type Dec } from '../../util/decimal.js';
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
  const label = (y: number): string => {
    if (y !== 0 && y !== h - 1 && y !== Math.floor(h / 2)) return '';
    const price = y === 0 ? hi : y === h - 1 ? lo : div(mul(sub(hi, lo), '1'), '2', Math.max(hi.scale, lo.scale) + 1);
    return ` ${fmt(y === Math.floor(h / 2) && y !== 0 ? sub(hi, price) : price)}`;
  };
  return `${grid.map((line, y) => `${line.join('')}${label(y)}`).join('\n')}\n`;
}
