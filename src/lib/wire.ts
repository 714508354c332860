/**
 * The library's side of the wire: a caller's parameter object checked against the catalogue entry
 * and put in the entry's order.
 */
import type { Param } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import { checkValue } from '../commands/params.js';
import { BmError, usage } from '../errors.js';

/** A parameter value a caller may give: decimals and ids as strings (ids also as bigint), counts as numbers. */
export type InputValue = string | number | bigint | boolean;

/** A value as the checks read it (the text a user would type); a JS number is refused for money and for a large id. */
export function inputText(name: string, kind: 'decimal' | 'long' | 'other', v: InputValue): string {
  if (typeof v === 'number' && (kind === 'decimal' || (kind === 'long' && !Number.isSafeInteger(v)))) {
    // A JS number may already have lost digits: money and ids are given as strings.
    throw usage(`${name}: give ${kind === 'decimal' ? 'a decimal' : 'a large id'} as a string, not a number (got ${v})`);
  }
  return typeof v === 'string' ? v : String(v);
}

/** Refuses a name that is no parameter of the call. */
export function refuseUnknown(names: readonly string[], given: object): void {
  for (const k of Object.keys(given)) {
    if (!names.includes(k)) throw usage(`${k}: not a parameter of this call (allowed: ${names.join(', ') || 'none'})`);
  }
}

/** A message of the command line's checks in a library caller's words: the property, not the option (`--client-order-id` is `client_order_id`). */
function libraryWords(message: string): string {
  return message.replace(/(^|: )SYMBOL\b/g, '$1symbol').replace(/--([a-z][a-z_-]*)/g, (_m, f: string) => (f === 'stp-mode' ? 'stpMode' : f.replace(/-/g, '_')));
}

function reworded(err: unknown): never {
  if (err instanceof BmError) throw new BmError(err.category, libraryWords(err.message), err.details);
  throw err;
}

/** Runs the command line's checks (synchronous or not); their messages name an option (`--name`), a library caller named a property. */
export function asLibraryInput<T>(check: () => T): T {
  try {
    const r = check();
    return (r instanceof Promise ? r.catch(reworded) : r) as T;
  } catch (err) {
    return reworded(err);
  }
}

/** Checks `given` against the entry's parameters; the wire list in catalogue order. Unknown names are refused. */
export function wireOf(all: readonly Param[], given: Readonly<Record<string, InputValue | undefined>> = {}): Params {
  // A parameter bm reads itself (a local filter of the CLI) is no parameter of the call.
  const params = all.filter((p) => !p.local);
  refuseUnknown(params.map((p) => p.name), given);
  const out: Array<readonly [string, unknown]> = [];
  for (const p of params) {
    const v = given[p.name];
    if (v === undefined) {
      if (p.required) throw usage(`${p.name}: required (${p.description})`);
      continue;
    }
    const kind = p.type === 'decimal' || p.type === 'long' ? p.type : 'other';
    out.push([p.name, asLibraryInput(() => checkValue({ ...p, flag: p.name, positional: false }, inputText(p.name, kind, v)))]);
  }
  return out;
}

/** Parameters of an endpoint whose shape is not known, sent as given (in the order given); a number must be a safe integer. */
export function freeParams(given: Readonly<Record<string, InputValue | undefined>> = {}): Params {
  return Object.entries(given).filter(([, v]) => v !== undefined).map(([k, v]) => {
    if (typeof v === 'number' && !Number.isSafeInteger(v)) throw usage(`${k}: give a decimal or a large number as a string, not a number (got ${v})`);
    return [k, v] as const;
  });
}
