/**
 * A line read into cells, in arrays kept from one read to the next: each cell's character, where it
 * starts in the text, and the SGR style in force there. Lines are text with SGR escapes; every
 * character is one column; escapes other than SGR are skipped.
 */
import { nextStyle } from './sgr.js';

/** Styles by number: cells hold a style's number, so a row is typed arrays and equal styles are equal numbers. */
const STYLES: string[] = [''];
const NUMBERS = new Map<string, number>([['', 0]]);

function numberOf(style: string): number {
  let n = NUMBERS.get(style);
  if (n === undefined) NUMBERS.set(style, (n = STYLES.push(style) - 1));
  return n;
}

export class RowCells {
  /** Cells read. */
  count = 0;
  /** Each cell's character as a number: its UTF-16 unit, or both units of a surrogate pair. */
  codes = new Uint32Array(0);
  /** Where each cell's character starts in the text. */
  starts = new Int32Array(0);
  /** The number of the style in force at each cell (see {@link style}). */
  ids = new Uint32Array(0);

  /**
   * Reads `line`, at most `max` cells; the arrays are reused (they grow when a line is longer). The
   * first `keep` cells may be taken from `from`, another line's cells whose text `line` starts with
   * (up to the end of those cells): they are copied, and reading goes on after them.
   */
  read(line: string, max = Number.MAX_SAFE_INTEGER, from?: RowCells, keep = 0): this {
    this.room(Math.min(line.length, max));
    const { codes, starts, ids } = this;
    let id = 0;
    let n = 0;
    let i = 0;
    if (from && keep > 0) {
      codes.set(from.codes.subarray(0, keep));
      starts.set(from.starts.subarray(0, keep));
      ids.set(from.ids.subarray(0, keep));
      n = keep;
      i = from.end(keep - 1);
      id = from.ids[keep - 1]!;
    }
    let style = STYLES[id]!;
    while (i < line.length && n < max) {
      // A run of characters up to the next escape: all in one style.
      let end = line.indexOf('\x1b', i);
      if (end < 0) end = line.length;
      while (i < end && n < max) {
        const c = line.charCodeAt(i);
        starts[n] = i;
        ids[n] = id;
        if (c >= 0xd800 && c <= 0xdbff) {
          codes[n] = c * 0x10000 + line.charCodeAt(i + 1);
          i += 2;
        } else {
          codes[n] = c;
          i++;
        }
        n++;
      }
      if (i >= line.length || n >= max) break;
      // An escape: SGR changes the style; others are skipped. A lone ESC is a character.
      if (line.charCodeAt(i + 1) !== 0x5b) {
        starts[n] = i;
        ids[n] = id;
        codes[n] = 0x1b;
        i++;
        n++;
        continue;
      }
      let j = i + 2;
      while (j < line.length && !(line.charCodeAt(j) >= 0x40 && line.charCodeAt(j) <= 0x7e)) j++;
      if (line.charCodeAt(j) === 0x6d) {
        const next = nextStyle(style, line, i + 2, j);
        if (next !== style) (style = next), (id = numberOf(next));
      }
      i = j + 1;
    }
    this.count = n;
    return this;
  }

  /** Takes `o`'s cells (the same line read with the same limit): copies, no reading. */
  copy(o: RowCells): this {
    const n = o.count;
    this.room(n);
    this.codes.set(o.codes.subarray(0, n));
    this.starts.set(o.starts.subarray(0, n));
    this.ids.set(o.ids.subarray(0, n));
    this.count = n;
    return this;
  }

  /** The style in force at cell `k` (`''`: plain), as a canonical key. */
  style(k: number): string {
    return STYLES[this.ids[k]!]!;
  }

  /** How many cells, from the first, lie wholly within the first `chars` characters of the text (at most `max`). */
  cellsWithin(chars: number, max: number): number {
    // Cells end in order: the last whose end is within `chars`, by halving.
    let lo = 0;
    let hi = Math.min(this.count, max);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.end(mid) <= chars) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Where cell `k`'s character ends in the text. */
  end(k: number): number {
    return this.starts[k]! + (this.codes[k]! > 0xffff ? 2 : 1);
  }

  /** True when cell `k` is the same character in the same style as cell `k` of `o`. */
  same(k: number, o: RowCells): boolean {
    return this.codes[k] === o.codes[k] && this.ids[k] === o.ids[k];
  }

  /** Room for `n` cells. */
  private room(n: number): void {
    if (this.codes.length >= n) return;
    const size = Math.max(n, this.codes.length * 2, 16);
    this.codes = new Uint32Array(size);
    this.starts = new Int32Array(size);
    this.ids = new Uint32Array(size);
  }
}
