/** Turning payload values into cells: exact text for data formats, readable text for tables. */
import { scalarText } from '../util/json.js';
import { isDecimal } from '../util/decimal.js';

export type { Row } from '../util/row.js';

/** Columns whose integers are times: `ms` milliseconds, `s` seconds, `auto` by magnitude. */
const TIME_COLUMNS: Record<string, 'ms' | 's' | 'auto'> = {
  server_time: 'ms', create_time: 'ms', order_time: 'ms', apply_time: 'ms', ms_t: 'ms', start_time: 'ms',
  end_time: 'ms', last_fill_time: 'ms', s_t: 's', timestamp: 'auto', update_time: 'ms',
};

/** ISO-8601 UTC of an epoch value, or undefined when it is not one. */
export function isoTime(column: string, v: unknown): string | undefined {
  const unit = TIME_COLUMNS[column];
  if (!unit) return undefined;
  const text = scalarText(v);
  if (!/^[0-9]{9,16}$/.test(text) || text === '0') return undefined;
  const n = Number(text);
  const ms = unit === 'ms' || (unit === 'auto' && text.length >= 12) ? n : n * 1000;
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** Raw text of a cell, as the venue sent it (tsv, csv). */
export function rawCell(v: unknown): string {
  return scalarText(v);
}

/** True when every non-empty value is a plain decimal: the column is right-aligned on the point. */
export function isNumericColumn(values: readonly string[]): boolean {
  let any = false;
  for (const v of values) {
    if (v === '') continue;
    if (!isDecimal(v)) return false;
    any = true;
  }
  return any;
}

/** Pads decimals so their points line up: `1.5`, `10.25` -> ` 1.5 `, `10.25`. Values stay exact. */
export function alignDecimals(values: readonly string[]): string[] {
  const fracOf = (v: string) => (v.includes('.') ? v.length - v.indexOf('.') : 0);
  const frac = Math.max(0, ...values.map(fracOf));
  const padded = values.map((v) => (v === '' ? v : v + ' '.repeat(frac - fracOf(v))));
  const width = Math.max(0, ...padded.map((v) => v.length));
  return padded.map((v) => v.padStart(width));
}
