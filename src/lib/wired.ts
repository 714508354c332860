/**
 * A client on a wiring its host already made (a bot's runner: the command line's own venue, or a
 * backtest's sandbox in this process), given to `new Client` under a module-scoped symbol, so no script
 * asks for it by name and the public options stay as documented.
 */
import type { Wiring } from '../core/usecases/venue.js';

/** The key of the wiring option of `new Client`. */
export const WIRING: unique symbol = Symbol('bm.wiring');

/** The options of a client on `wiring`. */
export function wiredOptions(wiring: Wiring): { readonly [WIRING]: Wiring } {
  return { [WIRING]: wiring };
}
