/**
 * Lossless JSON: numbers that a JS double cannot hold exactly (integers beyond 2^53, decimals,
 * exponents) are kept as their source text in a {@link RawNumber}, and written back unchanged.
 * Safe integers stay plain numbers so the common case costs one native JSON.parse.
 */

/** A JSON number kept as the exact text it was written with. */
export class RawNumber {
  constructor(readonly raw: string) {}
  toString(): string {
    return this.raw;
  }
  toJSON(): string {
    return MARK + this.raw;
  }
}

// A marker no venue sends: a NUL inside a string, escaped as \u0000 by JSON.stringify.
const MARK = '\u0000#';
const MARK_ESCAPED = /"\\u0000#(-?[0-9][0-9.eE+-]*)"/g;
// Strings are matched (and skipped) so digits inside them are never mistaken for numbers.
const TOKENS = /"(?:[^"\\]|\\.)*"|-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/g;

function unsafe(token: string): boolean {
  const c = token.charCodeAt(0);
  if (c === 34) return false; // a string
  if (/[.eE]/.test(token)) return true;
  const digits = c === 45 ? token.length - 1 : token.length;
  return digits > 15 && !Number.isSafeInteger(Number(token));
}

/** Parses JSON text; numbers that would lose precision become {@link RawNumber}. */
export function parseJson(text: string): unknown {
  TOKENS.lastIndex = 0;
  let m: RegExpExecArray | null;
  let hit = false;
  while ((m = TOKENS.exec(text)) !== null) {
    if (unsafe(m[0])) {
      hit = true;
      break;
    }
  }
  if (!hit) return JSON.parse(text);
  const marked = text.replace(TOKENS, (t) => (unsafe(t) ? `"\\u0000#${t}"` : t));
  return JSON.parse(marked, (_k, v) =>
    typeof v === 'string' && v.startsWith(MARK) ? new RawNumber(v.slice(MARK.length)) : v,
  );
}

/** Serialises like JSON.stringify, writing every {@link RawNumber} and bigint as its exact digits. */
export function stringifyJson(value: unknown, indent?: number): string {
  const text = JSON.stringify(
    value,
    (_k, v) => (typeof v === 'bigint' ? MARK + v.toString() : v),
    indent,
  );
  if (text === undefined) return 'null';
  return text.includes('\\u0000#') ? text.replace(MARK_ESCAPED, '$1') : text;
}

/** The text of a scalar as a venue sent it: ids and decimals print exactly. */
export function scalarText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v instanceof RawNumber) return v.raw;
  return stringifyJson(v);
}
