/**
 * The depth chart: the book the book pane shows (its levels, grouping and totals), drawn as two
 * cumulative curves around the mid: bids climbing to the left, asks to the right, on one price scale.
 * Your open orders are marked `◆` and the armed triggers of the pair's conditional orders `◇` on a row
 * under the curves, at their prices' columns, and listed with their prices on the last row.
 * Prices and sizes are read as numbers for placing only; every figure shown is the venue's text.
 */
import { SGR } from '../../render/live.js';
import { add, div, norm } from '../../util/decimal.js';
import { triggerLevels } from './attach.js';
import { bookView, type BookRow } from './book.js';
import type { PaneDef } from './pane.js';
import { openOrders, type TradeState } from './state.js';
import { cell, fill, Line, title } from './text.js';

/** The column (0..w-1) of `price` on a scale from `lo` to `hi`, or undefined outside it. */
function columnOf(price: number, lo: number, hi: number, w: number): number | undefined {
  if (!Number.isFinite(price) || price < lo || price > hi || hi <= lo) return undefined;
  return Math.min(w - 1, Math.max(0, Math.round(((price - lo) / (hi - lo)) * (w - 1))));
}

/** The cumulative total at each column of a side: a level's total holds from its price outwards. */
function heights(rows: readonly BookRow[], lo: number, hi: number, w: number, bid: boolean): number[] {
  const out = new Array<number>(w).fill(0);
  for (const r of rows) {
    const c = columnOf(Number(r.price), lo, hi, w);
    if (c === undefined) continue;
    const total = Number(r.total);
    if (bid) for (let x = c; x >= 0; x--) out[x] = Math.max(out[x]!, total);
    else for (let x = c; x < w; x++) out[x] = Math.max(out[x]!, total);
  }
  return out;
}

export function depthPane(s: TradeState, w: number, h: number, color: boolean): string[] {
  const v = bookView(s);
  const bestBid = v.bids[0]?.price;
  const bestAsk = v.asks[0]?.price;
  if (bestBid === undefined || bestAsk === undefined) return fill([title('DEPTH', s.symbol, w, color, SGR.bold), cell('waiting for both sides of the book…', w)], w, h);
  const mid = norm(div(add(bestBid, bestAsk), '2', 12));
  const worstBid = Number(v.bids.at(-1)!.price);
  const worstAsk = Number(v.asks.at(-1)!.price);
  const m = Number(mid);
  const range = Math.max(m - worstBid, worstAsk - m) || m * 0.001;
  const lo = m - range;
  const hi = m + range;
  const lines = [title('DEPTH', `${s.symbol}  mid ${mid}  bids ${v.bids.at(-1)!.total} | asks ${v.asks.at(-1)!.total}`, w, color, SGR.bold)];
  const plotH = Math.max(1, h - 4);
  const bids = heights(v.bids, lo, hi, w, true);
  const asks = heights(v.asks, lo, hi, w, false);
  const top = Math.max(...bids, ...asks) || 1;
  const midCol = columnOf(m, lo, hi, w) ?? Math.floor(w / 2);
  for (let row = 0; row < plotH; row++) {
    // Row 0 is the top: a column is filled where its total reaches above the row's floor.
    const floor = ((plotH - 1 - row) / plotH) * top;
    const line = new Line(color);
    let run = '';
    let runStyle: typeof SGR.green | undefined;
    const flush = () => {
      if (run) line.add(run, runStyle);
      run = '';
    };
    for (let x = 0; x < w; x++) {
      const bid = x < midCol;
      const hgt = bid ? bids[x]! : x > midCol ? asks[x]! : 0;
      const ch = x === midCol ? '│' : hgt > floor ? '█' : ' ';
      const style = x === midCol ? SGR.gray : bid ? SGR.green : SGR.red;
      if (style !== runStyle) (flush(), (runStyle = style));
      run += ch;
    }
    flush();
    lines.push(line.done(w));
  }
  // Your orders and the armed triggers, at their prices' columns, then listed with their prices.
  const marks = new Array<string>(w).fill(' ');
  const listed: string[] = [];
  for (const o of openOrders(s)) {
    const c = columnOf(Number(o.price), lo, hi, w);
    if (c !== undefined) marks[c] = '◆';
    listed.push(`◆ ${o.side} ${o.price}${c === undefined ? ' (off the chart)' : ''}`);
  }
  for (const t of triggerLevels(s)) {
    const c = columnOf(Number(t), lo, hi, w);
    if (c !== undefined) marks[c] = marks[c] === '◆' ? '◈' : '◇';
    listed.push(`◇ trigger ${t}${c === undefined ? ' (off the chart)' : ''}`);
  }
  lines.push(new Line(color).add(marks.join(''), SGR.yellow).done(w));
  const left = v.bids.at(-1)!.price;
  const right = v.asks.at(-1)!.price;
  const gap = Math.max(1, w - left.length - right.length - mid.length);
  const axis = `${left}${' '.repeat(Math.floor(gap / 2))}${mid}${' '.repeat(Math.ceil(gap / 2))}${right}`;
  lines.push(new Line(color).add(cell(axis, w), SGR.gray).done(w));
  lines.push(cell(listed.length ? listed.join('  ') : 'no order or trigger of yours on this pair', w));
  return fill(lines, w, h);
}

/** The depth chart pane: the book as the book pane shows it, your orders and the triggers. */
export const DEPTH_PANE: PaneDef = { reads: ['pair', 'book', 'account', 'ui'], make: () => depthPane };
