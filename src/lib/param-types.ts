/**
 * The TypeScript type a caller gives each parameter in, from its catalogue entry (for the generated
 * declarations of src/lib/reference.ts): typed as the command line reads it.
 */
import type { Param } from '../api/catalogue/types.js';
import { ORDER_TYPES, SIDES, STP_MODES, valuesOf } from '../api/catalogue/vocab.js';
import type { LegacyParam } from '../legacy/catalogue.js';
import { isIdName } from './inputs.js';

/** A string as a TypeScript literal type. */
export function literal(v: string): string {
  return JSON.stringify(v);
}

/** The vocabularies the library names as types (src/lib/vocab.ts), by their values. */
const NAMED_VALUES: ReadonlyArray<readonly [string, readonly string[]]> = [['Side', valuesOf(SIDES)], ['OrderType', valuesOf(ORDER_TYPES)], ['StpMode', valuesOf(STP_MODES)]];

/** The TypeScript type of a parameter a caller gives. */
export function paramType(p: Param): string {
  // Typed as the command line reads it: a status by word or number, a width as 1h or minutes, a time as -2h or epoch.
  if (p.time) return 'TimeInput';
  if (p.input === 'status') return 'string';
  if (p.input === 'width') return 'string | number';
  const named = p.values && NAMED_VALUES.find(([, v]) => v.join() === p.values!.join());
  if (named) return named[0];
  if (p.values) {
    const texts = p.values.map(literal);
    return p.type === 'int' || p.type === 'long' ? [...texts, ...p.values.map((v) => v)].join(' | ') : texts.join(' | ');
  }
  switch (p.type) {
    case 'decimal':
      return 'DecimalString';
    case 'long':
      return 'LongInput';
    case 'int':
      return 'number';
    case 'bool':
      return 'boolean';
    default:
      // An id is exact text, or a safe integer (src/lib/inputs.ts refuses any other number).
      return isIdName(p.name) ? 'LongInput' : 'string';
  }
}

/** The TypeScript type of a first-generation parameter (times and steps as the command line takes them). */
export function legacyParamType(p: LegacyParam): string {
  switch (p.kind) {
    case 'decimal':
      return 'DecimalString';
    case 'side':
      return 'Side';
    case 'int':
      return 'number';
    case 'id':
      return 'LongInput';
    case 'status':
    case 'time':
    case 'step':
      return 'string | number';
    default:
      return 'string';
  }
}
