/** The rows of an answer as the catalogue describes them: shared by the commands and the library (no commander here). */
import type { Endpoint } from '../api/catalogue/types.js';
import type { Row } from '../util/row.js';

/** The rows of a payload, by the catalogue's `rows` key; lists of scalars become one-column rows. */
export function rowsOf(ep: Pick<Endpoint, 'rows' | 'columns'>, data: unknown): Row[] {
  const v = ep.rows && data && typeof data === 'object' && !Array.isArray(data) ? (data as Row)[ep.rows] : data;
  if (Array.isArray(v)) {
    const col = ep.columns?.[0] ?? 'value';
    return v.map((x) => (x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Row) : { [col]: x }));
  }
  if (v && typeof v === 'object') return [v as Row];
  return v === undefined || v === '' ? [] : [{ [ep.columns?.[0] ?? 'value']: v }];
}
