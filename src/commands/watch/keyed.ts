/**
 * A live view made of keyed rows with fixed columns (ticker, trades, candles, orders): its entries are
 * picked from the state (./state.ts) and ordered again only when the version of the slice they come
 * from moved; a cell that changed since the row was last drawn flashes. It never touches the terminal.
 */
import type { Row } from '../../render/cells.js';
import { SGR, type Size } from '../../render/live.js';
import { scalarText } from '../../util/json.js';
import type { Entry } from '../../ws/codec.js';
import { FLASH_MS, grid, type Cell, type Column } from '../grid.js';
import type { WatchSlice, WatchState } from './state.js';

export interface View {
  /** Column names a full-screen view can be narrowed to, and the narrowing (`--fields`); absent: fixed. */
  names?(): string[];
  only?(names: readonly string[]): void;
  /** The current state as rows (`--once` on a terminal). */
  rows(s: WatchState): Row[];
  /** Body lines for a screen of `size` (the status line is added by the caller). */
  lines(s: WatchState, size: Size, now: number, color: boolean): string[];
}

const text = (v: unknown) => scalarText(v);
const sideStyle = (side: string) => (side === 'buy' ? SGR.green : side === 'sell' ? SGR.red : undefined);

export type KeyedColumn = Column & { readonly field: string; readonly show?: (e: Entry) => string };

/** Where a view's entries come from: the slice that versions them, and how to pick and order them. */
export interface KeyedSource {
  readonly slice: WatchSlice;
  readonly entries: (s: WatchState) => readonly Entry[];
  /** Sorts the entries for display; absent: as picked. */
  readonly order?: (a: Entry, b: Entry) => number;
  readonly keyOf: (e: Entry) => string;
}

export class KeyedView implements View {
  /** Texts as last drawn, by row key, and when each of its cells last changed (ms). */
  private readonly drawn = new Map<string, readonly string[]>();
  private readonly changed = new Map<string, number[]>();
  /** Rows remembered as drawn (for tests of the bound). */
  get remembered(): number {
    return this.drawn.size;
  }
  private sideColumn: number;
  /** Cell texts of each entry, worked out once per entry (most rows do not change between frames). */
  private cells = new WeakMap<Entry, readonly string[]>();
  /** The entries in display order, as of the version `sortedAt` of the source's slice. */
  private sortedList: readonly Entry[] = [];
  private sortedAt = -1;

  constructor(
    private columns: readonly KeyedColumn[],
    private readonly source: KeyedSource,
  ) {
    this.sideColumn = columns.findIndex((c) => c.field === 'side');
  }

  /** The column names, in order. */
  names(): string[] {
    return this.columns.map((c) => c.name);
  }

  /** Shows only the named columns, in the order named (`--fields`). */
  only(names: readonly string[]): void {
    this.columns = names.map((n) => this.columns.find((c) => c.name === n)).filter((c): c is KeyedColumn => c !== undefined);
    this.sideColumn = this.columns.findIndex((c) => c.field === 'side');
    this.cells = new WeakMap();
    this.drawn.clear();
    this.changed.clear();
  }

  private textsOf(e: Entry): readonly string[] {
    let texts = this.cells.get(e);
    if (!texts) {
      texts = this.columns.map((c) => (c.show ? c.show(e) : text(e[c.field])));
      this.cells.set(e, texts);
    }
    return texts;
  }

  private sorted(s: WatchState): readonly Entry[] {
    const at = s.versions[this.source.slice];
    if (at !== this.sortedAt) {
      const picked = this.source.entries(s);
      this.sortedList = this.source.order ? [...picked].sort(this.source.order) : picked;
      this.sortedAt = at;
      this.forgetGone();
    }
    return this.sortedList;
  }

  /** Rows that left the state go from what was drawn too (trades get a new key each). */
  private forgetGone(): void {
    if (this.drawn.size <= this.sortedList.length) return;
    const kept = new Set(this.sortedList.map(this.source.keyOf));
    for (const k of this.drawn.keys()) {
      if (kept.has(k)) continue;
      this.drawn.delete(k);
      this.changed.delete(k);
    }
  }

  rows(s: WatchState): Row[] {
    return this.sorted(s).map((e) => {
      const texts = this.textsOf(e);
      return Object.fromEntries(this.columns.map((c, i) => [c.field, texts[i]]));
    });
  }

  lines(s: WatchState, size: Size, now: number, color: boolean): string[] {
    const rows: Cell[][] = this.sorted(s)
      .slice(0, Math.max(0, size.rows - 3))
      .map((e) => {
        const key = this.source.keyOf(e);
        const texts = this.textsOf(e);
        const prev = this.drawn.get(key);
        if (prev !== texts) {
          if (prev) {
            const at = this.changed.get(key) ?? [];
            texts.forEach((t, i) => t !== prev[i] && (at[i] = now));
            this.changed.set(key, at);
          }
          this.drawn.set(key, texts);
        }
        const at = this.changed.get(key);
        const side = this.sideColumn >= 0 ? sideStyle(texts[this.sideColumn]!) : undefined;
        return texts.map((t, i) => ({
          text: t,
          flash: at?.[i] !== undefined && now - at[i]! < FLASH_MS,
          ...(i === this.sideColumn && side ? { style: side } : {}),
        }));
      });
    return grid(this.columns, rows, size.columns, color);
  }
}
