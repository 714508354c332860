/**
 * JSON as the command line prints it (json, ndjson, streams, batch rows): every id and every integer
 * beyond 2^53 becomes a JSON string, so a reader that parses numbers as doubles (jq 1.6, `JSON.parse`)
 * keeps it exact. Other safe integers (counts, times in ms) stay numbers; decimals are printed as sent.
 * `--raw-ids` prints ids exactly as the venue sent them instead.
 */
import { RawNumber, stringifyJson } from '../util/json.js';

/**
 * A field that holds an id, by the venue's naming: `id`, `*_id`, `*_ids` (`order_id`, `entrust_id`,
 * `detail_id`, `order_ids`) and camelCase `*Id`, `*ID`, `*Ids` (`clientOrderId`, `contractID`).
 */
const ID_KEY = /(?:^|_)ids?$|[a-z0-9](?:Id|ID)s?$/;

/** Whether a field of that name holds an id (its value is printed as a string). */
export function isIdKey(key: string): boolean {
  return ID_KEY.test(key);
}

/** An integer's digits when it is one (number, bigint or exact text), else undefined. */
function integerText(v: unknown): string | undefined {
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : undefined;
  if (v instanceof RawNumber) return /^-?[0-9]+$/.test(v.raw) ? v.raw : undefined;
  return undefined;
}

function plain(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function safe(v: unknown, id: boolean): unknown {
  const digits = integerText(v);
  if (digits !== undefined) {
    return id || !Number.isSafeInteger(Number(digits)) ? digits : v;
  }
  if (Array.isArray(v)) return v.map((x) => safe(x, id));
  if (v !== null && typeof v === 'object' && plain(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = safe(x, isIdKey(k));
    return out;
  }
  return v;
}

/**
 * The value with every id (by field name, arrays of ids included) and every integer beyond 2^53 as
 * its exact digits in a string; everything else as it was.
 */
export function safeIds(value: unknown): unknown {
  return safe(value, false);
}

/** How ids are printed: `safe` (strings, the default) or `raw` (as the venue sent them). */
export interface JsonTextOptions {
  /** Spaces of indentation (json); absent: one line (ndjson). */
  readonly indent?: number;
  /** `--raw-ids`: ids and large integers exactly as sent, bare numbers where the venue sent numbers. */
  readonly rawIds?: boolean;
}

/** The JSON text of a value as printed on stdout, ids safe unless `rawIds`. */
export function jsonText(value: unknown, opts: JsonTextOptions = {}): string {
  return stringifyJson(opts.rawIds ? value : safeIds(value), opts.indent);
}
