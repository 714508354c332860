/** Aligned columns for the live views, with cells that flash (inverse) for a moment after they change. */
import { alignDecimals, isNumericColumn } from '../render/cells.js';
import { SGR } from '../render/live.js';

export interface Column {
  readonly name: string;
  /** Right-aligned (numbers). */
  readonly right?: boolean;
}

export interface Cell {
  readonly text: string;
  readonly style?: (s: string) => string;
  readonly flash?: boolean;
}

/** ms a changed cell stays highlighted. */
export const FLASH_MS = 1000;

/** Changes remembered before the expired ones are swept (a long session sees ever new prices). */
const MAX_FLASHING = 1024;

/** When each cell last changed, to highlight fresh values. */
export class Flashes {
  private readonly at = new Map<string, number>();

  /** Records a change of `key` when a previous value existed and differs. */
  note(key: string, prev: string | undefined, next: string, now: number): void {
    if (prev === undefined || prev === next) return;
    this.at.set(key, now);
    // Keys no longer drawn (a price the book moved away from) are never asked again: forget the old ones.
    if (this.at.size > MAX_FLASHING) for (const [k, t] of this.at) if (now - t >= FLASH_MS) this.at.delete(k);
  }

  /** Keys remembered (for tests of the bound). */
  get size(): number {
    return this.at.size;
  }

  on(key: string, now: number): boolean {
    const t = this.at.get(key);
    if (t === undefined) return false;
    if (now - t < FLASH_MS) return true;
    this.at.delete(key);
    return false;
  }
}

/**
 * Lines of a table: header then rows, columns separated by two spaces; columns that do not fit in
 * `width` are left out from the right. Styles are applied after padding so alignment holds.
 */
export function grid(cols: readonly Column[], cellRows: readonly (readonly Cell[])[], width: number, color: boolean): string[] {
  const rows = alignColumns(cols, cellRows);
  const widths = cols.map((c, i) => Math.max(c.name.length, ...rows.map((r) => r[i]?.text.length ?? 0)));
  let n = cols.length;
  while (n > 1 && widths.slice(0, n).reduce((a, b) => a + b, 0) + 2 * (n - 1) > width) n--;
  // The last column is not padded on the right: no trailing blanks on any line.
  const pad = (s: string, i: number) => (cols[i]!.right ? s.padStart(widths[i]!) : i === n - 1 ? s : s.padEnd(widths[i]!)).slice(0, width);
  const header = cols.slice(0, n).map((c, i) => pad(c.name, i)).join('  ');
  const out = [color ? SGR.bold(header) : header];
  for (const r of rows) {
    const cells = r.slice(0, n).map((c, i) => {
      let s = pad(c.text, i);
      if (!color) return s;
      if (c.style) s = c.style(s);
      return c.flash ? SGR.inverse(s) : s;
    });
    out.push(cells.join('  '));
  }
  return out;
}

/** HH:MM:SS (UTC) of an epoch in ms. */
export function clock(ms: number): string {
  return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString().slice(11, 19) : '';
}

/** Fits a plain line to `width`. */
export function fit(line: string, width: number): string {
  return line.length > width ? line.slice(0, Math.max(0, width - 1)) + '…' : line;
}

/** Right-aligned columns of decimals get their points lined up. */
function alignColumns(cols: readonly Column[], rows: readonly (readonly Cell[])[]): (readonly Cell[])[] {
  const out = rows.map((r) => [...r]);
  cols.forEach((c, i) => {
    if (!c.right) return;
    const texts = rows.map((r) => r[i]?.text ?? '');
    if (!isNumericColumn(texts)) return;
    alignDecimals(texts).forEach((t, j) => {
      if (out[j]![i]) out[j]![i] = { ...out[j]![i]!, text: t };
    });
  });
  return out;
}
