/**
 * The library's side of the wire: a caller's parameter object checked against the catalogue entry
 * and put in the entry's order.
 */
import type { Endpoint, Param } from '../api/catalogue/types.js';
import type { Params } from '../api/client.js';
import { candleRange } from '../core/usecases/params.js';
import { checkValue, typedDefault } from '../core/usecases/params.js';
import { BmError, usage } from '../errors.js';
import { givenObject, givenTexts, inputText, kindOf } from './inputs.js';
import { libName, refuseOldSpelling } from './names.js';
import { traitsOf } from '../core/usecases/endpoint-traits.js';

/** A message of the command line's checks in a library caller's words: the property, not the option (`--client-order-id` is `client_order_id`). */
function libraryWords(message: string): string {
  return message.replace(/(^|: )SYMBOL\b/g, '$1symbol').replace(/--([a-z][a-z_-]*)/g, (_m, f: string) => f.replace(/-/g, '_'));
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

/** The text of `params`' parameter `name` (by its library spelling; `label` in messages), when `v` is of its kind (the command line's checks then read it). */
export function paramText(params: readonly Param[], name: string, label: string, v: unknown): string {
  const p = params.find((x) => libName(x) === name);
  if (!p) throw usage(`${label}: not a parameter of this call (allowed: ${params.map((x) => x.name).join(', ')})`);
  return inputText(label, kindOf(p), v);
}

/**
 * Checks `given` (by the library's spelling, src/lib/names.ts) against the entry's parameters; the wire
 * list in catalogue order, the catalogue's defaults filled in as the command line fills them. Unknown
 * names are refused, an earlier spelling with the name to use.
 */
export function wireOf(ep: Endpoint, given?: unknown): Params {
  // A parameter bm reads itself (a local filter of the CLI) is no parameter of the call.
  const params = ep.params.filter((p) => !p.local);
  refuseOldSpelling(params, givenObject(given, params.map(libName).join(', ') || 'none'));
  const texts = givenTexts(params.map((p) => ({ name: libName(p), kind: kindOf(p) })), given);
  if (traitsOf(ep).candles) {
    // The command's range: relative times, the end now and the start 100 candles before it unless given.
    const r = asLibraryInput(() => candleRange(ep, texts, { from: '--from', to: '--to', step: '--step' }));
    Object.assign(texts, { from: String(r.from), to: String(r.to), step: String(r.step) });
  }
  return wireList(params, texts, libName, typedDefault);
}

/** `api()`'s parameters, by their wire names as `bm api` takes them: checked by the catalogue, nothing filled in. */
export function wireByName(all: readonly Param[], given?: unknown): Params {
  const params = all.filter((p) => !p.local);
  return wireList(params, givenTexts(params.map((p) => ({ name: p.name, kind: kindOf(p) })), given), (p) => p.name, () => undefined);
}

/** The wire list in catalogue order: each text by its caller's name (`nameOf`), or `fill`'s, checked as the command line checks it. */
function wireList(params: readonly Param[], texts: Readonly<Record<string, string>>, nameOf: (p: Param) => string, fill: (p: Param) => string | undefined): Params {
  const out: Array<readonly [string, unknown]> = [];
  for (const p of params) {
    const name = nameOf(p);
    const v = texts[name] ?? fill(p);
    if (v === undefined) {
      if (p.required) throw usage(`${name}: required (${p.description})`);
      continue;
    }
    out.push([p.name, asLibraryInput(() => checkValue({ ...p, flag: name, positional: false }, v))]);
  }
  return out;
}

/**
 * Parameters of an endpoint whose shape is not known, sent as given, in the order given (any name: the
 * catalogue does not know them). Each is a string, a safe integer or a boolean, which go out exactly.
 */
export function freeParams(given?: unknown): Params {
  return Object.entries(givenObject(given, 'any name')).filter(([, v]) => v !== undefined).map(([k, v]) => {
    if (typeof v === 'boolean') return [k, v] as const;
    return [k, Number.isSafeInteger(v) ? v : inputText(k, 'whole', v)] as const;
  });
}
