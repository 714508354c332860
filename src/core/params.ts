/**
 * Local validation of command input against the catalogue: every failure names the option and what
 * is allowed, and is a usage error (exit 2) raised before anything is sent.
 */
import type { Endpoint, Param } from '../api/catalogue/types.js';
import { filterChoices, statusFilterCode } from '../api/catalogue/statuses.js';
import { matchWord, ORDER_STATUSES, type Status } from '../api/catalogue/vocab.js';
import { parseWidth, widthWord } from '../api/catalogue/widths.js';
import type { Params } from '../api/client.js';
import { usage } from '../errors.js';
import { isDecimal } from '../util/decimal.js';
import { parseTime } from '../config/time.js';

/** The option or argument name a user sees for a parameter. */
export function label(p: Param): string {
  return p.positional ? (p.flag ?? p.name).toUpperCase() : `--${p.flag ?? p.name}`;
}

const SYMBOL_RE = /^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/;

/** A pair name, upper-cased (venues ignore or reject other cases). */
export function checkSymbol(v: string, name = 'SYMBOL'): string {
  const s = v.trim().toUpperCase();
  if (!SYMBOL_RE.test(s)) throw usage(`${name}: '${v}' is not a pair name like BTC_USDT`, 'list pairs with: bm symbols');
  return s;
}

const CURRENCY_RE = /^[A-Z0-9][A-Z0-9-]{0,29}$/;

/** A currency code, upper-cased (`btc` is BTC; network suffixes like USDT-TRC20 kept). */
export function checkCurrency(v: string, name: string): string {
  const s = v.trim().toUpperCase();
  if (!CURRENCY_RE.test(s)) throw usage(`${name}: '${v}' is not a currency code like BTC or USDT-TRC20`, 'list currencies with: bm currencies');
  return s;
}

/**
 * A positive plain decimal (no sign, no exponent), written the canonical way before it is sent:
 * `.01` and `00.01` are `0.01`, `5.` is `5`. Trailing zeros stay: `30000.10` is sent as typed.
 */
export function checkDecimal(v: string, name: string, opts: { allowZero?: boolean } = {}): string {
  if (!isDecimal(v) || v.startsWith('-') || v.startsWith('+')) {
    throw usage(`${name}: '${v}' is not a plain positive decimal like 0.01`);
  }
  if (!opts.allowZero && /^[0.]*$/.test(v)) throw usage(`${name}: must be greater than 0 (got '${v}')`);
  return canonical(v);
}

/** `.01` -> `0.01`, `007.5` -> `7.5`, `5.` -> `5`; fraction digits untouched. */
export function canonical(v: string): string {
  const [int = '', frac] = v.split('.');
  const whole = int.replace(/^0+(?=[0-9])/, '') || '0';
  return frac ? `${whole}.${frac}` : whole;
}

/** Minutes of a typed candle width that `allowed` (minutes) has; else a usage error listing them. */
export function checkWidth(v: string, name: string, allowed: readonly number[]): number {
  const minutes = parseWidth(v);
  if (minutes === undefined || !allowed.includes(minutes)) {
    const same = minutes === undefined || widthWord(minutes) === v.trim() ? '' : ` (${widthWord(minutes)})`;
    const why = minutes === undefined ? 'is not a candle width' : `${same} is not a width this venue has`.trimStart();
    throw usage(`${name}: '${v}' ${why} (allowed: ${allowed.map(widthWord).join(', ')}; or minutes)`);
  }
  return minutes;
}

/** The code of a typed status word or code among `statuses`' filters; else a usage error listing them. */
export function checkStatus(v: string, name: string, statuses: readonly Status[] = ORDER_STATUSES): string {
  const code = statusFilterCode(statuses, v);
  if (code === undefined) throw usage(`${name}: '${v}' is not a status (allowed: ${filterChoices(statuses).join(', ')})`);
  return code;
}

/** A whole number within the parameter's bounds. */
export function checkInt(v: string, name: string, min?: number, max?: number): number {
  if (!/^-?[0-9]+$/.test(v)) throw usage(`${name}: '${v}' is not a whole number${bounds(min, max)}`);
  const n = Number(v);
  if ((min !== undefined && n < min) || (max !== undefined && n > max)) throw usage(`${name}: ${v} is out of range${bounds(min, max)}`);
  return n;
}

function bounds(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return ` (allowed: ${min} to ${max})`;
  if (min !== undefined) return ` (allowed: ${min} or more)`;
  if (max !== undefined) return ` (allowed: up to ${max})`;
  return '';
}

/** An id of any length: digits only, kept exact as text or bigint. */
export function checkLong(v: string, name: string): bigint | number {
  if (!/^[0-9]+$/.test(v)) throw usage(`${name}: '${v}' is not a whole number`);
  const n = BigInt(v);
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
}

/** What the user typed, read as its `input` kind says: the text the wire checks then see. */
function readInput(p: Param, v: string, name: string): string {
  switch (p.input) {
    case undefined:
      return v;
    case 'pair':
      return checkSymbol(v, name);
    case 'currency':
      return checkCurrency(v, name);
    case 'width':
      return String(checkWidth(v, name, (p.values ?? []).map(Number)));
    case 'status':
      return checkStatus(v, name);
    default: {
      const never: never = p.input;
      throw new Error(`unknown input ${String(never)}`);
    }
  }
}

/** A typed time in the parameter's wire unit, as text: epoch ms are kept exact where the wire takes ms. */
function timeText(unit: 's' | 'ms', typed: string, name: string): string {
  if (unit === 'ms' && /^[0-9]{12,14}$/.test(typed.trim())) return typed.trim();
  const s = parseTime(typed, name);
  return String(unit === 'ms' ? s * 1000 : s);
}

/** One value, checked and converted to its wire form. */
export function checkValue(p: Param, typed: string): unknown {
  const name = label(p);
  const read = p.time ? timeText(p.time, typed, name) : readInput(p, typed, name);
  const v = p.values ? matchWord(p.values, read) : read;
  if (v === undefined) throw usage(`${name}: must be one of ${p.values!.join(', ')} (got '${typed}')`);
  switch (p.type) {
    case 'int':
      return checkInt(v, name, p.min, p.max);
    case 'long':
      return checkLong(v, name);
    case 'decimal':
      return checkDecimal(v, name);
    case 'bool':
      if (v !== 'true' && v !== 'false') throw usage(`${name}: must be true or false (got '${v}')`);
      return v === 'true';
    case 'string':
      if (p.name === 'symbol') return checkSymbol(v, name);
      if (v === '') throw usage(`${name}: must not be empty`);
      return v;
    default: {
      const never: never = p.type;
      throw new Error(`unknown param type ${String(never)}`);
    }
  }
}

/** What bm sends for a parameter left out, as a user would type it; undefined when none (or when the default is a rule its endpoint applies). */
export function typedDefault(p: Param): string | undefined {
  return p.default !== undefined && !p.default.startsWith('(') ? p.default : undefined;
}

/** `values` (by parameter name) with the catalogue's defaults where none was given: the one list of defaults, for the CLI and the library. */
export function withDefaults(ep: Endpoint, values: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> {
  const out = { ...values };
  for (const p of ep.params) out[p.name] ??= typedDefault(p);
  return out;
}

/**
 * Wire parameters in catalogue order from user values keyed by parameter name.
 * `required` is checked only for parameters that have a CLI form; callers fill the others.
 */
export function wireParams(ep: Endpoint, values: Readonly<Record<string, string | undefined>>): Params {
  const out: Array<readonly [string, unknown]> = [];
  for (const p of ep.params) {
    if (p.local) continue;
    const v = values[p.name];
    if (v === undefined) {
      if (p.required && p.flag) throw usage(`${label(p)} is required${p.values ? ` (${p.values.join(', ')})` : ''}: ${p.description}`);
      continue;
    }
    out.push([p.name, checkValue(p, v)]);
  }
  return out;
}
