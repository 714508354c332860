/**
 * `bm help trade-keys` and the key table of docs/trade.md: made from the terminal's own key tables, which also
 * dispatch the keys, draw the hint footer and fill its `?` help, so none of the four can drift.
 */
import type { Row } from '../../render/cells.js';
import { KEYS } from '../trade/keys.js';
import type { Mode } from '../trade/state.js';

/** Where a key table applies, in the words of a reader. */
const WHERE: Record<Mode, string> = {
  main: 'screen',
  form: 'order form',
  bracket: 'bracket order form (B)',
  alert: 'alert form (A)',
  confirm: 'order confirmation',
  attach: 'conditional order confirmation',
  cancel: 'cancel confirmation',
  pair: 'pair switch (/)',
  help: 'help (?)',
  log: 'log (l)',
};

/** One row per key binding: where it applies, its keys as the terminal names them, what it does. */
export function tradeKeyRows(): Row[] {
  return (Object.keys(KEYS) as Mode[]).flatMap((mode) => KEYS[mode].map((b) => ({ where: WHERE[mode], key: b.label, does: b.does })));
}
