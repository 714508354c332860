/**
 * The depth chart: the book the book pane shows (its levels, grouping and totals), drawn as two
 * cumulative curves around the mid: bids climbing to the left, asks to the right, on one price scale.
 * Your open orders are marked `◆` and the armed triggers of the pair's conditional orders `◇` on a row
 * under the curves, at their prices' columns, and listed with their prices on the last row.
 * Prices are placed on exact integers (each at the places of the finest price shown), as the candle chart's
 * rows are; sizes are read as numbers for the curves' heights only; every figure shown is the venue's text.
 */
import { SGR } from '../../render/live.js';
import { add, dec, div, norm } from '../../util/decimal.js';
import { triggerLevels } from './attach.js';
import { bookView, type BookRow } from './book.js';
import type { PaneDef } from './pane.js';
import { openOrders, type TradeState } from './state.js';
import { cell, fill, Line, title } from './text.js';

/** A price as an integer of 10^-places (places at least the price's own). */
const unitsOf = (price: string, places: number): bigint => {
  const d = dec(price);
  return d.units * 10n ** BigInt(Math.max(0, places - d.scale));
};

/** A price scale from `lo` to `hi` (integers of 10^-places) over `w` columns. */
interface Scale {
  readonly lo: bigint;
  readonly hi: bigint;
  readonly places: number;
  readonly w: number;
}

/** The column (0..w-1) of `price` on the scale, the nearest (half up), or undefined outside it. */
function columnOf(price: string, sc: Scale): number | undefined {
  let at: bigint;
  try {
    at = unitsOf(price, sc.places);
  } catch {
    return undefined; // no decimal: nowhere on the chart
  }
  const span = sc.hi - sc.lo;
  if (at < sc.lo || at > sc.hi || span <= 0n) return undefined;
  return Number(((at - sc.lo) * BigInt(sc.w - 1) * 2n + span) / (2n * span));
}

/** The cumulative total at each column of a side: a level's total holds from its price outwards. */
function heights(rows: readonly BookRow[], sc: Scale, bid: boolean): number[] {
  const out = new Array<number>(sc.w).fill(0);
  for (const r of rows) {
    const c = columnOf(r.price, sc);
    if (c === undefined) continue;
    const total = Number(r.total);
    if (bid) for (let x = c; x >= 0; x--) out[x] = Math.max(out[x]!, total);
    else for (let x = c; x < sc.w; x++) out[x] = Math.max(out[x]!, total);
  }
  return out;
}

/** The finest places of the prices given (a price that is no decimal counts none). */
function placesOf(prices: Iterable<string>): number {
  let n = 0;
  for (const p of prices) {
    const dot = p.indexOf('.');
    if (dot >= 0) n = Math.max(n, p.length - dot - 1);
  }
  return n;
}

export function depthPane(s: TradeState, w: number, h: number, color: boolean): string[] {
  const v = bookView(s);
  const bestBid = v.bids[0]?.price;
  const bestAsk = v.asks[0]?.price;
  if (bestBid === undefined || bestAsk === undefined) return fill([title('DEPTH', s.symbol, w, color, SGR.bold), cell('waiting for both sides of the book…', w)], w, h);
  const mid = norm(div(add(bestBid, bestAsk), '2', 12));
  // One scale around the mid, out to the farther of the book's two ends (a thousandth of the mid when both are at it).
  const orders = openOrders(s);
  const triggers = triggerLevels(s);
  const places = placesOf([mid, ...v.bids.map((r) => r.price), ...v.asks.map((r) => r.price), ...orders.map((o) => o.price), ...triggers]);
  const m = unitsOf(mid, places);
  const far = (a: bigint, b: bigint) => (a > b ? a : b);
  const reach = far(m - unitsOf(v.bids.at(-1)!.price, places), unitsOf(v.asks.at(-1)!.price, places) - m);
  const range = reach > 0n ? reach : far(m / 1000n, 1n);
  const sc: Scale = { lo: m - range, hi: m + range, places, w };
  const lines = [title('DEPTH', `${s.symbol}  mid ${mid}  bids ${v.bids.at(-1)!.total} | asks ${v.asks.at(-1)!.total}`, w, color, SGR.bold)];
  const plotH = Math.max(1, h - 4);
  const bids = heights(v.bids, sc, true);
  const asks = heights(v.asks, sc, false);
  const top = Math.max(...bids, ...asks) || 1;
  const midCol = columnOf(mid, sc) ?? Math.floor(w / 2);
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
  for (const o of orders) {
    const c = columnOf(o.price, sc);
    if (c !== undefined) marks[c] = '◆';
    listed.push(`◆ ${o.side} ${o.price}${c === undefined ? ' (off the chart)' : ''}`);
  }
  for (const t of triggers) {
    const c = columnOf(t, sc);
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
