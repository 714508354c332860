/**
 * The order book as the pane shows it: up to 20 levels a side, grouped to a coarser price when asked,
 * cumulative sizes, each total's share of the larger side (a bar's length), your own orders' prices
 * marked. Worked out once per book, account or grouping change.
 */
import { add, cmp, div, dec, fmt, isZero, mul, type Dec } from '../../util/decimal.js';
import { ratioOf, runningTotals } from '../../util/small-decimal.js';
import { priceTick } from './form.js';
import type { Level, TradeState } from './state.js';

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

/** A side's levels with their running totals as text (exact) and whether one of `own` is there. */
interface Side {
  readonly levels: readonly Level[];
  readonly totals: readonly string[];
  readonly own: ReadonlySet<string>;
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
    mine[o.side].add(s.ui.group === 1 ? fmt(o.price, placesOut) : bucket(o.price, step, o.side === 'sell', placesOut));
  }
  const a: Side = { levels: asks, totals: runningTotals(asks.map((l) => l[1])), own: mine.sell };
  const b: Side = { levels: bids, totals: runningTotals(bids.map((l) => l[1])), own: mine.buy };
  // The larger side's total (never below zero) is a full bar.
  let top = '0';
  for (const t of [a.totals[a.totals.length - 1], b.totals[b.totals.length - 1]]) if (t !== undefined && cmp(t, top) > 0) top = t;
  const full = !isZero(top);
  const rows = (side: Side): BookRow[] => side.levels.map(([price, size], i) => {
    const total = side.totals[i]!;
    const mark = side.own.size > 0 && side.own.has(s.ui.group === 1 ? fmt(price, placesOut) : price);
    return { price, size, total, mine: mark, share: full ? ratioOf(total, top, 10_000) / 10_000 : 0 };
  });
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
