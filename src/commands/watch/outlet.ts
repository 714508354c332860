/**
 * Where a piped `bm watch` writes its lines, with the reader's pace respected. While stdout has not
 * drained (`write()` returned false), nothing more is written: a snapshot (a book, a ticker, a candle)
 * waits as the latest of its key only, replacing the one before; events (trades, order progress) wait
 * in a bounded queue, the oldest dropped past {@link BEHIND_EVENTS} lines or {@link BEHIND_BYTES}. On
 * 'drain' what waits is written in arrival order. Memory so stays bounded whatever the reader does;
 * what was dropped or replaced is said on stderr.
 */
import type { Stream } from '../../render/io.js';

/** Events (lines) kept while the reader is behind. */
export const BEHIND_EVENTS = 1000;
/** Text (UTF-16 units) of events kept while the reader is behind. */
export const BEHIND_BYTES = 8 * 1024 * 1024;
/** ms between two notices while the reader stays behind. */
export const NOTICE_MS = 10_000;

export interface OutletOptions {
  readonly maxEvents?: number;
  readonly maxBytes?: number;
  /** ms clock for the notices' spacing. */
  readonly now?: () => number;
}

export class Outlet {
  /** Events dropped (oldest first) while the reader was behind, since the start. */
  dropped = 0;
  /** Snapshots replaced by a newer one of the same key while the reader was behind, since the start. */
  replaced = 0;
  private behind = false;
  /** Lines waiting, in arrival order: `s:<key>` a snapshot, `e:<n>` an event. */
  private readonly held = new Map<string, string>();
  private events = 0;
  private eventBytes = 0;
  private seq = 0;
  private told = { dropped: 0, replaced: 0, at: 0 };
  private readonly maxEvents: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(private readonly out: Stream, private readonly note: (line: string) => void, opts: OutletOptions = {}) {
    this.maxEvents = opts.maxEvents ?? BEHIND_EVENTS;
    this.maxBytes = opts.maxBytes ?? BEHIND_BYTES;
    this.now = opts.now ?? Date.now;
    this.told.at = this.now();
  }

  /** Lines waiting for the reader. */
  get waiting(): number {
    return this.held.size;
  }

  /** Writes `line`, or keeps it while the reader is behind: as the latest of `snapshotKey`, or else as an event. */
  write(line: string, snapshotKey?: string): void {
    if (!this.behind) return this.send(line);
    if (snapshotKey !== undefined) {
      const k = `s:${snapshotKey}`;
      if (this.held.delete(k)) this.replaced++;
      this.held.set(k, line);
      return;
    }
    this.held.set(`e:${++this.seq}`, line);
    this.events++;
    this.eventBytes += line.length;
    while (this.events > this.maxEvents || (this.eventBytes > this.maxBytes && this.events > 1)) this.dropOldestEvent();
  }

  /**
   * The stream ends: what waits is handed to stdout (bounded, and received before the end: the reader
   * gets it before bm exits), and what was dropped or replaced and not said yet is said.
   */
  finish(): void {
    for (const line of this.held.values()) this.out.write(line);
    this.held.clear();
    this.events = this.eventBytes = 0;
    this.tell();
  }

  private send(line: string): void {
    if (this.out.write(line) || !this.out.once) return;
    this.behind = true;
    this.out.once('drain', () => this.drained());
  }

  private drained(): void {
    this.behind = false;
    for (const [k, line] of this.held) {
      this.held.delete(k);
      if (k.startsWith('e:')) {
        this.events--;
        this.eventBytes -= line.length;
      }
      this.send(line);
      if (this.behind) break;
    }
    if (!this.behind || this.now() - this.told.at >= NOTICE_MS) this.tell();
  }

  private dropOldestEvent(): void {
    for (const [k, line] of this.held) {
      if (!k.startsWith('e:')) continue;
      this.held.delete(k);
      this.events--;
      this.eventBytes -= line.length;
      this.dropped++;
      return;
    }
  }

  private tell(): void {
    const dropped = this.dropped - this.told.dropped;
    const replaced = this.replaced - this.told.replaced;
    if (!dropped && !replaced) return;
    this.told = { dropped: this.dropped, replaced: this.replaced, at: this.now() };
    const parts = [
      ...(dropped ? [`${dropped} trade or order event${dropped === 1 ? '' : 's'} dropped (at most ${this.maxEvents} wait for the reader)`] : []),
      ...(replaced ? [`${replaced} book, ticker or candle update${replaced === 1 ? '' : 's'} skipped for a newer one`] : []),
    ];
    this.note(`bm: the reader of stdout fell behind: ${parts.join('; ')}`);
  }
}
