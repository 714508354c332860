/**
 * The order book as the pane shows it: up to 20 levels a side, grouped to a coarser price when asked,
 * cumulative sizes, each total's share of the larger side (a bar's length), your own orders' prices
 * marked. Worked out once per book, account or grouping change.
 */
import { add, cmp, div, dec, fmt, isZero, mul, type Dec } from '../../util/decimal.js';
import { RunningTotals } from '../../util/running-totals.js';
import { pricePlaces } from '../../core/usecases/orders-read.js';
import { triggerLevels, triggerRows } from './attach.js';
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
  /** A stop or take-profit of the pair triggers at this level (./attach.ts: {@link triggerRows}). */
  readonly trigger: boolean;
}

export interface BookView {
  readonly asks: readonly BookRow[];
  readonly bids: readonly BookRow[];
  /** The grouping step as a price, e.g. `0.10`. */
  readonly step: string;
}

/** Decimal places of a grouped price: the pair's precision less one per power of ten. */
function groupPlaces(s: TradeState): number {
  const p = pricePlaces(s.rules) ?? 0;
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

/** What the grouping makes of prices, and the own orders' prices so grouped: kept while neither changes. */
interface Marks {
  readonly rules: TradeState['rules'];
  readonly group: number;
  readonly account: number;
  readonly step: Dec;
  readonly stepText: string;
  readonly places: number;
  /** Prices at `places` that need no reformatting (fmt gives them back as they are). */
  readonly plain: RegExp;
  readonly buy: ReadonlySet<string>;
  readonly sell: ReadonlySet<string>;
  /** The armed triggers of the pair's conditional orders. */
  readonly triggers: readonly string[];
}

function marksOf(s: TradeState): Marks {
  const step = mul(priceTick(s.rules), String(s.ui.group));
  const places = groupPlaces(s);
  const mine = { buy: new Set<string>(), sell: new Set<string>() };
  for (const o of s.account.orders.values()) {
    if (!o.price || isZero(o.price)) continue;
    mine[o.side].add(s.ui.group === 1 ? fmt(o.price, places) : bucket(o.price, step, o.side === 'sell', places));
  }
  const plain = new RegExp(`^(?:0|[1-9][0-9]*)${places > 0 ? `\\.[0-9]{${places}}` : ''}$`);
  return { rules: s.rules, group: s.ui.group, account: s.versions.account, step, stepText: fmt(step, places), places, plain, ...mine, triggers: triggerLevels(s) };
}

interface Cached {
  readonly symbol: string;
  readonly book: number;
  readonly marks: Marks;
  readonly view: BookView;
}

/** A side's rows: levels, exact running totals, shares of the `top` total (none: no bars), marks. */
function rowsOf(levels: readonly Level[], totals: RunningTotals, top: RunningTotals | undefined, own: ReadonlySet<string>, m: Marks, ask: boolean): BookRow[] {
  const trig = triggerRows(levels, m.triggers, ask);
  const rows = new Array<BookRow>(levels.length);
  const shares = top ? totals.shares(top, 10_000) : undefined;
  for (let i = 0; i < levels.length; i++) {
    const price = levels[i]![0];
    // Ungrouped, a level is yours when its price at the pair's precision is one of yours.
    const mine = own.size > 0 && own.has(m.group !== 1 || m.plain.test(price) ? price : fmt(price, m.places));
    rows[i] = { price, size: levels[i]![1], total: totals.texts[i]!, mine, trigger: trig.has(i), share: shares ? shares[i]! / 10_000 : 0 };
  }
  return rows;
}

/** The book as shown: grouped, cumulative, marked. */
export function bookView(s: TradeState): BookView {
  const hit = s.derived.book as Cached | undefined;
  const marksHold = hit !== undefined && hit.marks.account === s.versions.account && hit.marks.group === s.ui.group && hit.marks.rules === s.rules;
  if (marksHold && hit.book === s.versions.book && hit.symbol === s.symbol) return hit.view;
  const m = marksHold ? hit.marks : marksOf(s);
  const asks = s.ui.group === 1 ? s.market.asks.slice(0, BOOK_LEVELS) : grouped(s.market.asks, m.step, true, m.places);
  const bids = s.ui.group === 1 ? s.market.bids.slice(0, BOOK_LEVELS) : grouped(s.market.bids, m.step, false, m.places);
  const a = new RunningTotals(sizesOf(asks));
  const b = new RunningTotals(sizesOf(bids));
  // The larger side's total is a full bar; none above zero, no bars.
  let top = a.texts.length > 0 && a.signOfLast() > 0 ? a : undefined;
  if (b.texts.length > 0 && (top ? b.compareLast(top) > 0 : b.signOfLast() > 0)) top = b;
  const view = { asks: rowsOf(asks, a, top, m.sell, m, true), bids: rowsOf(bids, b, top, m.buy, m, false), step: m.stepText };
  const kept: Cached = { symbol: s.symbol, book: s.versions.book, marks: m, view };
  s.derived.book = kept;
  return view;
}

function sizesOf(levels: readonly Level[]): string[] {
  const sizes = new Array<string>(levels.length);
  for (let i = 0; i < levels.length; i++) sizes[i] = levels[i]![1];
  return sizes;
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
