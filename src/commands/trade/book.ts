/**
 * The order-book pane: asks above bids, the spread between the sides, your own orders' prices marked
 * and the selected level highlighted. It is composed 10 times a second, so each row is one string
 * built from precomputed style escapes and cached padding, columns are aligned on the decimal point
 * in one pass without intermediate arrays, and what did not change is handed back as the same strings.
 */
import { SGR } from '../../render/live.js';
import { spreadOf } from '../watch/depth.js';
import { BOOK_LEVELS, bookView, type BookRow, type BookView } from './book-view.js';
import type { TradeState } from './state.js';
import { cell, cutStyled, fill, Line, repeated, title, type Style } from './text.js';

export { BOOK_LEVELS, GROUPS, bookView, levelAt, levelPos, selectedLevel, type BookRow, type BookView } from './book-view.js';

/** A style's opening and closing escapes, taken from the style itself. */
function escapes(style: NonNullable<Style>): readonly [open: string, close: string] {
  const [open = '', close = ''] = style('\0').split('\0');
  return [open, close];
}

const [RED, RED_END] = escapes(SGR.red);
const [GREEN, GREEN_END] = escapes(SGR.green);
const [INVERSE, INVERSE_END] = escapes(SGR.inverse);
const MARK = { plain: [' ', '◆'], color: [SGR.yellow(' '), SGR.yellow('◆')] } as const;

/** Characters after the decimal point, the point included (0 without one). */
function fracOf(v: string): number {
  const dot = v.indexOf('.');
  return dot < 0 ? 0 : v.length - dot;
}

/** One column of decimals aligned on the point and right-aligned in `width` (what alignDecimals then cell give). */
class Column {
  /** Widest part before the point, and longest part from it. */
  int = 0;
  frac = 0;
  width = 0;

  constructor(private readonly min: number) {}

  reset(): void {
    this.int = this.frac = 0;
  }

  measure(v: string): void {
    const f = fracOf(v);
    if (f > this.frac) this.frac = f;
    if (v.length - f > this.int) this.int = v.length - f;
  }

  /** Call once every value is measured. */
  fix(): void {
    this.width = Math.max(this.min, this.int + this.frac);
  }

  text(v: string): string {
    const f = fracOf(v);
    return repeated(' ', this.width - (v.length - f) - this.frac) + v + repeated(' ', this.frac - f);
  }
}

/** What a pane was built from, and its lines: the same inputs hand back the same strings. */
interface Built {
  view: BookView;
  w: number;
  h: number;
  color: boolean;
  selected: string;
  rows: readonly string[];
  head: string;
  spread: string;
  lines: string[];
}

const built = new WeakMap<TradeState, Built>();
const columns = [new Column(5), new Column(4), new Column(5)] as const;
const lineCache = new Map<string, string>();

/** A line worked out once per distinct key (titles, headers, spread lines: a handful of keys at a time). */
function once(key: string, make: () => string): string {
  let line = lineCache.get(key);
  if (line === undefined) {
    if (lineCache.size > 64) lineCache.clear();
    lineCache.set(key, (line = make()));
  }
  return line;
}

/** The asks (reversed, best last) and bids rows as lines of width `w`. */
function bookRows(v: BookView, per: number, w: number, color: boolean, sel: TradeState['ui']['level'] | undefined): { rows: string[]; header: string } {
  const asks = Math.min(per, v.asks.length);
  const bids = Math.min(per, v.bids.length);
  const [pc, sc, tc] = columns;
  for (const c of columns) c.reset();
  const measure = (r: BookRow) => (pc.measure(r.price), sc.measure(r.size), tc.measure(r.total));
  for (let i = 0; i < asks; i++) measure(v.asks[i]!);
  for (let i = 0; i < bids; i++) measure(v.bids[i]!);
  for (const c of columns) c.fix();
  const fixed = 2 + pc.width + 1 + sc.width + 1 + tc.width + 1;
  const barW = Math.max(0, w - fixed);
  const header = once(`${pc.width}|${sc.width}|${tc.width}|${w}|${color}`, () =>
    new Line(color).add(`  ${cell('PRICE', pc.width, true)} ${cell('SIZE', sc.width, true)} ${cell('TOTAL', tc.width, true)}`, SGR.bold).done(w));
  const row = (r: BookRow, ask: boolean, index: number): string => {
    const picked = sel !== undefined && sel.index === index && (sel.book === 'ask') === ask;
    const n = Math.round(r.share * barW);
    const body = ` ${sc.text(r.size)} ${tc.text(r.total)} `;
    const bar = repeated('█', n);
    let line: string;
    if (color) {
      const open = ask ? RED : GREEN;
      const close = ask ? RED_END : GREEN_END;
      line = (picked ? '›' : ' ') + MARK.color[r.mine ? 1 : 0] + open + pc.text(r.price) + close + body + (n > 0 ? open + bar + close : '');
    } else line = (picked ? '›' : ' ') + MARK.plain[r.mine ? 1 : 0] + pc.text(r.price) + body + bar;
    if (fixed + n > w) return cutStyled(line, w, color);
    line += repeated(' ', w - fixed - n);
    return picked && color ? INVERSE + line + INVERSE_END : line;
  };
  const rows: string[] = [];
  for (let i = asks - 1; i >= 0; i--) rows.push(row(v.asks[i]!, true, i));
  for (let i = 0; i < bids; i++) rows.push(row(v.bids[i]!, false, i));
  return { rows, header };
}

/** Lines of the book pane, exactly `w` x `h`. */
export function bookPane(s: TradeState, w: number, h: number, color: boolean): string[] {
  const v = bookView(s);
  const head = once(`t|${s.symbol}|${v.step}|${w}|${color}`, () => title('BOOK', `${s.symbol}  group ${v.step}`, w, color, SGR.bold));
  if (!v.asks.length && !v.bids.length) return fill([head, cell('waiting for the book…', w)], w, h);
  const per = Math.max(1, Math.min(BOOK_LEVELS, Math.floor((h - 3) / 2)));
  const sel = s.ui.focus === 'book' && s.ui.mode === 'main' ? s.ui.level : undefined;
  const selected = sel ? `${sel.book}${sel.index}` : '';
  const last = s.market.ticker?.last;
  const spreadLine = once(`s|${s.market.asks[0]?.[0]}|${s.market.bids[0]?.[0]}|${last}|${w}|${color}`, () => {
    const spread = spreadOf(s.market);
    const text = `  spread ${spread ? `${spread.abs} (${spread.pct}%)` : '-'}${last ? `  last ${last}` : ''}`;
    return new Line(color).add(cell(text, w), SGR.yellow).done(w);
  });
  let b = built.get(s);
  if (b?.view === v && b.w === w && b.h === h && b.color === color && b.selected === selected) {
    if (b.head === head && b.spread === spreadLine) return b.lines;
  } else {
    const { rows, header } = bookRows(v, per, w, color, sel);
    b = { view: v, w, h, color, selected, rows: [header, ...rows], head: '', spread: '', lines: [] };
    built.set(s, b);
  }
  const asks = Math.min(per, v.asks.length);
  const lines = [head, ...b.rows.slice(0, asks + 1), spreadLine, ...b.rows.slice(asks + 1)];
  Object.assign(b, { head, spread: spreadLine, lines: fill(lines, w, h) });
  return b.lines;
}
