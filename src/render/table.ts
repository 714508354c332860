/**
 * One-shot tables through cli-table3: cells are made here (times as ISO, changes signed, decimals
 * padded so their points line up) and handed over with widths fitted to the terminal. Text columns
 * give way first (cut with an ellipsis, or wrapped at words); numbers are never cut or split: a
 * table whose numbers alone do not fit leaves out its last columns and says so.
 */
import { palette } from './ansi.js';
import { alignDecimals, isNumericColumn, isoTime, rawCell, type Row } from './cells.js';
import { headerOf, type Headers } from './columns.js';
import { tableLib } from './vendor.js';

export interface TableOptions {
  /** Colour: on/off, or the terminal's colour level. */
  readonly color?: boolean | number;
  /** Columns coloured by sign (up green with +, down red). */
  readonly signed?: readonly string[];
  readonly headers?: Headers;
  /** Terminal width in characters; undefined: no fitting (not a terminal). */
  readonly width?: number;
  /** Wrap long text at words instead of cutting it (rows grow taller). */
  readonly wrap?: boolean;
  /** Where a note about columns left out goes (stderr). */
  readonly note?: (line: string) => void;
}

const GAP = 2;
/** Narrowest a text column is cut to. */
const MIN_TEXT = 6;
const CHARS = {
  top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
  left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: ' '.repeat(GAP),
};

interface Column {
  readonly key: string;
  readonly header: string;
  readonly cells: string[];
  readonly raw: string[];
  readonly numeric: boolean;
  width: number;
}

function isUp(raw: string): boolean {
  return raw !== '' && !raw.startsWith('-') && !/^\+?[0.]+$/.test(raw);
}

function columnOf(rows: readonly Row[], key: string, opts: TableOptions): Column {
  const raw = rows.map((r) => rawCell(r[key]));
  const sign = Boolean(opts.signed?.includes(key)) && isNumericColumn(raw);
  const shown = raw.map((v, i) => isoTime(key, rows[i]![key]) ?? (sign && isUp(v) && !v.startsWith('+') ? `+${v}` : v));
  const numeric = isNumericColumn(shown);
  const cells = numeric ? alignDecimals(shown) : shown;
  const header = headerOf(key, opts.headers);
  return { key, header, cells, raw, numeric, width: Math.max(header.length, ...cells.map((s) => s.length)) };
}

/** Narrows text columns, widest first, until the table fits `width`; false when it cannot. */
function fit(cols: Column[], width: number): boolean {
  const total = () => cols.reduce((n, c) => n + c.width, 0) + GAP * (cols.length - 1);
  while (total() > width) {
    const widest = cols.filter((c) => !c.numeric && c.width > MIN_TEXT).sort((a, b) => b.width - a.width)[0];
    if (!widest) return false;
    widest.width -= Math.min(widest.width - MIN_TEXT, total() - width);
  }
  return true;
}

/** An aligned table: header, then rows; decimals aligned on the point; signs coloured. */
export function table(rows: readonly Row[], keys: readonly string[], opts: TableOptions = {}): string {
  if (rows.length === 0 || keys.length === 0) return '';
  let cols = keys.map((k) => columnOf(rows, k, opts));
  if (opts.width !== undefined && opts.width > 0 && !fit(cols, opts.width)) {
    const left: Column[] = [];
    for (const c of cols) {
      if (left.length && !fit([...left, c].map((x) => ({ ...x })), opts.width)) break;
      left.push(c);
    }
    const out = cols.slice(left.length).map((c) => c.header);
    fit(left, opts.width);
    cols = left;
    opts.note?.(`bm: ${out.length} column${out.length > 1 ? 's do' : ' does'} not fit the terminal (${out.join(', ')}): pick columns with --fields, or widen the terminal`);
  }
  const paint = palette(opts.color ?? false);
  const Table = tableLib();
  const t = new Table({
    head: cols.map((c) => paint.bold(c.header)),
    chars: CHARS,
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [], compact: true },
    colWidths: cols.map((c) => c.width),
    colAligns: cols.map((c) => (c.numeric ? 'right' : 'left')),
    truncate: '…',
    wordWrap: Boolean(opts.wrap),
  });
  for (let i = 0; i < rows.length; i++) {
    t.push(cols.map((c) => {
      const cell = c.cells[i]!;
      if (!opts.signed?.includes(c.key) || c.raw[i] === '') return cell;
      return c.raw[i]!.startsWith('-') ? paint.red(cell) : isUp(c.raw[i]!) ? paint.green(cell) : cell;
    }));
  }
  return `${t.toString().split('\n').map((l) => l.trimEnd()).join('\n')}\n`;
}
