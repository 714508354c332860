/**
 * Where a piped `bm watch` writes its lines, with the reader's pace respected. While stdout has not
 * drained (`write()` returned false), nothing more is written: a snapshot (a book, a ticker, a candle)
 * waits as the latest of its key only, replacing the one before; events (trades, order progress) wait
 * in a bounded queue, the oldest dropped past {@link BEHIND_EVENTS} lines or {@link BEHIND_BYTES}. On
 * 'drain' what waits is written in arrival order. Memory so stays bounded whatever the reader does;
 * what was dropped or replaced is said on stderr.
 */
import type { Stream } from '../../render/io.js';
import { Backlog } from '../../ws/backlog.js';

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
  private behind = false;
  private readonly held: Backlog<string>;
  private toldAt: number;
  private readonly now: () => number;

  constructor(private readonly out: Stream, private readonly note: (line: string) => void, opts: OutletOptions = {}) {
    this.held = new Backlog(opts.maxEvents ?? BEHIND_EVENTS, opts.maxBytes ?? BEHIND_BYTES, (line) => line.length);
    this.now = opts.now ?? Date.now;
    this.toldAt = this.now();
  }

  /** Events dropped (oldest first) while the reader was behind, since the start. */
  get dropped(): number {
    return this.held.dropped;
  }

  /** Snapshots replaced by a newer one of the same key while the reader was behind, since the start. */
  get replaced(): number {
    return this.held.replaced;
  }

  /** Lines waiting for the reader. */
  get waiting(): number {
    return this.held.size;
  }

  /** Writes `line`, or keeps it while the reader is behind: as the latest of `snapshotKey`, or else as an event. */
  write(line: string, snapshotKey?: string): void {
    if (this.behind) this.held.push(line, snapshotKey);
    else this.send(line);
  }

  /**
   * The stream ends: what waits is handed to stdout (bounded, and received before the end: the reader
   * gets it before bm exits), and what was dropped or replaced and not said yet is said.
   */
  finish(): void {
    for (let line = this.held.shift(); line !== undefined; line = this.held.shift()) this.out.write(line);
    this.tell();
  }

  private send(line: string): void {
    if (this.out.write(line) || !this.out.once) return;
    this.behind = true;
    this.out.once('drain', () => this.drained());
  }

  private drained(): void {
    this.behind = false;
    while (!this.behind) {
      const line = this.held.shift();
      if (line === undefined) break;
      this.send(line);
    }
    if (!this.behind || this.now() - this.toldAt >= NOTICE_MS) this.tell();
  }

  private tell(): void {
    const n = this.held.unsaid();
    if (!n) return;
    this.toldAt = this.now();
    const parts = [
      ...(n.dropped ? [`${n.dropped} trade or order event${n.dropped === 1 ? '' : 's'} dropped (at most ${this.held.maxEvents} wait for the reader)`] : []),
      ...(n.replaced ? [`${n.replaced} book, ticker or candle update${n.replaced === 1 ? '' : 's'} skipped for a newer one`] : []),
    ];
    this.note(`bm: the reader of stdout fell behind: ${parts.join('; ')}`);
  }
}
