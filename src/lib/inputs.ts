/**
 * What a library caller may give for a parameter, by the kind its catalogue entry says: a value that
 * cannot be sent exactly (a number beyond 2^53, a bigint, a number for money, an object, a list) is a
 * usage error naming the parameter and what it takes, raised before anything is sent.
 */
import type { Param } from '../api/catalogue/types.js';
import { usage } from '../errors.js';
import type { LegacyParam } from '../legacy/catalogue.js';

/**
 * whole: an id, a count, a time or a width: text, or a number that is a safe integer;
 * decimal: text only (a JS number may already have lost digits); text: text only; flag: a boolean or its text.
 */
export type InputKind = 'whole' | 'decimal' | 'text' | 'flag';

/** A parameter as the library checks it: its wire name and its kind. */
export interface InputParam {
  readonly name: string;
  readonly kind: InputKind;
}

/** Whether a name is an id's (`id`, `order_id`, `clientOrderId`, `contractID`): its value names one thing and must stay exact. */
export function isIdName(name: string): boolean {
  return /^id$|_id$|[a-z]Id$|ID$/.test(name);
}

/** The kind of a current-generation parameter, from its catalogue type (and an id by its name, whatever its wire type). */
export function kindOf(p: Param): InputKind {
  if (p.type === 'decimal') return 'decimal';
  if (p.type === 'int' || p.type === 'long' || isIdName(p.name)) return 'whole';
  return p.type === 'bool' ? 'flag' : 'text';
}

/** The kind of a first-generation parameter, from its catalogue kind. */
export function legacyKindOf(p: LegacyParam): InputKind {
  switch (p.kind) {
    case 'decimal':
      return 'decimal';
    case 'symbol':
    case 'side':
      return 'text';
    default:
      return 'whole';
  }
}

const ALLOWED: Readonly<Record<InputKind, string>> = {
  whole: 'a string or a safe integer (a number of at most 2^53 - 1)',
  decimal: 'a decimal as a string, e.g. "0.01"',
  text: 'a string',
  flag: 'true or false',
};

/** A value refused, in words (what a JS number already became is shown as it is). */
function described(v: unknown): string {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return String(v);
    return Number.isInteger(v) && !Number.isSafeInteger(v) ? `the number ${v} (beyond 2^53: digits may already be lost)` : `the number ${v}`;
  }
  if (typeof v === 'bigint') return `the bigint ${v}n`;
  if (typeof v === 'boolean') return `the boolean ${v}`;
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** What the library's checks read of a value: its text. Anything that is not of `kind`'s JS types is refused, naming `name`. */
export function inputText(name: string, kind: InputKind, v: unknown): string {
  if (typeof v === 'string') return v;
  if (kind === 'whole' && Number.isSafeInteger(v)) return String(v);
  if (kind === 'flag' && typeof v === 'boolean') return String(v);
  throw usage(`${name}: give ${ALLOWED[kind]}, not ${described(v)}`);
}

/** The caller's parameter object: undefined is none; anything but an object is refused. */
export function givenObject(given: unknown, allowed: string): Readonly<Record<string, unknown>> {
  if (given === undefined) return {};
  if (given === null || typeof given !== 'object' || Array.isArray(given)) {
    throw usage(`parameters: give an object of parameters by name (allowed: ${allowed}), not ${described(given)}`);
  }
  return given as Record<string, unknown>;
}

/** Refuses a name that is no parameter of the call. */
export function refuseUnknown(names: readonly string[], given: object): void {
  for (const k of Object.keys(given)) {
    if (!names.includes(k)) throw usage(`${k}: not a parameter of this call (allowed: ${names.join(', ') || 'none'})`);
  }
}

/**
 * The one way a library call's parameters become text for the command line's checks: an object whose
 * names are all `params`' and whose values are of their kinds; an absent (undefined) one is left out.
 */
export function givenTexts(params: readonly InputParam[], given: unknown): Record<string, string> {
  const names = params.map((p) => p.name);
  const obj = givenObject(given, names.join(', ') || 'none');
  refuseUnknown(names, obj);
  const out: Record<string, string> = {};
  for (const p of params) {
    const v = Object.hasOwn(obj, p.name) ? obj[p.name] : undefined;
    if (v !== undefined) out[p.name] = inputText(p.name, p.kind, v);
  }
  return out;
}
