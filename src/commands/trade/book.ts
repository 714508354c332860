/**
 * The order-book pane: asks above bids, up to 20 levels a side, grouped to a coarser price when
 * asked, cumulative sizes with bars, the spread between the sides, your own orders' prices marked
 * and the selected level highlighted. Worked out once per book or grouping change.
 */
import { alignDecimals } from '../../render/cells.js';
import { SGR } from '../../render/live.js';
import { add, cmp, div, dec, fmt, isZero, mul, type Dec } from '../../util/decimal.js';
import { spreadOf } from '../watch/depth.js';
import { priceTick } from './form.js';
import type { Level, TradeState } from './state.js';
import { cell, fill, Line, title } from './text.js';

/** Levels shown per side at most. */
export const BOOK_LEVELS = 20;
/** Grouping steps, in ticks: `g` cycles through them. */
export const GROUPS = [1, 10, 100, 1000] as const;

export interface BookRow {
  readonly price: string;
  readonly size: string;
  readonly total: string;
  /** Total as a share of the larger side's total, 0..1 (bar length only, never money). */
  readonly share: number;
  /** One of your open orders rests at this price (or in this group). */
  readonly mine: boolean;
}

export interface BookView {
  readonly asks: readonly BookRow[];
  readonly bids: readonly BookRow[];
  /** The grouping step as a price, e.g. `0.10`. */
  readonly step: string;
}

/** Decimal places of a grouped price: the pair's precision less one per power of ten. */
function groupPlaces(s: TradeState): number {
  const p = Number.parseInt(s.rules.price_max_precision, 10) || 0;
  return Math.max(0, p - Math.round(Math.log10(s.ui.group)));
}

/** The price `p` falls in: asks round up, bids down, to a multiple of `step`. */
function bucket(p: string, step: Dec, up: boolean, placesOut: number): string {
  const x = dec(p);
  const q = div(x, step, 0);
  const floor = mul(q, step);
  const b = up && cmp(floor, x) < 0 ? add(floor, step) : floor;
  return fmt(b, placesOut);
}

/** Levels merged into groups of `step` (first BOOK_LEVELS groups). */
function grouped(levels: readonly Level[], step: Dec, up: boolean, placesOut: number): Level[] {
  const out: Array<[string, Dec]> = [];
  for (const [p, size] of levels) {
    const b = bucket(p, step, up, placesOut);
    const last = out[out.length - 1];
    if (last && last[0] === b) last[1] = add(last[1], size);
    else {
      if (out.length === BOOK_LEVELS) break;
      out.push([b, dec(size)]);
    }
  }
  return out.map(([p, s]) => [p, fmt(s)] as const);
}

/** `part / whole` in 1/10000ths as a number: a bar's length, from the integers of both (no decimal division). */
function shareOf(part: Dec, whole: Dec): number {
  if (whole.units <= 0n) return 0;
  const scale = Math.max(part.scale, whole.scale);
  const p = part.units * 10n ** BigInt(scale - part.scale);
  const w = whole.units * 10n ** BigInt(scale - whole.scale);
  return Number((p * 10_000n) / w) / 10_000;
}

const cache = new WeakMap<TradeState, { key: string; view: BookView }>();

/** The book as shown: grouped, cumulative, marked. */
export function bookView(s: TradeState): BookView {
  const key = `${s.symbol}|${s.versions.book}|${s.versions.account}|${s.ui.group}`;
  const hit = cache.get(s);
  if (hit?.key === key) return hit.view;
  const tick = priceTick(s.rules);
  const step = mul(tick, String(s.ui.group));
  const placesOut = groupPlaces(s);
  const asks = s.ui.group === 1 ? s.market.asks.slice(0, BOOK_LEVELS) : grouped(s.market.asks, step, true, placesOut);
  const bids = s.ui.group === 1 ? s.market.bids.slice(0, BOOK_LEVELS) : grouped(s.market.bids, step, false, placesOut);
  const mine = { buy: new Set<string>(), sell: new Set<string>() };
  for (const o of s.account.orders.values()) {
    if (!o.price || isZero(o.price)) continue;
    mine[o.side].add(s.ui.group === 1 ? fmt(dec(o.price), placesOut) : bucket(o.price, step, o.side === 'sell', placesOut));
  }
  const side = (levels: readonly Level[], own: Set<string>) => {
    let total: Dec = { units: 0n, scale: 0 };
    return levels.map(([price, size]) => {
      total = add(total, size);
      return { price, size, total, mine: own.size > 0 && own.has(s.ui.group === 1 ? fmt(dec(price), placesOut) : price) };
    });
  };
  const a = side(asks, mine.sell);
  const b = side(bids, mine.buy);
  const top = [a[a.length - 1]?.total, b[b.length - 1]?.total].reduce<Dec>((m, t) => (t && cmp(t, m) > 0 ? t : m), { units: 0n, scale: 0 });
  const rows = (list: typeof a): BookRow[] => list.map((r) => ({
    price: r.price, size: r.size, total: fmt(r.total), mine: r.mine, share: shareOf(r.total, top),
  }));
  const view = { asks: rows(a), bids: rows(b), step: fmt(step, placesOut) };
  cache.set(s, { key, view });
  return view;
}

/** Linear position of a selected level: asks above the spread are negative, bids from 0 down. */
export function levelPos(level: TradeState['ui']['level']): number {
  return level.book === 'ask' ? -(level.index + 1) : level.index;
}

/** The level at a position, clamped to the levels there are. */
export function levelAt(s: TradeState, pos: number): TradeState['ui']['level'] {
  const v = bookView(s);
  const p = Math.max(-v.asks.length, Math.min(Math.max(0, v.bids.length - 1), pos));
  return p < 0 ? { book: 'ask', index: -p - 1 } : { book: 'bid', index: p };
}

/** The selected level's row, if the book has it. */
export function selectedLevel(s: TradeState): BookRow | undefined {
  const v = bookView(s);
  return s.ui.level.book === 'ask' ? v.asks[s.ui.level.index] : v.bids[s.ui.level.index];
}

/** Lines of the book pane, exactly `w` x `h`. */
export function bookPane(s: TradeState, w: number, h: number, color: boolean): string[] {
  const v = bookView(s);
  const head = title('BOOK', `${s.symbol}  group ${v.step}`, w, color, SGR.bold);
  if (!v.asks.length && !v.bids.length) return fill([head, cell('waiting for the book…', w)], w, h);
  const per = Math.max(1, Math.min(BOOK_LEVELS, Math.floor((h - 3) / 2)));
  const asks = v.asks.slice(0, per).reverse();
  const bids = v.bids.slice(0, per);
  const shown = [...asks, ...bids];
  const prices = alignDecimals(shown.map((r) => r.price));
  const sizes = alignDecimals(shown.map((r) => r.size));
  const totals = alignDecimals(shown.map((r) => r.total));
  const pw = Math.max(5, prices[0]?.length ?? 0);
  const sw = Math.max(4, sizes[0]?.length ?? 0);
  const tw = Math.max(5, totals[0]?.length ?? 0);
  const barW = Math.max(0, w - (2 + pw + 1 + sw + 1 + tw + 1));
  const focused = s.ui.focus === 'book' && s.ui.mode === 'main';
  const lines = [head, new Line(color).add(`  ${cell('PRICE', pw, true)} ${cell('SIZE', sw, true)} ${cell('TOTAL', tw, true)}`, SGR.bold).done(w)];
  const row = (r: BookRow, i: number, book: 'ask' | 'bid', index: number) => {
    const style = book === 'ask' ? SGR.red : SGR.green;
    const selected = focused && s.ui.level.book === book && s.ui.level.index === index;
    const line = new Line(color)
      .add(selected ? '›' : ' ')
      .add(r.mine ? '◆' : ' ', SGR.yellow)
      .add(cell(prices[i]!, pw, true), style)
      .add(` ${cell(sizes[i]!, sw, true)} ${cell(totals[i]!, tw, true)} `)
      .add('█'.repeat(Math.round(r.share * barW)), style);
    return line.done(w, selected ? SGR.inverse : undefined);
  };
  asks.forEach((r, i) => lines.push(row(r, i, 'ask', asks.length - 1 - i)));
  const spread = spreadOf(s.market);
  const last = s.market.ticker?.last;
  lines.push(new Line(color).add(cell(`  spread ${spread ? `${spread.abs} (${spread.pct}%)` : '-'}${last ? `  last ${last}` : ''}`, w), SGR.yellow).done(w));
  bids.forEach((r, i) => lines.push(row(r, asks.length + i, 'bid', i)));
  return fill(lines, w, h);
}
