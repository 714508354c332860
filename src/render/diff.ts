/**
 * What a terminal must be sent to turn the last frame into the next: rows that did not change are
 * skipped, and a changed row is rewritten only from its first to its last changed cell (a cell is a
 * character and its style). Lines are text with SGR escapes; every character is one column.
 */

const ESC = '\x1b[';

/** A line split into cells: characters and the SGR parameters in force at each (`''`: plain). */
export interface Cells {
  readonly chars: readonly string[];
  readonly styles: readonly string[];
}

/** SGR state while reading a line; `key()` is a canonical parameter list, e.g. `1;7;31`. */
class Sgr {
  fg = '';
  bg = '';
  bold = false;
  dim = false;
  underline = false;
  inverse = false;
  private cached: string | undefined = '';

  apply(params: string): void {
    const p = params === '' ? ['0'] : params.split(';');
    for (let i = 0; i < p.length; i++) {
      const n = Number(p[i]);
      if (n === 0) this.reset();
      else if (n === 1) this.bold = true;
      else if (n === 2) this.dim = true;
      else if (n === 22) this.bold = this.dim = false;
      else if (n === 4) this.underline = true;
      else if (n === 24) this.underline = false;
      else if (n === 7) this.inverse = true;
      else if (n === 27) this.inverse = false;
      else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) this.fg = String(n);
      else if (n === 39) this.fg = '';
      else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) this.bg = String(n);
      else if (n === 49) this.bg = '';
      else if ((n === 38 || n === 48) && p[i + 1] === '5') {
        const v = `${n};5;${p[i + 2] ?? '0'}`;
        if (n === 38) this.fg = v;
        else this.bg = v;
        i += 2;
      }
    }
    this.cached = undefined;
  }

  reset(): void {
    this.fg = this.bg = '';
    this.bold = this.dim = this.underline = this.inverse = false;
  }

  key(): string {
    if (this.cached !== undefined) return this.cached;
    const parts: string[] = [];
    if (this.bold) parts.push('1');
    if (this.dim) parts.push('2');
    if (this.underline) parts.push('4');
    if (this.inverse) parts.push('7');
    if (this.fg) parts.push(this.fg);
    if (this.bg) parts.push(this.bg);
    return (this.cached = parts.join(';'));
  }
}

/** SGR state after `params`, from the state `key`: memoized, as a screen uses few styles over and over. */
const transitions = new Map<string, string>();
const TRANSITIONS_KEPT = 4096;

function nextStyle(key: string, params: string): string {
  const k = `${key}\0${params}`;
  let next = transitions.get(k);
  if (next === undefined) {
    const sgr = new Sgr();
    if (key) sgr.apply(key);
    sgr.apply(params);
    next = sgr.key();
    if (transitions.size < TRANSITIONS_KEPT) transitions.set(k, next);
  }
  return next;
}

/** Splits a line into cells; escapes other than SGR are dropped. */
export function cellsOf(line: string): Cells {
  const chars: string[] = [];
  const styles: string[] = [];
  let style = '';
  for (let i = 0; i < line.length; ) {
    const c = line.charCodeAt(i);
    if (c === 0x1b && line.charCodeAt(i + 1) === 0x5b) {
      let j = i + 2;
      while (j < line.length && !(line.charCodeAt(j) >= 0x40 && line.charCodeAt(j) <= 0x7e)) j++;
      if (line.charCodeAt(j) === 0x6d) style = nextStyle(style, line.slice(i + 2, j));
      i = j + 1;
      continue;
    }
    const wide = c >= 0xd800 && c <= 0xdbff;
    chars.push(wide ? line.slice(i, i + 2) : line[i]!);
    styles.push(style);
    i += wide ? 2 : 1;
  }
  return { chars, styles };
}

const styleOpen = (key: string) => (key === '' ? `${ESC}0m` : `${ESC}0;${key}m`);

/** Cells `from..to` (inclusive) as text, each style change written once. */
function run(c: Cells, from: number, to: number): string {
  let out = styleOpen(c.styles[from] ?? '');
  let style = c.styles[from] ?? '';
  for (let i = from; i <= to; i++) {
    if (c.styles[i] !== style) {
      style = c.styles[i]!;
      out += styleOpen(style);
    }
    out += c.chars[i];
  }
  return out + (style === '' ? '' : `${ESC}0m`);
}

/** Reads a line cell by cell, in place: where the cell is in the text, and the style in force. */
class Reader {
  line = '';
  private i = 0;
  style = '';
  start = 0;
  end = 0;

  reset(line: string): this {
    this.line = line;
    this.i = 0;
    this.style = '';
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
        if (line.charCodeAt(j) === 0x6d) this.style = nextStyle(this.style, line.slice(this.i + 2, j));
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
 * as text first, then cell by cell in place (no per-cell objects: a frame at 10 a second leaves
 * no garbage behind).
 */
export class FrameDiff {
  private lines: string[] = [];

  /** Forgets the previous frame: the next one is written whole (after a clear). */
  reset(): void {
    this.lines = [];
  }

  /** Bytes to write for `next` (one entry per screen row); empty when nothing changed. */
  update(next: readonly string[], columns: number): string {
    let out = '';
    const rows = Math.max(next.length, this.lines.length);
    for (let r = 0; r < rows; r++) {
      const line = next[r] ?? '';
      const prevLine = this.lines[r] ?? '';
      if (line !== prevLine) out += rowUpdate(r, prevLine, line, columns);
    }
    this.lines = next.slice();
    return out;
  }
}

/** Unchanged cells between two changes that are rewritten rather than skipped (a cursor move costs about this much). */
const GAP_KEPT = 8;

/**
 * Rewrites the changed cells of one row: each stretch of changes (stretches closer than GAP_KEPT
 * cells are one), taken from the new line's text with the style in force at its start, then clears
 * a shorter tail.
 */
function rowUpdate(row: number, was: string, now: string, columns: number): string {
  const a = nowReader.reset(now);
  const b = wasReader.reset(was);
  let out = '';
  let spanAt = -1;
  let spanCol = 0;
  let spanStyle = '';
  let lastEnd = 0;
  let lastStyle = '';
  let gap = 0;
  let n = 0;
  let o = 0;
  let hasB = b.next();
  const emit = () => `${ESC}${row + 1};${spanCol + 1}H${styleOpen(spanStyle)}${now.slice(spanAt, lastEnd)}${lastStyle === '' ? '' : `${ESC}0m`}`;
  while (n < columns && a.next()) {
    if (hasB && a.same(b)) {
      if (spanAt >= 0) gap++;
    } else {
      if (spanAt >= 0 && gap > GAP_KEPT) (out += emit()), (spanAt = -1);
      if (spanAt < 0) (spanAt = a.start), (spanCol = n), (spanStyle = a.style);
      lastEnd = a.end;
      lastStyle = a.style;
      gap = 0;
    }
    n++;
    if (hasB) (o++, (hasB = b.next()));
  }
  if (spanAt >= 0) out += emit();
  while (hasB && o < columns) (o++, (hasB = b.next()));
  return n < o ? `${out}${ESC}${row + 1};${n + 1}H${ESC}K` : out;
}

/** Cells back to text: each style change written once, the line closed with a reset when styled. */
export function lineOf(c: Cells): string {
  return c.chars.length ? run(c, 0, c.chars.length - 1).replace(/^\x1b\[0m/, '') : '';
}

/** `base` with `insert` written over it from column `x` (0-based); styles on both sides kept. */
export function spliceLine(base: string, x: number, insert: string): string {
  const b = cellsOf(base);
  const i = cellsOf(insert);
  const chars = b.chars.slice(0, x);
  const styles = b.styles.slice(0, x);
  while (chars.length < x) (chars.push(' '), styles.push(''));
  chars.push(...i.chars, ...b.chars.slice(x + i.chars.length));
  styles.push(...i.styles, ...b.styles.slice(x + i.chars.length));
  return lineOf({ chars, styles });
}
