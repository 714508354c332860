/**
 * How legacy bodies become rows: raw bodies stay as sent for json; tables get words for order
 * statuses and trade sides, and the book reads asks (highest first) then bids.
 */
import { LEGACY_ORDER_STATUSES } from '../../api/catalogue/vocab.js';
import type { LegacyEndpoint } from '../../legacy/catalogue.js';
import type { LegacyValues } from '../../legacy/request.js';
import type { Row } from '../../util/row.js';
import { scalarText } from '../../util/json.js';

/** Legacy order statuses (spec 3) as words (the catalogue's vocabulary). */
export const LEGACY_STATUS: Readonly<Record<string, string>> = Object.fromEntries(LEGACY_ORDER_STATUSES.map((s) => [s.code, s.word]));

/** entrustType of a user trade: 0 buy, 1 sell. */
const ENTRUST_TYPE: Readonly<Record<string, string>> = { '0': 'buy', '1': 'sell' };

function isRow(v: unknown): v is Row {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A list (or one object) as rows; scalars become one-column rows named after the first column. */
export function listRows(v: unknown, column: string): Row[] {
  if (Array.isArray(v)) return v.map((x) => (isRow(x) ? x : { [column]: x }));
  if (isRow(v)) return Object.keys(v).length ? [v] : [];
  return v === undefined || v === '' ? [] : [{ [column]: v }];
}

function humanStatus(rows: Row[], format: string): Row[] {
  if (format !== 'table') return rows;
  return rows.map((r) => ({ ...r, status: LEGACY_STATUS[scalarText(r.status)] ?? r.status }));
}

/** The rows of a body of `ep`, for the given output format (statuses become words on a `table`). */
export function rowsOfLegacy(ep: LegacyEndpoint, data: unknown, values: LegacyValues, format: string): Row[] {
  const first = ep.columns?.[0] ?? 'value';
  switch (ep.id) {
    case 'legacy.book': {
      const d = isRow(data) ? data : {};
      const side = (list: unknown, name: string) => listRows(list, 'price').map((l) => ({ side: name, ...l }));
      return [...side(d.sells, 'ask').reverse(), ...side(d.buys, 'bid')];
    }
    case 'legacy.order.get':
    case 'legacy.order.list':
      return humanStatus(listRows(ep.rows && isRow(data) ? data[ep.rows] : data, first), format);
    case 'legacy.fills':
      return listRows(isRow(data) ? data.trades : data, first).map((r) => ({ ...r, side: ENTRUST_TYPE[scalarText(r.entrustType)] ?? '' }));
    case 'legacy.order.cancel':
      return [{ entrust_id: values.entrust_id, result: 'cancelled' }];
    case 'legacy.order.cancel_all':
      return [{ symbol: values.symbol, side: values.side, result: 'cancelled' }];
    default:
      return listRows(ep.rows && isRow(data) ? data[ep.rows] : data, first);
  }
}
