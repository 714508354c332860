/**
 * Output formats of cli.md: table on a terminal, tsv when piped, json, ndjson, csv; `--fields` in all.
 * stdout carries data only.
 */
import { stringifyJson } from '../util/json.js';
import { usage } from '../errors.js';
import { alignDecimals, isNumericColumn, isoTime, rawCell, type Row } from './cells.js';
import type { IO } from './io.js';
import { palette } from './ansi.js';

export const FORMATS = ['table', 'json', 'ndjson', 'csv', 'tsv'] as const;
export type Format = (typeof FORMATS)[number];

export function parseFormat(v: string): Format {
  if ((FORMATS as readonly string[]).includes(v)) return v as Format;
  throw usage(`--output: must be one of ${FORMATS.join(', ')} (got '${v}')`);
}

export interface RenderOptions {
  readonly format: Format;
  /** Columns to show; default columns when absent. */
  readonly fields?: readonly string[];
  /** Default columns; absent: every key met in the rows, in order. */
  readonly columns?: readonly string[];
  /** Columns coloured by sign (up green with +, down red). */
  readonly signed?: readonly string[];
}

/** The columns to print: --fields, else the defaults that occur, else every key met. */
export function pickColumns(rows: readonly Row[], opts: Pick<RenderOptions, 'fields' | 'columns'>): string[] {
  if (opts.fields?.length) return [...opts.fields];
  const keys: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!keys.includes(k)) keys.push(k);
  if (opts.columns?.length) {
    const present = opts.columns.filter((c) => keys.includes(c));
    return present.length ? present : keys;
  }
  return keys;
}

function project(row: Row, cols: readonly string[]): Row {
  const out: Row = {};
  for (const c of cols) out[c] = row[c];
  return out;
}

function csvCell(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function tsvCell(s: string): string {
  return s.replace(/[\t\r\n]/g, ' ');
}

/**
 * Prints rows. `data` is what json prints when no --fields is given: the payload exactly as sent.
 */
export function render(io: IO, data: unknown, rows: readonly Row[], opts: RenderOptions): void {
  const { format } = opts;
  if (format === 'json') {
    io.out(`${stringifyJson(opts.fields?.length ? rows.map((r) => project(r, opts.fields!)) : data, 2)}\n`);
    return;
  }
  if (format === 'ndjson') {
    let text = '';
    for (const r of rows) text += `${stringifyJson(opts.fields?.length ? project(r, opts.fields) : r)}\n`;
    io.out(text);
    return;
  }
  const cols = pickColumns(rows, opts);
  if (format === 'csv') {
    const lines = [cols.map(csvCell).join(',')];
    for (const r of rows) lines.push(cols.map((c) => csvCell(rawCell(r[c]))).join(','));
    io.out(`${lines.join('\n')}\n`);
    return;
  }
  if (format === 'tsv') {
    if (rows.length === 0) return;
    io.out(`${rows.map((r) => cols.map((c) => tsvCell(rawCell(r[c]))).join('\t')).join('\n')}\n`);
    return;
  }
  io.out(table(rows, cols, io.color, opts.signed ?? []));
}

/** An aligned table: header, then rows; decimals aligned on the point; signs coloured. */
export function table(rows: readonly Row[], cols: readonly string[], color: boolean, signed: readonly string[] = []): string {
  if (rows.length === 0) return '';
  const c = palette(color);
  const columns = cols.map((col) => {
    const raw = rows.map((r) => rawCell(r[col]));
    const sign = signed.includes(col) && isNumericColumn(raw);
    const shown = raw.map((v, i) => isoTime(col, rows[i]![col]) ?? (sign && v !== '' && !v.startsWith('-') && !/^[0.]+$/.test(v) ? `+${v}` : v));
    const numeric = isNumericColumn(shown.map((s) => s.replace(/^\+/, '')));
    const cells = numeric ? alignDecimals(shown) : shown;
    const width = Math.max(col.length, ...cells.map((s) => s.length));
    return { col, cells, width, numeric, raw };
  });
  const header = columns.map((k) => (k.numeric ? k.col.toUpperCase().padStart(k.width) : k.col.toUpperCase().padEnd(k.width))).join('  ');
  const lines = [c.bold(header.trimEnd())];
  for (let i = 0; i < rows.length; i++) {
    const line = columns.map((k) => {
      const cell = k.numeric ? k.cells[i]!.padStart(k.width) : k.cells[i]!.padEnd(k.width);
      if (!signed.includes(k.col) || k.raw[i] === '') return cell;
      return k.raw[i]!.startsWith('-') ? c.red(cell) : /^[0.]+$/.test(k.raw[i]!) ? cell : c.green(cell);
    });
    lines.push(line.join('  ').trimEnd());
  }
  return `${lines.join('\n')}\n`;
}
