/** The order-book view: asks above bids, cumulative sizes with bars, and the spread between them. */
import type { Row } from '../../render/cells.js';
import { SGR, type Size } from '../../render/live.js';
import { add, cmp, div, fmt, isZero, type Dec } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';
import type { Entry } from '../../ws/codec.js';
import { Flashes, fit, grid, type Cell } from '../grid.js';
import type { View } from './keyed.js';
import type { WatchState } from './state.js';
import { LOCAL_COLUMNS } from '../local-columns.js';
import { spreadOf } from '../spread.js';

type Level = readonly [price: string, size: string];

const DEPTH_COLUMNS = LOCAL_COLUMNS['watch depth'];
type DepthColumn = (typeof DEPTH_COLUMNS)[number];

interface Book {
  readonly symbol: string;
  readonly asks: readonly Level[];
  readonly bids: readonly Level[];
}

function levelsOf(v: unknown): Level[] {
  if (!Array.isArray(v)) return [];
  return v.filter(Array.isArray).map((l) => [scalarText(l[0]), scalarText(l[1])] as const);
}

/** Each level with the running total from the best price outward. */
function cumulative(levels: readonly Level[]): { price: string; size: string; total: Dec }[] {
  let total: Dec = { units: 0n, scale: 0 };
  return levels.map(([price, size]) => ({ price, size, total: (total = add(total, size)) }));
}

/** part / whole as a fraction in [0, 1], for bar lengths only (never for money). */
function share(part: Dec, whole: Dec): number {
  if (isZero(whole)) return 0;
  return Number(div(part, whole, 4).units) / 10_000;
}

export class DepthView implements View {
  private book: Book | undefined;
  private parsedFrom: Entry | undefined;
  /** Sizes as last drawn, by `side|price`. */
  private drawn = new Map<string, string>();
  private readonly flashes = new Flashes();
  /** The columns shown, in order (`--fields`; default all). */
  private shown: readonly DepthColumn[] = DEPTH_COLUMNS;

  /** `symbol`'s book as the live layer keeps it (every push is the whole book): parsed only when shown. */
  constructor(readonly levels: number, readonly symbol: string) {}

  /** The column names, in order. */
  names(): string[] {
    return [...DEPTH_COLUMNS];
  }

  /** Shows only the named columns, in the order named (`--fields`). */
  only(names: readonly string[]): void {
    this.shown = names.filter((n): n is DepthColumn => (DEPTH_COLUMNS as readonly string[]).includes(n));
  }

  private current(s: WatchState): Book | undefined {
    const e = s.market.book(this.symbol);
    if (e && e !== this.parsedFrom) {
      this.parsedFrom = e;
      this.book = { symbol: scalarText(e.symbol), asks: levelsOf(e.asks), bids: levelsOf(e.bids) };
    }
    return this.book;
  }

  /** Levels whose size changed (or that appeared) since the last frame start flashing. */
  private noteChanges(b: Book, now: number): void {
    const next = new Map<string, string>();
    for (const side of ['asks', 'bids'] as const) {
      for (const [p, s] of b[side]) {
        const id = `${side}|${p}`;
        next.set(id, s);
        if (this.drawn.size) this.flashes.note(id, this.drawn.get(id) ?? '', s, now);
      }
    }
    this.drawn = next;
  }

  rows(s: WatchState): Row[] {
    const book = this.current(s);
    if (!book) return [];
    const side = (name: string, levels: readonly Level[]) => cumulative(levels).map((l) => ({ side: name, price: l.price, size: l.size, total: fmt(l.total) }));
    return [...side('ask', book.asks).reverse(), ...side('bid', book.bids)];
  }

  lines(s: WatchState, size: Size, now: number, color: boolean): string[] {
    const b = this.current(s);
    if (!b) return ['waiting for the first snapshot…'];
    this.noteChanges(b, now);
    const spread = spreadOf(b);
    const title = `${b.symbol}  depth ${this.levels}  spread ${spread ? `${spread.abs} (${spread.pct}%)` : '-'}  bid ${b.bids[0]?.[0] ?? '-'}  ask ${b.asks[0]?.[0] ?? '-'}`;
    // Title, header and spread line take three rows; the rest is shared by both sides.
    const per = Math.max(1, Math.min(this.levels, Math.floor((size.rows - 3) / 2)));
    const asks = cumulative(b.asks.slice(0, per));
    const bids = cumulative(b.bids.slice(0, per));
    const last = (l: { total: Dec }[]) => l[l.length - 1]?.total ?? { units: 0n, scale: 0 };
    const max = cmp(last(asks), last(bids)) >= 0 ? last(asks) : last(bids);
    const cols = this.shown.map((name) => ({ name, right: name !== 'side' && name !== 'depth' }));
    const fixed = Math.max(4, ...asks.concat(bids).map((l) => l.price.length)) + Math.max(4, ...asks.concat(bids).map((l) => l.size.length));
    const barWidth = Math.max(0, Math.min(40, size.columns - fixed - 30));
    const row = (side: 'asks' | 'bids', l: { price: string; size: string; total: Dec }): Cell[] => {
      const style = side === 'asks' ? SGR.red : SGR.green;
      const cells: Record<DepthColumn, Cell> = {
        side: { text: side === 'asks' ? 'ask' : 'bid', style },
        price: { text: l.price, style },
        size: { text: l.size, flash: this.flashes.on(`${side}|${l.price}`, now) },
        total: { text: fmt(l.total) },
        depth: { text: '█'.repeat(Math.round(share(l.total, max) * barWidth)), style },
      };
      return this.shown.map((c) => cells[c]);
    };
    const table = grid(cols, [...asks.map((l) => row('asks', l)).reverse(), ...bids.map((l) => row('bids', l))], size.columns, color);
    const mid = fit(`      ─── spread ${spread ? `${spread.abs} (${spread.pct}%)` : '-'} ───`, size.columns);
    return [fit(title, size.columns), table[0]!, ...table.slice(1, 1 + asks.length), color ? SGR.yellow(mid) : mid, ...table.slice(1 + asks.length)];
  }
}
