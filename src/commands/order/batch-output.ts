/**
 * Prints a batch's outcomes as they become known: one line per order, in file order within what is
 * known (an order's line waits only for the lines before it). json is one document, so it is printed
 * when the batch ends; every other format streams.
 */
import type { Context } from '../../context.js';
import { rawCell } from '../../render/cells.js';
import { resolveFields } from '../../render/columns.js';
import { LOCAL_COLUMNS } from '../local-columns.js';
import { jsonText } from '../../render/json-text.js';
import { scalarText } from '../../util/json.js';
import type { Outcome } from '../../core/usecases/batch.js';

export const COLUMNS = LOCAL_COLUMNS['order batch'];

/** The word each outcome is printed with (the summary line's words). */
export const RESULT_WORD: Readonly<Record<Outcome['result'], string>> = { placed: 'placed', failed: 'rejected', unknown: 'unknown' };

/** Table cell widths (the longest an id or code can be); the message takes the rest of the line. */
const WIDTH: Record<string, number> = { result: 8, order_id: 20, client_order_id: 32, code: 5 };

export class BatchPrinter {
  private readonly known = new Map<number, Outcome>();
  private readonly all: Outcome[] = [];
  private next: number;
  private headed = false;
  private readonly cols: readonly string[];

  constructor(
    private readonly ctx: Context,
    /** The index of the first order (1, or the first line of a resumed range). */
    first: number,
    private readonly count: number,
  ) {
    this.next = first;
    // The names were checked before sending (src/commands/known-columns.ts); here they become the columns' own.
    this.cols = ctx.fields?.length ? resolveFields(ctx.fields, COLUMNS) : COLUMNS;
  }

  /** An order's outcome is known: prints it and every line after it now unblocked. */
  add(o: Outcome): void {
    this.all.push(o);
    this.known.set(o.index, o);
    if (this.ctx.format === 'json') return;
    let text = '';
    for (let x = this.known.get(this.next); x; x = this.known.get(this.next)) {
      this.known.delete(this.next++);
      text += this.line(x);
    }
    if (text) this.ctx.io.out(text);
  }

  /** Lines held back behind an order that will not get an outcome (never sent): printed in order now. */
  finish(): void {
    if (this.ctx.format === 'json') {
      const rows = [...this.all].sort((a, b) => a.index - b.index);
      this.ctx.io.out(`${jsonText({ responses: rows.map((r) => this.project(r)) }, { indent: 2, rawIds: this.ctx.rawIds })}\n`);
      return;
    }
    const rest = [...this.known.values()].sort((a, b) => a.index - b.index);
    this.known.clear();
    if (rest.length) this.ctx.io.out(rest.map((r) => this.line(r)).join(''));
  }

  private project(o: Outcome): Record<string, unknown> {
    const id = o.order_id === undefined || o.order_id === null ? '' : scalarText(o.order_id);
    // One word for a refused order, as the summary says it; the id as text, null (an empty cell) when there is none.
    const r: Record<string, unknown> = { ...o, result: RESULT_WORD[o.result], order_id: id === '' ? null : o.order_id };
    return Object.fromEntries(this.cols.map((c) => [c, r[c]]));
  }

  private line(o: Outcome): string {
    const row = this.project(o);
    const cells = this.cols.map((c) => rawCell(row[c]));
    switch (this.ctx.format) {
      case 'ndjson':
        return `${jsonText(row, { rawIds: this.ctx.rawIds })}\n`;
      case 'csv':
        return `${this.header(this.cols.join(','))}${cells.map((s) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)).join(',')}\n`;
      case 'tsv':
        return `${cells.map((s) => s.replace(/[\t\r\n]/g, ' ')).join('\t')}\n`;
      default: {
        const width = (c: string) => (c === 'index' ? String(this.count).length : WIDTH[c] ?? 0);
        const pad = (c: string, s: string) => (c === 'index' ? s.padStart(Math.max(width(c), 5)) : s.padEnd(Math.max(width(c), c.length)));
        const head = this.cols.map((c) => pad(c, c)).join('  ').trimEnd();
        return `${this.header(head)}${this.cols.map((c, i) => pad(c, cells[i]!)).join('  ').trimEnd()}\n`;
      }
    }
  }

  private header(text: string): string {
    if (this.headed) return '';
    this.headed = true;
    return `${text}\n`;
  }
}
