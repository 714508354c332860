/**
 * Lines as cells and back: what splices a box over a styled line (and what tests read a frame with).
 * Lines are text with SGR escapes; every character is one column.
 */
import { RowCells } from './row-cells.js';

const ESC = '\x1b[';

/** A line split into cells: characters and the SGR parameters in force at each (`''`: plain). */
export interface Cells {
  readonly chars: readonly string[];
  readonly styles: readonly string[];
}

/** Splits a line into cells; escapes other than SGR are dropped. */
export function cellsOf(line: string): Cells {
  const r = new RowCells().read(line);
  const chars: string[] = [];
  for (let k = 0; k < r.count; k++) chars.push(line.slice(r.starts[k], r.end(k)));
  return { chars, styles: Array.from({ length: r.count }, (_, k) => r.style(k)) };
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
