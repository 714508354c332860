/**
 * What a terminal must be sent to turn the last frame into the next: rows that did not change are
 * skipped, and a changed row is rewritten only from its first to its last changed cell (a cell is a
 * character and its style). Lines are text with SGR escapes; every character is one column.
 */
import { nextStyle, penTo } from './sgr.js';

const ESC = '\x1b[';

/** Reads a line cell by cell, in place: where the cell is in the text, and the style in force. */
class Reader {
  line = '';
  /** Where the next cell (or the escapes before it) starts in the text. */
  i = 0;
  style = '';
  start = 0;
  end = 0;

  reset(line: string): this {
    return this.seek(line, 0, '');
  }

  /** Reads `line` on from text index `i`, where `style` is in force. */
  seek(line: string, i: number, style: string): this {
    this.line = line;
    this.i = i;
    this.style = style;
    return this;
  }

  /** Moves to the next cell; false at the end of the line. */
  next(): boolean {
    const line = this.line;
    while (this.i < line.length) {
      const c = line.charCodeAt(this.i);
      if (c === 0x1b && line.charCodeAt(this.i + 1) === 0x5b) {
        let j = this.i + 2;
        while (j < line.length && !(line.charCodeAt(j) >= 0x40 && line.charCodeAt(j) <= 0x7e)) j++;
        if (line.charCodeAt(j) === 0x6d) this.style = nextStyle(this.style, line, this.i + 2, j);
        this.i = j + 1;
        continue;
      }
      this.start = this.i;
      this.i += c >= 0xd800 && c <= 0xdbff ? 2 : 1;
      this.end = this.i;
      return true;
    }
    return false;
  }

  /** The same character in the same style as the other reader's current cell. */
  same(o: Reader): boolean {
    const n = this.end - this.start;
    if (n !== o.end - o.start || this.style !== o.style) return false;
    for (let k = 0; k < n; k++) if (this.line.charCodeAt(this.start + k) !== o.line.charCodeAt(o.start + k)) return false;
    return true;
  }
}

const nowReader = new Reader();
const wasReader = new Reader();

/**
 * The previous frame, and the bytes that turn it into the next. Rows are 0-based; the cursor is
 * placed with absolute moves, so nothing depends on where the terminal left it. Lines are compared
 * as text first, then cell by cell in place from their first differing character to the start of
 * the text they end with alike (no per-cell objects: a frame at 10 a second leaves no garbage
 * behind). The terminal's pen (its current style) is followed, so a stretch opens with only the
 * style change it needs; a frame ends with the pen plain.
 */
export class FrameDiff {
  private lines: string[] = [];
  /** The last frame's regions' lines, by index (a frame of regions). */
  private areas: Array<readonly string[] | undefined> = [];
  /** The terminal's style now; undefined when not known (before the first frame, after a reset). */
  private pen: string | undefined;

  /** Forgets the previous frame: the next one is written whole (after a clear). */
  reset(): void {
    this.lines = [];
    this.areas = [];
    this.pen = undefined;
  }

  /** Bytes to write for `next` (one entry per screen row); empty when nothing changed. */
  update(next: readonly string[], columns: number): string {
    let out = '';
    const rows = Math.max(next.length, this.lines.length);
    for (let r = 0; r < rows; r++) {
      const line = next[r] ?? '';
      const prevLine = this.lines[r] ?? '';
      if (line !== prevLine) out += this.rowUpdate(r, 0, prevLine, line, columns, true);
    }
    this.lines = next.slice();
    return this.plain(out);
  }

  /**
   * Bytes to write for a frame of regions, each diffed against the region of the same index in the
   * last frame (the caller keeps the layout, or resets): a region whose lines are the ones it had
   * is passed over by reference, and one that changed is diffed within its own columns only.
   */
  updateRegions(regions: readonly Region[], columns: number): string {
    let out = '';
    regions.forEach((r, i) => {
      const was = this.areas[i];
      if (was === r.lines) return;
      for (let k = 0; k < r.lines.length; k++) {
        const line = r.lines[k]!;
        const prevLine = was?.[k] ?? '';
        if (line !== prevLine) out += this.rowUpdate(r.y + k, r.x, prevLine, line, r.width, r.x + r.width >= columns);
      }
      this.areas[i] = r.lines;
    });
    return this.plain(out);
  }

  /** A frame ends with the pen plain. */
  private plain(out: string): string {
    if (!out) return out;
    if (this.pen !== '') out += penTo(this.pen, '');
    this.pen = '';
    return out;
  }

  /**
   * Rewrites the changed cells of one row: each stretch of changes (stretches closer than GAP_KEPT
   * cells are one), taken from the new line's text with the style in force at its start, then clears
   * a shorter tail (blanks written over it when the line does not reach the screen's edge).
   */
  private rowUpdate(row: number, x0: number, was: string, now: string, columns: number, edge: boolean): string {
    // Text both lines start with holds equal cells, and so does text they end with, once both are
    // read up to it in the same style: neither is compared cell by cell.
    const most = Math.min(was.length, now.length);
    let pre = 0;
    while (pre < most && was.charCodeAt(pre) === now.charCodeAt(pre)) pre++;
    let suf = 0;
    while (suf < most - pre && was.charCodeAt(was.length - 1 - suf) === now.charCodeAt(now.length - 1 - suf)) suf++;
    const a = nowReader.reset(now);
    let n = 0;
    let at = 0;
    let atStyle = '';
    for (;;) {
      at = a.i;
      atStyle = a.style;
      if (n >= columns || !a.next() || a.end > pre) break;
      n++;
    }
    a.seek(now, at, atStyle);
    const b = wasReader.seek(was, at, atStyle);
    let out = '';
    let spanAt = -1;
    let spanCol = 0;
    let spanStyle = '';
    let lastEnd = 0;
    let lastStyle = '';
    let gap = 0;
    let o = n;
    let alike = false;
    let hasB = b.next();
    const emit = () => {
      out += `${ESC}${row + 1};${x0 + spanCol + 1}H${penTo(this.pen, spanStyle)}${now.slice(spanAt, lastEnd)}`;
      this.pen = lastStyle;
    };
    while (n < columns && a.next()) {
      if (hasB && a.same(b)) {
        if (spanAt >= 0) gap++;
        // Same cell, same style, same text after it: the rest of the row is alike.
        if (now.length - a.end <= suf && now.length - a.end === was.length - b.end) {
          alike = true;
          break;
        }
      } else {
        if (spanAt >= 0 && gap > GAP_KEPT) (emit(), (spanAt = -1));
        if (spanAt < 0) (spanAt = a.start), (spanCol = n), (spanStyle = a.style);
        lastEnd = a.end;
        lastStyle = a.style;
        gap = 0;
      }
      n++;
      if (hasB) (o++, (hasB = b.next()));
    }
    if (spanAt >= 0) emit();
    if (alike) return out;
    while (hasB && o < columns) (o++, (hasB = b.next()));
    if (n >= o) return out;
    out += `${ESC}${row + 1};${x0 + n + 1}H${penTo(this.pen, '')}${edge ? `${ESC}K` : ' '.repeat(o - n)}`;
    this.pen = '';
    return out;
  }
}

/** Lines drawn at column `x`, row `y` (0-based), each at most `width` cells: a part of a screen diffed on its own. */
export interface Region {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly lines: readonly string[];
}

/** Unchanged cells between two changes that are rewritten rather than skipped (a cursor move costs about this much). */
const GAP_KEPT = 8;
