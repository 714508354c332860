/** Printing a command's answer in the invocation's format, fields and columns. */
import type { Endpoint } from '../api/catalogue/types.js';
import type { Context } from '../context.js';
import { rowsOf } from '../core/usecases/rows.js';
import type { Row } from '../render/cells.js';
import { render, type Format } from '../render/output.js';

export interface ShowOptions {
  /** Rows to print; default: taken from `data` by the catalogue's `rows` key. */
  readonly rows?: readonly Row[];
  /** Columns coloured by sign. */
  readonly signed?: readonly string[];
  readonly columns?: readonly string[];
  /** Format to use instead of the invocation's. */
  readonly format?: Format;
  /** Tables: wrap long text at words instead of cutting it. */
  readonly wrap?: boolean;
  /** tsv: false leaves out the header line `--header` asks for (a later page of a paged list). */
  readonly header?: boolean;
}

/** Prints a payload in the chosen format. */
export function show(ctx: Context, ep: Pick<Endpoint, 'rows' | 'columns' | 'headers'>, data: unknown, opts: ShowOptions = {}): void {
  const fields = ctx.fields;
  const columns = opts.columns ?? ep.columns;
  render(ctx.io, data, opts.rows ?? rowsOf(ep, data), {
    format: opts.format ?? ctx.format, ...(fields ? { fields } : {}), ...(columns ? { columns } : {}), ...(opts.signed ? { signed: opts.signed } : {}),
    ...(ep.headers ? { headers: ep.headers } : {}), ...(opts.wrap ? { wrap: true } : {}),
    header: opts.header !== false && Boolean(ctx.globals.header), rawIds: ctx.rawIds, note: (line) => ctx.note(line),
  });
}
