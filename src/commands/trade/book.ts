/**
 * The order-book pane: asks above bids, the spread between the sides, your own orders' prices marked
 * and the selected level highlighted. It is composed 10 times a second, mostly before the engine has
 * optimised it: the columns are aligned on their points in one measuring pass, each row is one
 * template of a few pieces (style escapes, marks and padding made once and kept), and what did not
 * change is handed back as the same strings.
 */
import { SGR } from '../../render/live.js';
import { spreadOf } from '../spread.js';
import { BOOK_LEVELS, bookView, type BookRow, type BookView } from './book-view.js';
import type { PaneDef } from './pane.js';
import type { TradeState } from './state.js';
import { around, fracOf, INVERSE_END, LEADS, Pads, SIDE } from './book-ink.js';
import { cell, cutStyled, fill, Kept, Line, spaces, title } from './text.js';

export { BOOK_LEVELS, GROUPS, bookView, levelAt, levelPos, selectedLevel, type BookRow, type BookView } from './book-view.js';

/** What a pane was built from, and its lines: the same inputs hand back the same strings. */
interface Built {
  state: TradeState;
  view: BookView;
  w: number;
  h: number;
  color: boolean;
  selected: string;
  /** The column header and the rows of both sides, which change with the book only. */
  rows: Rows;
  head: string;
  spread: string;
  lines: string[];
}

/** A pane's rows (asks first) and header, with what each row was built from. */
interface Rows {
  readonly rows: string[];
  readonly header: string;
  readonly shown: readonly BookRow[];
  /** Of each row: its bar's length times 2, plus 1 when selected. */
  readonly looks: readonly number[];
  /** The columns' widths and points, the pane's width and colour, the asks shown. */
  readonly layout: string;
}

/**
 * One screen's book pane, with what it last built: each terminal state (its session) has its own
 * pane, so no row, padding or measure of one book shows in another's.
 */
export class BookPane {
  private built: Built | undefined;
  private readonly kept = { title: new Kept(), header: new Kept(), spread: new Kept() };
  private readonly pads = new Pads();
  /** Of each row shown, in screen order: characters from the point (0 without one) of price, size, total. */
  private fracs = new Int32Array(6 * BOOK_LEVELS);

  /**
   * The asks (best last) and bids rows as lines of width `w`, with the header over them. Prices, sizes
   * and totals are aligned on their points and right-aligned as alignDecimals and cell would, in one
   * pass over the rows to measure and one to build (no per-column arrays). A row built from the same
   * inputs as in `prev`, in the same layout, is `prev`'s string.
   */
  private rows(v: BookView, per: number, w: number, color: boolean, sel: TradeState['ui']['level'] | undefined, prev: Rows | undefined): Rows {
    const asks = Math.min(per, v.asks.length);
    const shown: BookRow[] = [];
    for (let i = asks - 1; i >= 0; i--) shown.push(v.asks[i]!);
    for (let i = 0; i < Math.min(per, v.bids.length); i++) shown.push(v.bids[i]!);
    if (this.fracs.length < 3 * shown.length) this.fracs = new Int32Array(3 * shown.length);
    const { fracs, pads } = this;
    // The longest part of each column before its point, and from it.
    let pInt = 0, pFrac = 0, sInt = 0, sFrac = 0, tInt = 0, tFrac = 0;
    for (let k = 0; k < shown.length; k++) {
      const r = shown[k]!;
      const pf = (fracs[3 * k] = fracOf(r.price));
      const sf = (fracs[3 * k + 1] = fracOf(r.size));
      const tf = (fracs[3 * k + 2] = fracOf(r.total));
      pInt = Math.max(pInt, r.price.length - pf);
      pFrac = Math.max(pFrac, pf);
      sInt = Math.max(sInt, r.size.length - sf);
      sFrac = Math.max(sFrac, sf);
      tInt = Math.max(tInt, r.total.length - tf);
      tFrac = Math.max(tFrac, tf);
    }
    const pw = Math.max(5, pInt + pFrac);
    const sw = Math.max(4, sInt + sFrac);
    const tw = Math.max(5, tInt + tFrac);
    const fixed = 2 + pw + 1 + sw + 1 + tw + 1;
    const barW = Math.max(0, w - fixed);
    const header = this.kept.header.of([pw, sw, tw, w, color], () =>
      new Line(color).add(`  ${cell('PRICE', pw, true)} ${cell('SIZE', sw, true)} ${cell('TOTAL', tw, true)}`, SGR.bold).done(w));
    const layout = `${pw},${sw},${tw},${pFrac},${sFrac},${tFrac},${w},${color},${asks}`;
    const same = prev?.layout === layout;
    const rows = new Array<string>(shown.length);
    const looks = new Array<number>(shown.length);
    for (let k = 0; k < shown.length; k++) {
      const r = shown[k]!;
      const ask = k < asks;
      const index = ask ? asks - 1 - k : k - asks;
      const picked = sel !== undefined && sel.index === index && (sel.book === 'ask') === ask;
      // A share below zero (sizes the venue sent negative) draws no bar.
      const n = Math.max(0, Math.round(r.share * barW));
      looks[k] = n * 2 + (picked ? 1 : 0);
      const was = same ? prev.shown[k] : undefined;
      if (was && prev!.looks[k] === looks[k] && (was === r || (was.price === r.price && was.size === r.size && was.total === r.total && was.mine === r.mine && was.trigger === r.trigger))) {
        rows[k] = prev!.rows[k]!;
        continue;
      }
      const fits = fixed + n <= w;
      const inverse = picked && color && fits;
      const side = SIDE[color ? 'color' : 'plain'][ask ? 'ask' : 'bid'];
      const pf = fracs[3 * k]!;
      const sf = fracs[3 * k + 1]!;
      const tf = fracs[3 * k + 2]!;
      const lead = (r.trigger ? 32 : 0) | (color ? 16 : 0) | (ask ? 8 : 0) | (r.mine ? 4 : 0) | (picked ? 2 : 0) | (inverse ? 1 : 0);
      const line = `${around(pads.leads[lead]!, 0, LEADS[lead]!, pw - r.price.length + pf - pFrac)}${r.price}${
        around(pads.between[side.slot]!, pFrac - pf, side.closeGap, sw - r.size.length + sf - sFrac)}${r.size}${
        around(pads.gaps, sFrac - sf, ' ', tw - r.total.length + tf - tFrac)}${r.total}${around(pads.gaps, tFrac - tf, ' ', 0)}${
        n > 0 ? `${side.open}${pads.bars(n)}${side.close}` : ''}`;
      // A line longer than the pane (a narrow pane) is cut as Line.done cuts it: no inverse then.
      rows[k] = fits ? `${line}${spaces(w - fixed - n)}${inverse ? INVERSE_END : ''}` : cutStyled(line, w, color);
    }
    return { rows, header, shown, looks, layout };
  }

  /** Lines of the book pane, exactly `w` x `h`. */
  draw(s: TradeState, w: number, h: number, color: boolean): string[] {
    const v = bookView(s);
    const head = this.kept.title.of([s.symbol, v.step, w, color], () => title('BOOK', `${s.symbol}  group ${v.step}`, w, color, SGR.bold));
    if (!v.asks.length && !v.bids.length) return fill([head, cell('waiting for the book…', w)], w, h);
    const per = Math.max(1, Math.min(BOOK_LEVELS, Math.floor((h - 3) / 2)));
    const sel = s.ui.focus === 'book' && s.ui.mode === 'main' ? s.ui.level : undefined;
    const selected = sel ? `${sel.book}${sel.index}` : '';
    const last = s.market.ticker?.last;
    const spreadLine = this.kept.spread.of([s.market.asks[0]?.[0], s.market.bids[0]?.[0], last, w, color], () => {
      const spread = spreadOf(s.market);
      const text = `  spread ${spread ? `${spread.abs} (${spread.pct}%)` : '-'}${last ? `  last ${last}` : ''}`;
      return new Line(color).add(cell(text, w), SGR.yellow).done(w);
    });
    let b = this.built;
    if (b?.state === s && b.view === v && b.w === w && b.h === h && b.color === color && b.selected === selected) {
      if (b.head === head && b.spread === spreadLine) return b.lines;
    } else {
      const prev = b?.state === s ? b.rows : undefined;
      b = { state: s, view: v, w, h, color, selected, rows: this.rows(v, per, w, color, sel, prev), head: '', spread: '', lines: [] };
      this.built = b;
    }
    const asks = Math.min(per, v.asks.length);
    const { rows, header } = b.rows;
    const lines = [head, header];
    for (let k = 0; k < rows.length; k++) {
      if (k === asks) lines.push(spreadLine);
      lines.push(rows[k]!);
    }
    if (asks === rows.length) lines.push(spreadLine);
    b.head = head;
    b.spread = spreadLine;
    b.lines = fill(lines, w, h);
    return b.lines;
  }
}

/** The book pane: the market's book and ticker, your orders' and triggers' marks, the selection and grouping. */
export const BOOK_PANE: PaneDef = { reads: ['pair', 'book', 'ticker', 'account', 'ui'], make: () => {
  const p = new BookPane();
  return (s, w, h, color) => p.draw(s, w, h, color);
} };

/**
 * The book level drawn on `row` (from the pane's top) of a book pane `h` high, as {@link BookPane}
 * draws it: the title, the header, the asks (best last), the spread, the bids; undefined elsewhere.
 */
export function levelAtRow(s: TradeState, h: number, row: number): TradeState['ui']['level'] | undefined {
  const v = bookView(s);
  const per = Math.max(1, Math.min(BOOK_LEVELS, Math.floor((h - 3) / 2)));
  const asks = Math.min(per, v.asks.length);
  const bids = Math.min(per, v.bids.length);
  const k = row - 2;
  if (k < 0) return undefined;
  if (k < asks) return { book: 'ask', index: asks - 1 - k };
  const b = k - asks - 1;
  return b >= 0 && b < bids ? { book: 'bid', index: b } : undefined;
}
