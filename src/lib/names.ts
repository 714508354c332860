/**
 * The library's one spelling of a parameter: the CLI's option name in snake_case (`--client-order-id`
 * is `client_order_id`, `--limit` is `limit`, `--stp-mode` is `stp_mode`); a parameter the CLI has no
 * option for keeps its wire name. The catalogue maps each to the name the venue takes.
 */
import type { Param } from '../api/catalogue/types.js';
import { usage } from '../errors.js';

/** The name a library caller gives `p` by. */
export function libName(p: Param): string {
  return p.flag ? p.flag.replace(/-/g, '_') : p.name;
}

/** `clientOrderId` as `client_order_id`. */
function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/**
 * Refuses an earlier spelling (a wire name such as `N` or `stpMode`, or a camelCase one such as
 * `clientOrderId`) with a usage error that names the one to use; other names are left to the caller.
 */
export function refuseOldSpelling(params: readonly Param[], given: object): void {
  for (const key of Object.keys(given)) {
    if (params.some((p) => libName(p) === key)) continue;
    const p = params.find((x) => x.name === key) ?? params.find((x) => libName(x) === snake(key));
    if (p) throw usage(`${key}: spelled ${libName(p)} (the command line's --${p.flag ?? libName(p)}); every parameter is snake_case`);
  }
}

/**
 * The same refusal for a helper's own parameters (not the catalogue's: `order.amend`): a camelCase name
 * whose snake_case is one of `names` names the one to use; each is the command line's option of that name.
 */
export function refuseCamelCase(names: readonly string[], given: object): void {
  for (const key of Object.keys(given)) {
    const s = snake(key);
    if (s !== key && names.includes(s)) throw usage(`${key}: spelled ${s} (the command line's --${s.replace(/_/g, '-')}); every parameter is snake_case`);
  }
}
