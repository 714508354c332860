/**
 * Output formats of cli.md: table on a terminal, tsv when piped, json, ndjson, csv; `--fields` in all.
 * stdout carries data only.
 */
import { matchWord } from '../api/catalogue/vocab.js';
import { usage } from '../errors.js';
import { rawCell, type Row } from './cells.js';
import { headerOf, knownKeys, resolveFields, type Headers } from './columns.js';
import type { IO } from './io.js';
import { jsonText } from './json-text.js';
import { table as drawTable } from './table.js';

export const FORMATS = ['table', 'json', 'ndjson', 'csv', 'tsv'] as const;
export type Format = (typeof FORMATS)[number];

/** A format by name, any case; `from` names where the value came from in the error (`--output`, `BM_OUTPUT`). */
export function parseFormat(v: string, from = '--output'): Format {
  const f = matchWord(FORMATS, v);
  if (f) return f;
  throw usage(`${from}: must be one of ${FORMATS.join(', ')} (got '${v}')`);
}

export interface RenderOptions {
  readonly format: Format;
  /** `--fields` as typed: wire names or headers, any case. */
  readonly fields?: readonly string[];
  /** Default columns; absent: every key met in the rows, in order. */
  readonly columns?: readonly string[];
  /** Columns coloured by sign (up green with +, down red). */
  readonly signed?: readonly string[];
  /** Headers that differ from the snake_case of the wire name. */
  readonly headers?: Headers;
  /** tsv: a header line first (`--header`). */
  readonly header?: boolean;
  /** Tables: wrap long text at words instead of cutting it. */
  readonly wrap?: boolean;
  /** Where notes go (stderr, unless --quiet). */
  readonly note?: (line: string) => void;
  /** json, ndjson: ids as sent (`--raw-ids`) instead of as strings (json-text.ts). */
  readonly rawIds?: boolean;
}

/** The columns to print: the resolved --fields, else the defaults that occur, else every key met. */
export function pickColumns(rows: readonly Row[], opts: Pick<RenderOptions, 'columns'> & { readonly fields?: readonly string[] }): string[] {
  if (opts.fields?.length) return [...opts.fields];
  const keys = knownKeys(rows);
  if (opts.columns?.length) {
    // No rows: the header lines (csv, tsv --header) name the declared columns.
    if (!rows.length) return [...opts.columns];
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

/** One JSON object a line, each row narrowed to `fields` when given; ids as strings unless `rawIds`. */
export function ndjsonText(rows: readonly Row[], fields?: readonly string[], rawIds = false): string {
  let text = '';
  for (const r of rows) text += `${jsonText(fields ? project(r, fields) : r, { rawIds })}\n`;
  return text;
}

/**
 * Prints rows. `data` is what json prints when no --fields is given: the payload as sent, ids as strings.
 * `--fields` names are checked against the keys of the rows and the declared columns; a stream's
 * rows (no `data`) print what they have.
 */
export function render(io: IO, data: unknown, rows: readonly Row[], opts: RenderOptions): void {
  const { format } = opts;
  const stream = data === undefined && format === 'ndjson';
  const fields = opts.fields?.length
    ? stream ? [...opts.fields] : resolveFields(opts.fields, knownKeys(rows, opts.columns), opts.headers)
    : undefined;
  if (format === 'json') {
    io.out(`${jsonText(fields ? rows.map((r) => project(r, fields)) : data, { indent: 2, rawIds: Boolean(opts.rawIds) })}\n`);
    return;
  }
  if (format === 'ndjson') {
    io.out(ndjsonText(rows, fields, opts.rawIds));
    return;
  }
  const cols = pickColumns(rows, { ...opts, ...(fields ? { fields } : {}) });
  const head = cols.map((c) => headerOf(c, opts.headers));
  if (format === 'csv') {
    const lines = [head.map(csvCell).join(',')];
    for (const r of rows) lines.push(cols.map((c) => csvCell(rawCell(r[c]))).join(','));
    io.out(`${lines.join('\n')}\n`);
    return;
  }
  if (format === 'tsv') {
    const lines = opts.header ? [head.map(tsvCell).join('\t')] : [];
    for (const r of rows) lines.push(cols.map((c) => tsvCell(rawCell(r[c]))).join('\t'));
    if (lines.length) io.out(`${lines.join('\n')}\n`);
    return;
  }
  io.out(drawTable(rows, cols, {
    color: io.colorLevel,
    ...(opts.signed ? { signed: opts.signed } : {}),
    ...(opts.headers ? { headers: opts.headers } : {}),
    ...(io.isTTY ? { width: io.columns } : {}),
    ...(opts.wrap ? { wrap: true } : {}),
    ...(opts.note ? { note: opts.note } : {}),
  }));
}

/** An aligned table (see table.ts); kept for callers that draw one directly. */
export function table(rows: readonly Row[], cols: readonly string[], color: boolean, signed: readonly string[] = []): string {
  return drawTable(rows, cols, { color, signed });
}
