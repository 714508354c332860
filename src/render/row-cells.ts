/**
 * A line read into cells, in arrays kept from one read to the next: each cell's character, where it
 * starts in the text, and the SGR style in force there. Lines are text with SGR escapes; every
 * character is one column; escapes other than SGR are skipped.
 */
import { nextStyle } from './sgr.js';

export class RowCells {
  /** Cells read. */
  count = 0;
  /** Each cell's character as a number: its UTF-16 unit, or both units of a surrogate pair. */
  codes = new Uint32Array(0);
  /** Where each cell's character starts in the text. */
  starts = new Int32Array(0);
  /** The style in force at each cell (`''`: plain); canonical keys, so equal styles are equal strings. */
  readonly styles: string[] = [];

  /** Reads `line`, at most `max` cells; the arrays are reused (they grow when a line is longer). */
  read(line: string, max = Number.MAX_SAFE_INTEGER): this {
    const room = Math.min(line.length, max);
    if (this.codes.length < room) {
      const size = Math.max(room, this.codes.length * 2, 16);
      this.codes = new Uint32Array(size);
      this.starts = new Int32Array(size);
    }
    const { codes, starts, styles } = this;
    let style = '';
    let n = 0;
    for (let i = 0; i < line.length && n < max; ) {
      const c = line.charCodeAt(i);
      if (c === 0x1b && line.charCodeAt(i + 1) === 0x5b) {
        let j = i + 2;
        while (j < line.length && !(line.charCodeAt(j) >= 0x40 && line.charCodeAt(j) <= 0x7e)) j++;
        if (line.charCodeAt(j) === 0x6d) style = nextStyle(style, line, i + 2, j);
        i = j + 1;
        continue;
      }
      starts[n] = i;
      styles[n] = style;
      if (c >= 0xd800 && c <= 0xdbff) {
        codes[n] = c * 0x10000 + line.charCodeAt(i + 1);
        i += 2;
      } else {
        codes[n] = c;
        i++;
      }
      n++;
    }
    this.count = n;
    return this;
  }

  /** Takes `o`'s cells (the same line read with the same limit): copies, no reading. */
  copy(o: RowCells): this {
    const n = o.count;
    if (this.codes.length < n) {
      this.codes = new Uint32Array(o.codes.length);
      this.starts = new Int32Array(o.codes.length);
    }
    this.codes.set(o.codes.subarray(0, n));
    this.starts.set(o.starts.subarray(0, n));
    for (let k = 0; k < n; k++) this.styles[k] = o.styles[k]!;
    this.count = n;
    return this;
  }

  /** Where cell `k`'s character ends in the text. */
  end(k: number): number {
    return this.starts[k]! + (this.codes[k]! > 0xffff ? 2 : 1);
  }

  /** True when cell `k` is the same character in the same style as cell `k` of `o`. */
  same(k: number, o: RowCells): boolean {
    return this.codes[k] === o.codes[k] && this.styles[k] === o.styles[k];
  }
}
