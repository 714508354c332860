/**
 * Request parameters read and checked against the catalogue entry: wire name or alias, required,
 * whole-number bounds, allowed values. Each failure carries the spot code the spec gives it.
 */
import type { Endpoint, Param } from '../../api/catalogue/types.js';
import { parseJson, scalarText } from '../../util/json.js';
import type { ExchangeError } from '../exchange-api.js';
import { fail } from '../errors.js';

export type Values = Record<string, string | undefined>;

/** Parameters by name: the query string for GET/DELETE, the JSON body for POST/PUT (30018 if not an object). */
export function rawParams(method: string, query: string, body: string): Record<string, unknown> {
  if (method === 'GET' || method === 'DELETE') return Object.fromEntries(new URLSearchParams(query));
  if (body.trim() === '') return {};
  let v: unknown;
  try {
    v = parseJson(body);
  } catch {
    throw fail(30018);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw fail(30018);
  return v as Record<string, unknown>;
}

type Problem = 'missing' | 'format' | 'low' | 'high' | 'value';

/** The code of a parameter problem (spec 7.3). */
function problem(p: Param, kind: Problem): ExchangeError {
  const n = p.name;
  if (n === 'from' || n === 'to') return fail(50002);
  if (n === 'step') return fail(50003);
  if (n === 'status') return fail(50019);
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

/** Every catalogue parameter of `ep` read from `raw` (aliases honoured) and checked; text values. */
export function checkParams(ep: Endpoint, raw: Record<string, unknown>): Values {
  const out: Values = {};
  for (const p of ep.params) {
    if (p.local) continue; // used by bm only, never sent
    const name = [p.name, ...(p.aliases ?? [])].find((k) => raw[k] !== undefined && raw[k] !== null);
    // Lists and objects (batch order_params) are left to the handler.
    if (name !== undefined && typeof raw[name] === 'object' && !isRaw(raw[name])) continue;
    const v = name === undefined ? undefined : scalarText(raw[name]);
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
