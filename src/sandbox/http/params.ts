/**
 * Request parameters read and checked against the catalogue entry: wire name or alias, required,
 * whole-number bounds, allowed values. Each failure carries the spot code the spec gives it.
 */
import type { Endpoint, Param } from '../../api/catalogue/types.js';
import { fmt, isDecimal } from '../../util/decimal.js';
import { parseJson, RawNumber, scalarText } from '../../util/json.js';
import type { ExchangeError } from '../exchange-api.js';
import { fail } from '../errors.js';

export type Values = Record<string, string | undefined>;

/**
 * Parameters by name: the query string for GET/DELETE, the JSON body for POST/PUT. A body that is not
 * a JSON object is 50000 Bad Request, the spot family's code for a malformed request (spec 7.3; the
 * funding family's 60000 through family.ts); a client reads 30018, seen on the venue, the same way.
 */
export function rawParams(method: string, query: string, body: string): Record<string, unknown> {
  if (method === 'GET' || method === 'DELETE') return Object.fromEntries(new URLSearchParams(query));
  if (body.trim() === '') return {};
  let v: unknown;
  try {
    v = parseJson(body);
  } catch {
    throw fail(50000);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw fail(50000);
  return v as Record<string, unknown>;
}

type Problem = 'missing' | 'format' | 'low' | 'high' | 'value';

/** The code of a parameter problem (spec 7.3). */
function problem(p: Param, kind: Problem): ExchangeError {
  const n = p.name;
  if (n === 'from' || n === 'to') return fail(50002);
  if (n === 'step') return fail(50003);
  if (n === 'after') return fail(71001);
  if (n === 'before') return fail(71002);
  if (n === 'status') return fail(50019);
  // The later v4 queries have codes of their own for a word they do not know.
  if (n === 'orderMode' && kind === 'value') return fail(52000);
  if (n === 'queryState' && kind === 'value') return fail(52003);
  if (n === 'limit') {
    if (kind === 'missing') return fail(50014);
    if (kind === 'low') return fail(50015);
    if (kind === 'high') return fail(50016, p.max ?? 100);
  }
  if (n === 'offset') {
    if (kind === 'missing') return fail(50017);
    if (kind === 'low') return fail(50018);
  }
  if (n === 'size' && kind === 'high') return fail(50024);
  if (n === 'symbol' && kind === 'missing') return fail(50001);
  return kind === 'missing' ? fail(50028) : fail(50021, n);
}

/**
 * A key that names a parameter in another case (`Symbol`, `SIZE`) is refused with 50021 naming it as
 * sent: the venue does not read it, and a request that silently lost its parameter is worse than a
 * refusal. Unknown keys in no case are left alone, as the venue ignores them.
 */
function refuseMiscased(ep: Endpoint, raw: Record<string, unknown>): void {
  const known = new Set<string>();
  for (const p of ep.params) for (const n of [p.name, ...(p.aliases ?? [])]) known.add(n);
  const lower = new Set([...known].map((n) => n.toLowerCase()));
  for (const k of Object.keys(raw)) if (!known.has(k) && lower.has(k.toLowerCase())) throw fail(50021, k);
}

/**
 * Decimals are JSON strings on the wire (spec 4). The venue read a JSON number there as its value
 * (facts.md 5: it was lenient with figures); `strict` refuses it with 50021 naming the field. Ids are
 * read either way, as the venue sent them both ways and clients echo them back.
 */
function isNumber(v: unknown): boolean {
  return typeof v === 'number' || typeof v === 'bigint' || v instanceof RawNumber;
}

/** A JSON number's text as a plain decimal (`1e-7` -> `0.0000001`); unchanged when it is not a number. */
function plain(text: string): string {
  return isDecimal(text) ? text : fmt(text);
}

/** Every catalogue parameter of `ep` read from `raw` (aliases honoured) and checked; text values. `strict`: see {@link isNumber}. */
export function checkParams(ep: Endpoint, raw: Record<string, unknown>, strict = true): Values {
  const out: Values = {};
  refuseMiscased(ep, raw);
  for (const p of ep.params) {
    if (p.local) continue; // used by bm only, never sent
    const name = [p.name, ...(p.aliases ?? [])].find((k) => raw[k] !== undefined && raw[k] !== null);
    // Lists and objects (batch order_params) are left to the handler.
    if (name !== undefined && typeof raw[name] === 'object' && !isRaw(raw[name])) continue;
    const numeric = name !== undefined && p.type === 'decimal' && isNumber(raw[name]);
    if (numeric && strict) throw problem(p, 'format');
    const v = name === undefined ? undefined : numeric ? plain(scalarText(raw[name])) : scalarText(raw[name]);
    if (v === undefined || v === '') {
      if (p.required) throw problem(p, 'missing');
      continue;
    }
    if (p.type === 'int' || p.type === 'long') {
      if (!/^-?[0-9]{1,19}$/.test(v)) throw problem(p, 'format');
      const n = Number(v);
      if (p.min !== undefined && n < p.min) throw problem(p, 'low');
      if (p.max !== undefined && n > p.max) throw problem(p, 'high');
    }
    if (p.values && !p.values.includes(v)) throw problem(p, 'value');
    out[p.name] = v;
  }
  return out;
}

function isRaw(v: unknown): boolean {
  return v !== null && typeof v === 'object' && 'raw' in (v as object);
}
