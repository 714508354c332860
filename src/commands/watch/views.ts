/**
 * What each live view keeps and shows: ticker, trades, kline and order progress (depth has its own
 * file). A view applies push entries to its state and draws itself; it never touches the terminal.
 */
import type { Row } from '../../render/cells.js';
import { SGR, type Size } from '../../render/live.js';
import { scalarText } from '../../util/json.js';
import type { Entry } from '../../ws/codec.js';
import { clock, FLASH_MS, grid, type Cell, type Column } from '../grid.js';
import { ORDER_STATUSES } from '../../api/catalogue/vocab.js';

export interface View {
  /** Column names a full-screen view can be narrowed to, and the narrowing (`--fields`); absent: fixed. */
  names?(): string[];
  only?(names: readonly string[]): void;
  /** Applies one entry of a push for `topic` (called per message: keep it cheap). */
  apply(topic: string, entry: Entry): void;
  /** The current state as rows (`--once` on a terminal). */
  rows(): Row[];
  /** Body lines for a screen of `size` (the status line is added by the caller). */
  lines(size: Size, now: number, color: boolean): string[];
}

const text = (v: unknown) => scalarText(v);
const sideStyle = (side: string) => (side === 'buy' ? SGR.green : side === 'sell' ? SGR.red : undefined);
const msOf = (e: Entry) => (e.ms_t !== undefined ? Number(text(e.ms_t)) : Number(text(e.s_t)) * 1000);

type KeyedColumn = Column & { readonly field: string; readonly show?: (e: Entry) => string };

/** A view made of keyed rows with fixed columns; `order` sorts the keys for display. */
class KeyedView implements View {
  protected readonly state = new Map<string, Entry>();
  /** Cell texts of each entry, worked out once per entry (most rows do not change between frames). */
  /** Texts as last drawn, by row key, and when each of its cells last changed (ms). */
  private readonly drawn = new Map<string, readonly string[]>();
  private readonly changed = new Map<string, number[]>();
  /** Rows remembered as drawn (for tests of the bound). */
  get remembered(): number {
    return this.drawn.size;
  }
  private sideColumn: number;
  private cells = new WeakMap<Entry, readonly string[]>();

  constructor(
    private columns: readonly KeyedColumn[],
    private readonly keyOf: (e: Entry) => string,
    private readonly order: (a: Entry, b: Entry) => number,
    private readonly limit = 1000,
    /** The row kept for a key from its last row and the new entry (default: the new entry). */
    private readonly merge?: (prev: Entry | undefined, next: Entry) => Entry,
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

  /** Cheap on purpose (it runs per message); flashes are worked out per frame in {@link lines}. */
  apply(_topic: string, entry: Entry): void {
    const key = this.keyOf(entry);
    const prev = this.state.get(key);
    this.state.delete(key);
    this.state.set(key, this.merge ? this.merge(prev, entry) : entry);
    if (this.state.size > this.limit) {
      // The row leaves the view: what was drawn of it goes too (trades get a new key each).
      const gone = this.state.keys().next().value!;
      this.state.delete(gone);
      this.drawn.delete(gone);
      this.changed.delete(gone);
    }
  }

  private textsOf(e: Entry): readonly string[] {
    let texts = this.cells.get(e);
    if (!texts) {
      texts = this.columns.map((c) => (c.show ? c.show(e) : text(e[c.field])));
      this.cells.set(e, texts);
    }
    return texts;
  }

  private sorted(): Entry[] {
    return [...this.state.values()].sort(this.order);
  }

  rows(): Row[] {
    return this.sorted().map((e) => {
      const texts = this.textsOf(e);
      return Object.fromEntries(this.columns.map((c, i) => [c.field, texts[i]]));
    });
  }

  lines(size: Size, now: number, color: boolean): string[] {
    const rows: Cell[][] = this.sorted()
      .slice(0, Math.max(0, size.rows - 3))
      .map((e) => {
        const key = this.keyOf(e);
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

const byText = (field: string) => (a: Entry, b: Entry) => {
  const x = text(a[field]);
  const y = text(b[field]);
  return x < y ? -1 : x > y ? 1 : 0;
};

export function tickerView(): View {
  return new KeyedView(
    [
      { name: 'symbol', field: 'symbol' },
      { name: 'last_price', field: 'last_price', right: true },
      { name: 'bid_px', field: 'bid_px', right: true },
      { name: 'ask_px', field: 'ask_px', right: true },
      { name: 'open_24h', field: 'open_24h', right: true },
      { name: 'high_24h', field: 'high_24h', right: true },
      { name: 'low_24h', field: 'low_24h', right: true },
      { name: 'base_volume_24h', field: 'base_volume_24h', right: true },
      { name: 'time', field: 'time', show: (e) => clock(msOf(e)) },
    ],
    (e) => text(e.symbol),
    byText('symbol'),
  );
}

export function tradesView(): View {
  // Trades have no id on this channel: number them in arrival order, newest first.
  const seqOf = new WeakMap<Entry, number>();
  let seq = 0;
  const key = (e: Entry) => {
    if (!seqOf.has(e)) seqOf.set(e, ++seq);
    return seqOf.get(e)!;
  };
  return new KeyedView(
    [
      { name: 'time', field: 'time', show: (e) => clock(msOf(e)) },
      { name: 'side', field: 'side' },
      { name: 'price', field: 'price', right: true },
      { name: 'size', field: 'size', right: true },
    ],
    (e) => String(key(e)),
    (a, b) => key(b) - key(a),
    500,
  );
}

export function klineView(): View {
  const c = (i: number) => (e: Entry) => text((e.candle as unknown[] | undefined)?.[i]);
  return new KeyedView(
    [
      { name: 'time', field: 'time', show: (e) => new Date(Number(c(0)(e)) * 1000).toISOString().slice(0, 16).replace('T', ' ') },
      { name: 'open', field: 'open', right: true, show: c(1) },
      { name: 'high', field: 'high', right: true, show: c(2) },
      { name: 'low', field: 'low', right: true, show: c(3) },
      { name: 'close', field: 'close', right: true, show: c(4) },
      { name: 'volume', field: 'volume', right: true, show: c(5) },
    ],
    c(0),
    (a, b) => Number(c(0)(b)) - Number(c(0)(a)),
  );
}

/** Order states (`state`, spec 6.3) as the catalogue's words. */
const STATES: Readonly<Record<string, string>> = Object.fromEntries(ORDER_STATUSES.map((st) => [st.code, st.word]));

/** A push with no fill in it (a cancel, the final state) keeps the price of the order's last fill. */
function keepLastFill(prev: Entry | undefined, next: Entry): Entry {
  const none = (e: Entry) => text(e.last_fill_price) === '';
  return prev && none(next) && !none(prev) ? { ...next, last_fill_price: prev.last_fill_price } : next;
}

export function ordersView(): View {
  return new KeyedView(
    [
      { name: 'order_id', field: 'order_id' },
      { name: 'side', field: 'side' },
      { name: 'type', field: 'type' },
      { name: 'price', field: 'price', right: true },
      { name: 'size', field: 'size', right: true },
      { name: 'filled_size', field: 'filled_size', right: true },
      { name: 'state', field: 'state', show: (e) => STATES[text(e.state)] ?? text(e.state) },
      { name: 'last_fill_price', field: 'last_fill_price', right: true },
      { name: 'time', field: 'time', show: (e) => clock(Number(text(e.ms_t))) },
      { name: 'client_order_id', field: 'client_order_id' },
    ],
    (e) => text(e.order_id),
    (a, b) => Number(text(b.ms_t)) - Number(text(a.ms_t)),
    1000,
    keepLastFill,
  );
}
