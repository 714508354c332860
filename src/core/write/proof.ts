/**
 * Reading proof, as the catalogue describes it: which verdict an answer or a row supports, whether a
 * row is the order the write was about, and the parameters of a lookup. Pure functions, no I/O.
 */
import type { FieldIs, LookupParam, Verdict, WriteLookup } from '../../api/catalogue/types.js';
import type { Params } from '../../api/client.js';
import type { Row } from '../../util/row.js';
import { cmp, isDecimal } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';

/** The text of the first of `field`'s names the row carries; undefined when none is there. */
export function fieldText(row: Row, field: string | readonly string[]): string | undefined {
  for (const name of typeof field === 'string' ? [field] : field) {
    const v = row[name];
    if (v !== undefined && v !== null) return scalarText(v);
  }
  return undefined;
}

/** Equal as sent, or as decimals (`30000` and `30000.00` are one price). */
export function same(a: string, b: string): boolean {
  if (a === b) return true;
  return a !== '' && b !== '' && isDecimal(a) && isDecimal(b) && cmp(a, b) === 0;
}

function holds(cond: FieldIs, row: Row): boolean {
  const v = fieldText(row, cond.field);
  if (v === undefined || v === '') return false;
  return cond.values === undefined || cond.values.some((x) => same(v, x));
}

/** The first verdict whose condition holds on the row, or undefined. */
export function verdictOf(verdicts: readonly Verdict[], row: Row): Verdict | undefined {
  return verdicts.find((v) => v.when === undefined || holds(v.when, row));
}

/** An answer's data as one row (an object is the row; anything else is under `value`). */
export function rowOfData(data: unknown): Row {
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Row) : { value: data };
}

/** The value sent for a parameter, as text; undefined when it was not sent. */
export function sentText(params: Params, name: string): string | undefined {
  const hit = params.find(([k, v]) => k === name && v !== undefined);
  return hit ? scalarText(hit[1]) : undefined;
}

/** Why a row is not ours: the first identifying field that differs, or undefined when every one holds. */
export function mismatch(match: WriteLookup['match'], row: Row, params: Params): { field: string; want: string; got: string } | undefined {
  for (const [field, param] of match) {
    const want = sentText(params, param);
    if (want === undefined) continue;
    const got = fieldText(row, field) ?? '';
    if (!same(got, want)) return { field: typeof field === 'string' ? field : field[0]!, want, got };
  }
  return undefined;
}

function fill(list: readonly LookupParam[], params: Params): Params | undefined {
  const out: Array<readonly [string, unknown]> = [];
  for (const [name, from] of list) {
    const v = from.startsWith('=') ? from.slice(1) : sentText(params, from);
    if (v === undefined) return undefined;
    out.push([name, v]);
  }
  return out;
}

/** The parameter lists of a lookup for what was sent: the first that applies, or every one with `all`. */
export function lookupParams(lookup: WriteLookup, params: Params): Params[] {
  const lists = lookup.by.map((l) => fill(l, params)).filter((l): l is Params => l !== undefined);
  return lookup.all ? lists : lists.slice(0, 1);
}

/**
 * A confirmation from a template: `{name}` is the value sent, `[...]` a part dropped when a value in it
 * was not sent.
 */
export function fillTemplate(template: string, params: Params): string {
  const one = (part: string) => {
    let missing = false;
    const text = part.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => sentText(params, name) ?? ((missing = true), ''));
    return { text, missing };
  };
  const withOptional = template.replace(/\[([^\]]*)\]/g, (_m, part: string) => {
    const r = one(part);
    return r.missing ? '' : r.text;
  });
  return one(withOptional).text;
}
