/**
 * Column names, one naming everywhere: a header is the field's name as the venue sends it, in
 * snake_case (`clientOrderId` is `client_order_id`), unless the catalogue names it otherwise
 * (`headers`). `--fields` takes either form, in any case.
 */
import { usage } from '../errors.js';
import type { Row } from './cells.js';

/** Header names that are not the snake_case of the wire name, by wire name. */
export type Headers = Readonly<Record<string, string>>;

/** `clientOrderId` -> `client_order_id`, `contractID` -> `contract_id`; snake_case stays. */
export function snakeCase(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2').toLowerCase();
}

/** The header of a column. */
export function headerOf(key: string, headers?: Headers): string {
  return headers?.[key] ?? snakeCase(key);
}

/** The default columns, then every other key met in the rows, in order. */
export function knownKeys(rows: readonly Row[], defaults: readonly string[] = []): string[] {
  const keys = new Set(defaults);
  for (const r of rows) for (const k of Object.keys(r)) keys.add(k);
  return [...keys];
}

/** Every name `--fields` accepts for these keys: the header, and the wire name where it differs. */
export function validNames(keys: readonly string[], headers?: Headers): string[] {
  return keys.map((k) => (headerOf(k, headers) === k ? k : `${headerOf(k, headers)} (${k})`));
}

/**
 * The wire keys the typed names stand for. Each name matches a wire name or a header, in any case;
 * an unknown one is a usage error listing the valid names. With nothing known (no rows and no
 * declared columns) the names are taken as typed.
 */
export function resolveFields(typed: readonly string[], keys: readonly string[], headers?: Headers): string[] {
  if (!keys.length) return [...typed];
  return typed.map((t) => {
    const l = t.toLowerCase();
    const hit = keys.find((k) => k.toLowerCase() === l) ?? keys.find((k) => headerOf(k, headers).toLowerCase() === l);
    if (hit === undefined) throw usage(`--fields: no column '${t}' here (valid: ${validNames(keys, headers).join(', ')})`);
    return hit;
  });
}
