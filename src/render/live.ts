/**
 * A full-screen view on a terminal: the alternate screen, the cursor hidden, and frames drawn in ONE
 * write each, at most `fps` per second however often data arrives (invalidations are coalesced).
 * A frame sends only the cells that changed since the last one, inside synchronized output (the
 * terminal shows it whole, never half drawn); a resize repaints everything.
 */
import { FrameDiff, type Region } from './diff.js';
import type { Stream } from './io.js';

const ESC = '\x1b[';
/** ms without a message after which a live view shows its data as STALE. */
export const STALE_MS = 5000;

export const SCREEN = {
  enter: `${ESC}?1049h${ESC}?25l${ESC}2J`,
  leave: `${ESC}0m${ESC}?25h${ESC}?1049l`,
  home: `${ESC}H`,
  eol: `${ESC}K`,
  below: `${ESC}J`,
  clear: `${ESC}H${ESC}2J`,
  /** Synchronized output (mode 2026): terminals without it ignore both. */
  syncOn: `${ESC}?2026h`,
  syncOff: `${ESC}?2026l`,
} as const;

export const SGR = {
  bold: (s: string) => `${ESC}1m${s}${ESC}22m`,
  dim: (s: string) => `${ESC}2m${s}${ESC}22m`,
  inverse: (s: string) => `${ESC}7m${s}${ESC}27m`,
  red: (s: string) => `${ESC}31m${s}${ESC}39m`,
  green: (s: string) => `${ESC}32m${s}${ESC}39m`,
  yellow: (s: string) => `${ESC}33m${s}${ESC}39m`,
  cyan: (s: string) => `${ESC}36m${s}${ESC}39m`,
  gray: (s: string) => `${ESC}90m${s}${ESC}39m`,
  /** Black on yellow, white on red: banners that cannot be missed. */
  onYellow: (s: string) => `${ESC}30;43m${s}${ESC}39;49m`,
  onRed: (s: string) => `${ESC}97;41m${s}${ESC}39;49m`,
} as const;

export interface Size {
  readonly columns: number;
  readonly rows: number;
}

/**
 * A frame as regions (panes side by side): each diffed on its own, so a pane that did not change
 * costs a reference compare. `layout` names their places; when it changes the screen is repainted.
 * A region's lines are not changed after they are handed over (a pane may hand the same array again).
 */
export interface Regions {
  readonly layout: string;
  readonly regions: readonly Region[];
}

/** Lines of one frame, each at most `size.columns` visible characters, or the frame as regions. */
export type Compose = (size: Size) => readonly string[] | Regions;

export interface LiveOptions {
  /** Most frames per second. */
  readonly fps?: number;
  /** Redraw at least this often (ms) so ages and flashes move without data. */
  readonly tickMs?: number;
}

export class LiveScreen {
  /** Frames written (a frame with nothing changed writes nothing and is not counted). */
  frames = 0;
  /** Bytes (UTF-16 units) written. */
  written = 0;
  private readonly diff = new FrameDiff();
  /** The layout of the last frame of regions; undefined after a frame of lines. */
  private layout: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private last = 0;
  private running = false;
  /** The terminal has not taken the last frame yet (`write()` returned false): frames wait for 'drain'. */
  private behind = false;
  private readonly minGapMs: number;

  constructor(
    private readonly out: Stream,
    private readonly compose: Compose,
    private readonly opts: LiveOptions = {},
  ) {
    this.minGapMs = 1000 / (opts.fps ?? 10);
  }

  get size(): Size {
    return { columns: this.out.columns ?? 80, rows: this.out.rows ?? 24 };
  }

  start(): void {
    this.running = true;
    this.out.write(SCREEN.enter);
    this.draw();
    this.ticker = setInterval(() => this.invalidate(), this.opts.tickMs ?? 250);
  }

  /** Something changed: draw now if the last frame is old enough, else once the gap has passed. */
  invalidate(): void {
    if (!this.running || this.timer || this.behind) return;
    const wait = this.last + this.minGapMs - performance.now();
    if (wait <= 0) this.draw();
    else this.timer = setTimeout(() => this.draw(), wait);
  }

  /** The size changed: clear and draw everything at once. */
  relayout(): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.diff.reset();
    this.draw(SCREEN.clear);
  }

  /** Leaves the alternate screen and shows the cursor again. */
  stop(): void {
    if (!this.running) return;
    this.running = false;
    clearTimeout(this.timer);
    clearInterval(this.ticker);
    this.timer = this.ticker = undefined;
    this.out.write(SCREEN.leave);
  }

  private draw(prefix = ''): void {
    this.timer = undefined;
    this.last = performance.now();
    const size = this.size;
    const view = this.compose(size);
    const regions = 'regions' in view ? view : undefined;
    if (regions?.layout !== this.layout) {
      // Another arrangement: what is on screen is not what the new one would diff against.
      this.layout = regions?.layout;
      this.diff.reset();
      prefix = SCREEN.clear;
    }
    const changes = prefix + (regions ? this.diff.updateRegions(regions.regions, size.columns) : this.diff.update((view as readonly string[]).slice(0, size.rows), size.columns));
    if (!changes) return;
    const text = SCREEN.syncOn + changes + SCREEN.syncOff;
    this.written += text.length;
    this.frames++;
    if (this.out.write(text) || !this.out.once) return;
    // A slow terminal: the next frame is drawn, from the latest state, once it has taken this one.
    this.behind = true;
    this.out.once('drain', () => {
      this.behind = false;
      this.invalidate();
    });
  }
}
