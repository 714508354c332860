/**
 * Pushes waiting for a reader slower than the stream, bounded whatever the stream does: an item with a
 * key (a book, a ticker, a candle: each is the whole state of its key) replaces the one of the same key
 * and moves to the back; items without one (trades, order events) are kept up to a count and a size,
 * the oldest dropped. Shifted in arrival order.
 */
export class Backlog<T> {
  /** Keyless items dropped, since the start. */
  dropped = 0;
  /** Keyed items replaced by a newer one, since the start. */
  replaced = 0;
  /** `k:<key>` for keyed items, `e:<n>` for the others; a Map keeps arrival order. */
  private readonly items = new Map<string, T>();
  private events = 0;
  private eventSize = 0;
  private seq = 0;
  private said = { dropped: 0, replaced: 0 };

  constructor(
    /** Keyless items kept at most. */
    readonly maxEvents: number,
    /** Their size (as `sizeOf` counts) at most; one item is kept whatever its size. */
    private readonly maxSize = Infinity,
    private readonly sizeOf: (item: T) => number = () => 0,
  ) {}

  get size(): number {
    return this.items.size;
  }

  push(item: T, key?: string): void {
    if (key !== undefined) {
      const k = `k:${key}`;
      if (this.items.delete(k)) this.replaced++;
      this.items.set(k, item);
      return;
    }
    this.items.set(`e:${++this.seq}`, item);
    this.events++;
    this.eventSize += this.sizeOf(item);
    while (this.events > this.maxEvents || (this.eventSize > this.maxSize && this.events > 1)) this.dropOldestEvent();
  }

  /** The oldest item, removed; undefined when none waits. */
  shift(): T | undefined {
    for (const [k, item] of this.items) {
      this.remove(k, item);
      return item;
    }
    return undefined;
  }

  clear(): void {
    this.items.clear();
    this.events = this.eventSize = 0;
  }

  /** Drops and replacements not reported yet (and now counted as reported); undefined when none. */
  unsaid(): { readonly dropped: number; readonly replaced: number } | undefined {
    const dropped = this.dropped - this.said.dropped;
    const replaced = this.replaced - this.said.replaced;
    if (!dropped && !replaced) return undefined;
    this.said = { dropped: this.dropped, replaced: this.replaced };
    return { dropped, replaced };
  }

  private remove(k: string, item: T): void {
    this.items.delete(k);
    if (!k.startsWith('e:')) return;
    this.events--;
    this.eventSize -= this.sizeOf(item);
  }

  private dropOldestEvent(): void {
    for (const [k, item] of this.items) {
      if (!k.startsWith('e:')) continue;
      this.remove(k, item);
      this.dropped++;
      return;
    }
  }
}
