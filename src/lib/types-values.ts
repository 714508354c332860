/**
 * The values the library's other types are made of: decimals and ids as text, times as the command
 * line takes them, an answer's values, data and rows, and an API key. Declarations only (shipped as
 * dist/lib/types-values.d.ts), re-exported by ./types.ts.
 */

/** A decimal as text, e.g. `"0.01"`: never a JS number (money stays exact). */
export type DecimalString = string;
/**
 * An id or another 64-bit integer (a time): text of any length, e.g. `"1834..."`, or a number only when
 * `Number.isSafeInteger` holds (a larger number may already have lost digits, and is refused, as is a bigint).
 */
export type LongInput = string | number;
/**
 * A time as the command line takes it: an ISO date (`2026-11-01`, `2026-11-01T10:00Z`; UTC unless a zone
 * is given), epoch seconds or ms, `now`, or relative to now (`-30s`, `-15m`, `-2h`, `-3d`, `-1w`).
 */
export type TimeInput = string | number;
/** A value of an answer: every number is its exact text. */
export type Value = string | boolean | null | readonly Value[] | { readonly [key: string]: Value };
/** An answer's `data` (or a row of it). */
export type Data = { readonly [key: string]: Value };
/** A row with the catalogue's columns for the endpoint (as text), and whatever else the venue sent. */
export type Row<C extends string> = { readonly [K in C]: string } & Data;

/** An API key with its secret and memo. */
export interface Keys {
  readonly key: string;
  readonly secret: string;
  readonly memo: string;
}
