/**
 * The kinds of conditional order `bm` holds, one file each: a new kind is a file here and its line in
 * this list; the command line's options, the library's methods and types and the docs' table follow.
 */
import { usage } from '../../../errors.js';
import { alert } from './alert.js';
import { bracket } from './bracket.js';
import { oco } from './oco.js';
import { stop } from './stop.js';
import { takeProfit } from './take-profit.js';
import { trail } from './trail.js';
import { twap } from './twap.js';
import type { KindDef } from './types.js';

export type { ActArgs, AlgoInput, KindAct, KindDef, KindInput, NameOf } from './types.js';

export const KINDS: readonly KindDef[] = [stop, takeProfit, oco, trail, twap, bracket, alert];

/** True for a kind made by `bm order <kind>`: it places orders (an alert, which notifies, has its own command). */
export const placesOrders = (k: KindDef): boolean => k.act === undefined;

/** The kind named `kind` (a command's word, a journal's); an unknown one is a usage error. */
export function kindOf(kind: string): KindDef {
  const k = KINDS.find((d) => d.kind === kind);
  if (!k) throw usage(`not a kind of conditional order: '${kind}' (${KINDS.map((d) => d.kind).join(', ')})`);
  return k;
}

/** The inputs a kind takes beyond its own: the side, and the amounts it places by (a kind that places no market buy takes no notional). */
export function commonInputs(k: Pick<KindDef, 'sizedBy' | 'sideOf'>): string[] {
  return [...(k.sideOf ? [] : ['side']), ...(k.sizedBy ?? ['size', 'notional'])];
}
