/**
 * Where each pane goes for a terminal size. Panes leave by width, in this order: the watchlist's own
 * column below 140 columns, the chart (candles or depth) below 100, the trades below 80 (kept in
 * read-only mode, which has no account panes); below 50 x 15 the screen only says it is too small.
 * A pane called up by its key where it has no place of its own (the history, `h`; the watchlist, `w`,
 * below 140 columns) takes the chart's place; with no chart, the trades' (the orders' below 80 columns);
 * the depth chart (`d`) with no chart shown takes the book's. Panes never overlap. Row 0 is the banner; the last two rows are the key
 * hints and the status. A pane is its own file (a {@link PaneDef}: the slices it reads, how it draws)
 * named here and placed by {@link layout}.
 */
import type { Size } from '../../render/live.js';
import { BOOK_PANE } from './book.js';
import { CHART_PANE } from './candles.js';
import { DEPTH_PANE } from './depth.js';
import { HISTORY_PANE } from './history-pane.js';
import type { PaneDef } from './pane.js';
import { BALANCES_PANE, ORDERS_PANE, TRADES_PANE } from './panes.js';
import type { Ui } from './ui-state.js';
import { WATCH_PANE } from './watch-pane.js';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Every pane, by name. */
export const PANES = {
  book: BOOK_PANE, chart: CHART_PANE, depth: DEPTH_PANE, trades: TRADES_PANE, balances: BALANCES_PANE, orders: ORDERS_PANE, watch: WATCH_PANE, history: HISTORY_PANE,
} as const satisfies Record<string, PaneDef>;

export type PaneName = keyof typeof PANES;

export interface Layout {
  /** Set when the terminal is below the minimum: nothing else is drawn. */
  readonly tooSmall: boolean;
  readonly panes: ReadonlyArray<readonly [PaneName, Rect]>;
  /** The panes' names and places as text: equal keys, equal layouts. */
  readonly key: string;
}

export const MIN_COLUMNS = 50;
export const MIN_ROWS = 15;
/** Widths from which the watchlist's column, the chart and the trades are shown. */
export const WATCH_FROM = 140;
export const CHART_FROM = 100;
export const TRADES_FROM = 80;

/** What of the interface decides the layout: the depth chart in the candles' place, a pane called up. */
export type View = Pick<Ui, 'depth' | 'swap'>;

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** A column of panes stacked top to bottom; the last takes what is left. */
function stack(x: number, y: number, w: number, h: number, parts: ReadonlyArray<readonly [PaneName, number]>): Array<[PaneName, Rect]> {
  const out: Array<[PaneName, Rect]> = [];
  let top = y;
  parts.forEach(([name, height], i) => {
    const hh = i === parts.length - 1 ? y + h - top : Math.min(height, y + h - top);
    if (hh > 0) out.push([name, { x, y: top, w, h: hh }]);
    top += hh;
  });
  return out;
}

/**
 * One screen's layouts: a frame asks for the same one ten times a second, so the last one worked out
 * is kept (the same object while the size and the mode are the same).
 */
export class Layouts {
  private last: { columns: number; rows: number; readOnly: boolean; depth: boolean; swap: View['swap']; layout: Layout } | undefined;

  /** Where each pane goes at this size. */
  at(size: Size, readOnly: boolean, view: View = NO_VIEW): Layout {
    const last = this.last;
    if (last?.columns === size.columns && last.rows === size.rows && last.readOnly === readOnly && last.depth === view.depth && last.swap === view.swap) return last.layout;
    this.last = { columns: size.columns, rows: size.rows, readOnly, depth: view.depth, swap: view.swap, layout: layout(size, readOnly, view) };
    return this.last.layout;
  }
}

const NO_VIEW: View = { depth: false, swap: undefined };

/** The pane at a cell of the screen, and the cell within it; undefined off every pane. */
export function paneAt(L: Layout, x: number, y: number): { readonly name: PaneName; readonly rect: Rect; readonly row: number } | undefined {
  for (const [name, rect] of L.panes) {
    if (x >= rect.x && x < rect.x + rect.w && y >= rect.y && y < rect.y + rect.h) return { name, rect, row: y - rect.y };
  }
  return undefined;
}

/** Where each pane goes at this size (worked out anew: {@link Layouts} keeps it). */
export function layout(size: Size, readOnly: boolean, view: View = NO_VIEW): Layout {
  const { columns: W, rows: H } = size;
  if (W < MIN_COLUMNS || H < MIN_ROWS) return { tooSmall: true, panes: [], key: '' };
  const y = 1;
  const B = H - 3;
  const panes: Array<[PaneName, Rect]> = [];
  // The watchlist's own column, on the left, from WATCH_FROM columns.
  const watchW = W >= WATCH_FROM ? clamp(Math.floor(W * 0.25), 38, 48) : 0;
  if (watchW) panes.push(['watch', { x: 0, y, w: watchW, h: B }]);
  const x0 = watchW ? watchW + 1 : 0;
  const R = W - x0;
  // A pane called up where it has no place of its own takes the chart's place (the widest); with no chart,
  // the trades' place (below 80 columns the orders').
  const called: PaneName | undefined = view.swap === 'history' && !readOnly ? 'history' : view.swap === 'watch' && !watchW ? 'watch' : undefined;
  const chart: PaneName = called ?? (view.depth ? 'depth' : 'chart');
  const bookW = R >= CHART_FROM ? clamp(Math.floor(R * 0.34), 40, 64) : R >= TRADES_FROM ? clamp(Math.floor(R * 0.42), 34, 42) : Math.floor(R / 2);
  // With no chart shown, the depth chart takes the book's place.
  panes.push([R < CHART_FROM && view.depth ? 'depth' : 'book', { x: x0, y, w: bookW, h: B }]);
  const x = x0 + bookW + 1;
  const rw = W - x;
  const balances = 3;
  const swap = R >= CHART_FROM ? undefined : called;
  const trades: PaneName = swap ?? 'trades';
  if (R >= CHART_FROM) {
    const chartH = clamp(Math.floor(B * 0.5), 6, 18);
    panes.push([chart, { x, y, w: rw, h: chartH }]);
    const below = y + chartH;
    const belowH = B - chartH;
    if (readOnly) panes.push([trades, { x, y: below, w: rw, h: belowH }]);
    else {
      const tradesW = clamp(Math.floor(rw * 0.4), 28, 40);
      panes.push([trades, { x, y: below, w: tradesW, h: belowH }]);
      panes.push(...stack(x + tradesW + 1, below, rw - tradesW - 1, belowH, [['balances', balances], ['orders', belowH]]));
    }
  } else if (readOnly) panes.push([trades, { x, y, w: rw, h: B }]);
  else if (R >= TRADES_FROM) panes.push(...stack(x, y, rw, B, [['balances', balances], ['orders', Math.ceil((B - balances) / 2)], [trades, B]]));
  else panes.push(...stack(x, y, rw, B, [['balances', balances], [swap ?? 'orders', B]]));
  return { tooSmall: false, panes, key: panes.map(([n, r]) => `${n}${r.x},${r.y},${r.w},${r.h}`).join(' ') };
}
