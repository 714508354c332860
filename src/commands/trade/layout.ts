/**
 * Where each pane goes for a terminal size. Panes leave by width: the chart below 100 columns, the
 * trades below 80 (kept in read-only mode, which has no account panes); below 50 x 15 the screen
 * only says it is too small. Row 0 is the banner; the last two rows are the key hints and the status.
 * A pane is its own file (a {@link PaneDef}: the slices it reads, how it draws) named here and placed by
 * {@link layout}.
 */
import type { Size } from '../../render/live.js';
import { BOOK_PANE } from './book.js';
import { CHART_PANE } from './candles.js';
import type { PaneDef } from './pane.js';
import { BALANCES_PANE, ORDERS_PANE, TRADES_PANE } from './panes.js';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Every pane, by name. */
export const PANES = { book: BOOK_PANE, chart: CHART_PANE, trades: TRADES_PANE, balances: BALANCES_PANE, orders: ORDERS_PANE } as const satisfies Record<string, PaneDef>;

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
/** Widths from which the chart and the trades are shown. */
export const CHART_FROM = 100;
export const TRADES_FROM = 80;

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
  private last: { columns: number; rows: number; readOnly: boolean; layout: Layout } | undefined;

  /** Where each pane goes at this size. */
  at(size: Size, readOnly: boolean): Layout {
    const last = this.last;
    if (last?.columns === size.columns && last.rows === size.rows && last.readOnly === readOnly) return last.layout;
    this.last = { columns: size.columns, rows: size.rows, readOnly, layout: layout(size, readOnly) };
    return this.last.layout;
  }
}

/** Where each pane goes at this size (worked out anew: {@link Layouts} keeps it). */
export function layout(size: Size, readOnly: boolean): Layout {
  const { columns: W, rows: H } = size;
  if (W < MIN_COLUMNS || H < MIN_ROWS) return { tooSmall: true, panes: [], key: '' };
  const y = 1;
  const B = H - 3;
  const bookW = W >= CHART_FROM ? clamp(Math.floor(W * 0.34), 40, 64) : W >= TRADES_FROM ? clamp(Math.floor(W * 0.42), 34, 42) : Math.floor(W / 2);
  const panes: Array<[PaneName, Rect]> = [['book', { x: 0, y, w: bookW, h: B }]];
  const x = bookW + 1;
  const rw = W - x;
  const balances = 3;
  if (W >= CHART_FROM) {
    const chartH = clamp(Math.floor(B * 0.5), 6, 18);
    panes.push(['chart', { x, y, w: rw, h: chartH }]);
    const below = y + chartH;
    const belowH = B - chartH;
    if (readOnly) panes.push(['trades', { x, y: below, w: rw, h: belowH }]);
    else {
      const tradesW = clamp(Math.floor(rw * 0.4), 28, 40);
      panes.push(['trades', { x, y: below, w: tradesW, h: belowH }]);
      panes.push(...stack(x + tradesW + 1, below, rw - tradesW - 1, belowH, [['balances', balances], ['orders', belowH]]));
    }
  } else if (readOnly) panes.push(['trades', { x, y, w: rw, h: B }]);
  else if (W >= TRADES_FROM) panes.push(...stack(x, y, rw, B, [['balances', balances], ['orders', Math.ceil((B - balances) / 2)], ['trades', B]]));
  else panes.push(...stack(x, y, rw, B, [['balances', balances], ['orders', B]]));
  return { tooSmall: false, panes, key: panes.map(([n, r]) => `${n}${r.x},${r.y},${r.w},${r.h}`).join(' ') };
}
