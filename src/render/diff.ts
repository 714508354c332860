/**
 * What a terminal must be sent to turn the last frame into the next: rows that did not change are
 * skipped, and a changed row is rewritten only from its first to its last changed cell (a cell is a
 * character and its style). Lines are text with SGR escapes; every character is one column.
 */
import { RowCells } from './row-cells.js';
import { penTo } from './sgr.js';

const ESC = '\x1b[';

/**
 * The previous frame, and the bytes that turn it into the next. Rows are 0-based; the cursor is
 * placed with absolute moves, so nothing depends on where the terminal left it. A changed line is
 * read into cells once, and those cells are kept as the row's previous cells for the next frame:
 * a frame compares arrays, never reads a line twice, and leaves no garbage behind (the arrays are
 * reused). The terminal's pen (its current style) is followed, so a stretch opens with only the
 * style change it needs; a frame ends with the pen plain.
 */
export class FrameDiff {
  private lines: string[] = [];
  /** Each row's cells as last drawn (a frame of lines). */
  private cells: RowCells[] = [];
  /** The last frame's regions' lines, by index (a frame of regions), and their cells. */
  private areas: Array<readonly string[] | undefined> = [];
  private areaCells: RowCells[][] = [];
  /** Where the next changed line is read; it then takes the place of the row's previous cells. */
  private spare = new RowCells();
  /** The cells of a row never drawn: empty, only read from (it never becomes the spare). */
  private readonly none = new RowCells();
  /** The terminal's style now; undefined when not known (before the first frame, after a reset). */
  private pen: string | undefined;

  /** Forgets the previous frame: the next one is written whole (after a clear). */
  reset(): void {
    this.lines = [];
    this.cells = [];
    this.areas = [];
    this.areaCells = [];
    this.pen = undefined;
  }

  /** Bytes to write for `next` (one entry per screen row); empty when nothing changed. */
  update(next: readonly string[], columns: number): string {
    let out = '';
    const rows = Math.max(next.length, this.lines.length);
    for (let r = 0; r < rows; r++) {
      const line = next[r] ?? '';
      const prev = this.lines[r] ?? '';
      if (line !== prev) out += this.rowUpdate(this.cells, r, r, 0, prev, line, columns, true);
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
    for (let i = 0; i < regions.length; i++) {
      const r = regions[i]!;
      const was = this.areas[i];
      if (was === r.lines) continue;
      const cells = (this.areaCells[i] ??= []);
      // Bottom up: a line that moved down one row (a list with a new entry on top) takes the cells it
      // had one row up, not yet replaced, instead of being read again.
      for (let k = r.lines.length - 1; k >= 0; k--) {
        const line = r.lines[k]!;
        const prev = was?.[k] ?? '';
        if (line === prev) continue;
        const moved = k > 0 && was !== undefined && line === was[k - 1] ? cells[k - 1] : undefined;
        out += this.rowUpdate(cells, k, r.y + k, r.x, prev, line, r.width, r.x + r.width >= columns, moved);
      }
      this.areas[i] = r.lines;
    }
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
   * Rewrites the changed cells of one row (`prev` was its line, and `kept[at]` its cells, replaced by
   * `line`'s: read, or copied from `moved`, the same line's cells one row up): each stretch of changes (stretches closer than GAP_KEPT cells are one), taken from the new
   * line's text with the style in force at its start, then clears a shorter tail (blanks written over
   * it when the line does not reach the screen's edge).
   */
  private rowUpdate(kept: RowCells[], at: number, row: number, x0: number, prev: string, line: string, columns: number, edge: boolean, moved?: RowCells): string {
    const was = kept[at] ?? this.none;
    // The cells of text both lines start with are the same cells: taken from the row's, not read or compared again.
    let keep = 0;
    let now: RowCells;
    if (moved) now = this.spare.copy(moved);
    else {
      const most = Math.min(prev.length, line.length);
      let pre = 0;
      while (pre < most && prev.charCodeAt(pre) === line.charCodeAt(pre)) pre++;
      keep = was.cellsWithin(pre, columns);
      now = this.spare.read(line, columns, was, keep);
    }
    this.spare = was === this.none ? new RowCells() : was;
    kept[at] = now;
    const n = now.count;
    const o = Math.min(was.count, columns);
    let out = '';
    let span = -1;
    let last = -1;
    let gap = 0;
    for (let k = keep; k < n; k++) {
      if (k < o && now.same(k, was)) {
        if (span >= 0) gap++;
        continue;
      }
      if (span >= 0 && gap > GAP_KEPT) (out += this.stretch(row, x0, now, line, span, last)), (span = -1);
      if (span < 0) span = k;
      last = k;
      gap = 0;
    }
    if (span >= 0) out += this.stretch(row, x0, now, line, span, last);
    if (n >= o) return out;
    out += `${ESC}${row + 1};${x0 + n + 1}H${penTo(this.pen, '')}${edge ? `${ESC}K` : ' '.repeat(o - n)}`;
    this.pen = '';
    return out;
  }

  /** Cells `from..to` of the line: the cursor placed, the pen set, their text (escapes between them included). */
  private stretch(row: number, x0: number, now: RowCells, line: string, from: number, to: number): string {
    const out = `${ESC}${row + 1};${x0 + from + 1}H${penTo(this.pen, now.style(from))}${line.slice(now.starts[from], now.end(to))}`;
    this.pen = now.style(to);
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
