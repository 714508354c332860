/**
 * The whole screen as a function of the state, the terminal size and the time: the banner (PAPER or
 * LIVE), the panes the width allows, an open box on top, the key hints and the status line.
 */
import type { Region } from '../../render/diff.js';
import { SGR, type Regions, type Size } from '../../render/live.js';
import { banner, drawBox, footer, statusLine, tooSmall } from './chrome.js';
import { activeBindings, type Binding } from './keys.js';
import { Layouts, PANES, type PaneName } from './layout.js';
import { overlayBox } from './overlay.js';
import type { DrawPane } from './pane.js';
import type { TradeState } from './state.js';
import { Kept } from './text.js';

/** What the last frame of a state was made of: each pane's lines by key, and each body row with the pieces it was joined from. */
interface FrameParts {
  state: TradeState;
  key: string;
  panes: Map<PaneName, { key: string; lines: string[] }>;
  pieces: Array<readonly string[] | undefined>;
  rows: string[];
}

/**
 * One trading terminal's screen, with everything it keeps from frame to frame so a frame 10 times a
 * second reuses what did not change: the layout, the banner, the key hints, each pane's lines (kept
 * while the versions of the slices the pane reads hold) and the panes' own caches. Each session makes its own, so what one screen kept never shows on another.
 */
export class TradeScreen {
  private readonly layouts = new Layouts();
  /** This screen's drawer of each pane (made on first use). */
  private readonly drawers = new Map<PaneName, DrawPane>();
  /** The banner as last made, by the versions it was made from: frames between two ticker pushes reuse it. */
  private readonly bannerKept = new Kept();
  /** The last footer, by the bindings it shows (the same static objects) and the width: the same bindings are the same line. */
  private lastFooter: { bindings: readonly Binding[]; width: number; color: boolean; line: string } | undefined;
  private parts: FrameParts | undefined;
  /** The separators between panes: the same lines every frame, kept by height and colour. */
  private readonly separators = new Map<string, readonly string[]>();

  /** {@link banner}, the same string while what it shows is the same. */
  banner(s: TradeState, width: number, color: boolean): string {
    // The state's own fields (venue, read-only, step) are fixed for a state; the pair and the ticker are slices.
    return this.bannerKept.of([s, s.versions.pair, s.versions.ticker, width, color], () => banner(s, width, color));
  }

  /** {@link footer}, the same string while the bindings, the width and the colour are. */
  footer(s: TradeState, width: number, color: boolean): string {
    const bindings = activeBindings(s);
    const was = this.lastFooter;
    if (was && was.width === width && was.color === color && was.bindings.length === bindings.length && was.bindings.every((b, i) => b === bindings[i])) return was.line;
    this.lastFooter = { bindings, width, color, line: footer(s, width, color) };
    return this.lastFooter.line;
  }

  /** The screen: exactly `size.rows` lines, none wider than `size.columns`. */
  frame(s: TradeState, size: Size, now: number, color: boolean): string[] {
    const L = this.layouts.at(size, s.readOnly !== undefined, s.ui);
    if (L.tooSmall) return tooSmall(size);
    const W = size.columns;
    const k = this.partsOf(s, size, color);
    // Each pane's lines are exactly its width, so a row is its panes side by side with one column between.
    const body: Array<Array<readonly [number, string, number]>> = Array.from({ length: size.rows }, () => []);
    for (const [name, r] of L.panes) {
      const lines = this.paneLines(k, name, s, r, color);
      for (let i = 0; i < r.h; i++) body[r.y + i]!.push([r.x, lines[i]!, r.w]);
    }
    const sep = color ? SGR.gray('│') : '│';
    const lines = body.map((segs, y) => {
      segs.sort((a, b) => a[0] - b[0]);
      // A row joined from the same pieces as last frame is the same row: kept, not joined again.
      const was = k.pieces[y];
      if (was && was.length === segs.length && segs.every((g, i) => g[1] === was[i])) return k.rows[y]!;
      let out = '';
      let at = 0;
      for (const [x, text, w] of segs) {
        if (x > at) out += x - at === 1 && at > 0 ? sep : ' '.repeat(x - at);
        out += text;
        at = x + w;
      }
      const row = trimEnd(at < W ? out + ' '.repeat(W - at) : out);
      k.pieces[y] = segs.map((g) => g[1]);
      k.rows[y] = row;
      return row;
    });
    lines[0] = trimEnd(this.banner(s, W, color));
    const box = overlayBox(s, W, size.rows, color);
    if (box) drawBox(lines, box, size, color);
    lines[size.rows - 2] = trimEnd(this.footer(s, W, color));
    lines[size.rows - 1] = trimEnd(statusLine(s, now, W, color));
    return box ? lines.map(trimEnd) : lines;
  }

  /**
   * The screen as regions for the live view: banner, each pane, the separators between them, the
   * key hints and the status line, each diffed on its own (a pane that did not change is passed
   * over). It shows exactly what {@link frame} does; with a box open, or below the minimum size,
   * it is {@link frame}'s lines.
   */
  regions(s: TradeState, size: Size, now: number, color: boolean): Regions | string[] {
    const L = this.layouts.at(size, s.readOnly !== undefined, s.ui);
    const W = size.columns;
    if (L.tooSmall || overlayBox(s, W, size.rows, color)) return this.frame(s, size, now, color);
    const k = this.partsOf(s, size, color);
    const regions: Region[] = [{ x: 0, y: 0, width: W, lines: [this.banner(s, W, color)] }];
    for (const [name, r] of L.panes) {
      regions.push({ x: r.x, y: r.y, width: r.w, lines: this.paneLines(k, name, s, r, color) });
      if (r.x > 0) regions.push({ x: r.x - 1, y: r.y, width: 1, lines: this.separator(r.h, color) });
    }
    regions.push({ x: 0, y: size.rows - 2, width: W, lines: [this.footer(s, W, color)] }, { x: 0, y: size.rows - 1, width: W, lines: [statusLine(s, now, W, color)] });
    return { layout: `${k.key}|${L.key}`, regions };
  }

  /** What the last frame of `s` at this size was made of (nothing, at another size or of another state). */
  private partsOf(s: TradeState, size: Size, color: boolean): FrameParts {
    const key = `${size.columns}x${size.rows}|${color}|${s.readOnly !== undefined}`;
    if (this.parts?.state !== s || this.parts.key !== key) this.parts = { state: s, key, panes: new Map(), pieces: [], rows: [] };
    return this.parts;
  }

  private paneLines(k: FrameParts, name: PaneName, s: TradeState, r: { w: number; h: number }, color: boolean): string[] {
    const key = PANES[name].reads.map((slice) => s.versions[slice]).join('.');
    const hit = k.panes.get(name);
    if (hit?.key === key) return hit.lines;
    let draw = this.drawers.get(name);
    if (!draw) this.drawers.set(name, (draw = PANES[name].make()));
    const lines = draw(s, r.w, r.h, color);
    k.panes.set(name, { key, lines });
    return lines;
  }

  private separator(h: number, color: boolean): readonly string[] {
    const key = `${h}|${color}`;
    let lines = this.separators.get(key);
    if (!lines) this.separators.set(key, (lines = Array.from({ length: h }, () => (color ? SGR.gray('│') : '│'))));
    return lines;
  }
}

/** One screen printed once (`bm trade` without a terminal): nothing is kept for a next frame. */
export function frame(s: TradeState, size: Size, now: number, color: boolean): string[] {
  return new TradeScreen().frame(s, size, now, color);
}

/** The line without trailing blanks (a frame compares and sends less). */
function trimEnd(line: string): string {
  let end = line.length;
  while (end > 0 && line.charCodeAt(end - 1) === 32) end--;
  return end === line.length ? line : line.slice(0, end);
}
