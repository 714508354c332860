/**
 * SGR (colour and attribute) state as a canonical key, e.g. `1;7;31`: what a screen diff compares
 * cell by cell, and how it moves a terminal's pen from one style to another.
 */

const ESC = '\x1b[';

/** SGR state while reading a line; `key()` is a canonical parameter list. */
class Sgr {
  fg = '';
  bg = '';
  bold = false;
  dim = false;
  underline = false;
  inverse = false;

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
  }

  reset(): void {
    this.fg = this.bg = '';
    this.bold = this.dim = this.underline = this.inverse = false;
  }

  key(): string {
    const parts: string[] = [];
    if (this.bold) parts.push('1');
    if (this.dim) parts.push('2');
    if (this.underline) parts.push('4');
    if (this.inverse) parts.push('7');
    if (this.fg) parts.push(this.fg);
    if (this.bg) parts.push(this.bg);
    return parts.join(';');
  }
}

/**
 * The parameters of `line[from..to)` as a number (digits and `;` in base 11, after a leading 1) when
 * they are short and plain, else as text: a screen uses few styles over and over, so a transition is
 * looked up without building a string per escape.
 */
function paramsKey(line: string, from: number, to: number): number | string {
  if (to - from > 14) return line.slice(from, to);
  let k = 1;
  for (let i = from; i < to; i++) {
    const c = line.charCodeAt(i);
    const d = c === 59 ? 10 : c - 48;
    if (d < 0 || d > 10) return line.slice(from, to);
    k = k * 11 + d;
  }
  return k;
}

/** Transitions by state key, then by parameters; bounded (a screen uses a handful). */
const transitions = new Map<string, Map<number | string, string>>();
let kept = 0;
const TRANSITIONS_KEPT = 4096;

/** The SGR state after the parameters `line[from..to)` (an escape's, between `ESC [` and `m`), from the state `key`. */
export function nextStyle(key: string, line: string, from: number, to: number): string {
  let byParams = transitions.get(key);
  if (!byParams) transitions.set(key, (byParams = new Map()));
  const pk = paramsKey(line, from, to);
  let next = byParams.get(pk);
  if (next === undefined) {
    const sgr = new Sgr();
    if (key) sgr.apply(key);
    sgr.apply(line.slice(from, to));
    next = sgr.key();
    if (kept < TRANSITIONS_KEPT) (byParams.set(pk, next), kept++);
  }
  return next;
}

/** What turns a terminal's pen from `pen` (undefined: not known) to `style`; nothing when it already is. */
export function penTo(pen: string | undefined, style: string): string {
  if (pen === style) return '';
  if (style === '') return `${ESC}0m`;
  return pen === '' ? `${ESC}${style}m` : `${ESC}0;${style}m`;
}
