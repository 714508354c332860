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

/** Cells of a line, at most `columns` of them. */
function clip(c: Cells, columns: number): Cells {
  return c.chars.length <= columns ? c : { chars: c.chars.slice(0, columns), styles: c.styles.slice(0, columns) };
}

/**
 * The previous frame, and the bytes that turn it into the next. Rows are 0-based; the cursor is
 * placed with absolute moves, so nothing depends on where the terminal left it.
 */
export class FrameDiff {
  private lines: string[] = [];
  private cells: (Cells | undefined)[] = [];

  /** Forgets the previous frame: the next one is written whole (after a clear). */
  reset(): void {
    this.lines = [];
    this.cells = [];
  }

  /** Bytes to write for `next` (one entry per screen row); empty when nothing changed. */
  update(next: readonly string[], columns: number): string {
    let out = '';
    const rows = Math.max(next.length, this.lines.length);
    for (let r = 0; r < rows; r++) {
      const line = next[r] ?? '';
      const prevLine = this.lines[r] ?? '';
      if (line === prevLine) continue;
      const now = clip(cellsOf(line), columns);
      const was = this.cells[r] ?? clip(cellsOf(prevLine), columns);
      this.cells[r] = now;
      out += rowUpdate(r, was, now);
    }
    this.lines = next.slice();
    this.cells.length = next.length;
    return out;
  }
}

/** Rewrites the changed cells of one row: from the first difference to the last, then clears a shorter tail. */
function rowUpdate(row: number, was: Cells, now: Cells): string {
  const n = now.chars.length;
  const o = was.chars.length;
  let first = 0;
  while (first < n && first < o && now.chars[first] === was.chars[first] && now.styles[first] === was.styles[first]) first++;
  if (first === n && first === o) return '';
  let lastNow = n - 1;
  if (n === o) {
    while (lastNow > first && now.chars[lastNow] === was.chars[lastNow] && now.styles[lastNow] === was.styles[lastNow]) lastNow--;
  }
  const move = `${ESC}${row + 1};${first + 1}H`;
  const body = first < n ? run(now, first, lastNow) : '';
  return move + body + (n < o ? `${ESC}K` : '');
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
