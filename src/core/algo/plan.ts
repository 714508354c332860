/**
 * A conditional order planned from what the user typed: its kind's inputs read (./kinds/), every leg
 * checked against the pair's rules with the client order id it will be sent with, all before anything
 * is sent (a bad input is a usage error, exit 2).
 */
import type { Side } from '../../api/catalogue/vocab.js';
import { usage } from '../../errors.js';
import { scalarText } from '../../util/json.js';
import { checkDecimal } from '../params.js';
import { checkOrder, describe, SIDES } from '../order/check.js';
import type { PairRules } from '../order/pairs.js';
import { commonInputs, kindOf, type AlgoInput, type KindDef, type NameOf } from './kinds/index.js';
import type { LegOrder } from './kinds/types.js';
import { legClientOrderId, newAlgoId, type AlgoSpec, type Leg } from './model/spec.js';

export type { AlgoInput, NameOf } from './kinds/index.js';

/** The command line's name of an input: `--tp-trigger`. */
export const flagName: NameOf = (key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The library's name of an input: `tp_trigger`. */
export const paramName: NameOf = (key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** True when the kind takes its side (and size, price) from an order on the venue when the input does not give them. */
const sideFromVenue = (k: KindDef, input: AlgoInput) => k.resolve !== undefined && input.orderId !== undefined;

/**
 * Reads and checks everything that needs neither the pair's rules nor the venue: the side, the amounts,
 * the kind's own inputs (an input the kind does not take is refused). The kind's definition.
 */
export function readInput(input: AlgoInput, nameOf: NameOf = flagName): KindDef {
  const k = kindOf(input.kind);
  const takes = new Set<string>([...commonInputs(k), ...k.inputs.map((i) => i.key)]);
  for (const [key, v] of Object.entries(input)) {
    if (v === undefined || key === 'kind' || key === 'symbol' || key === 'maxDeviation' || key === 'immediate') continue;
    if (!takes.has(key)) throw usage(`${nameOf(key)}: not taken by ${k.kind} (it takes ${[...takes].map(nameOf).join(', ')})`);
  }
  for (const key of ['size', 'notional'] as const) if (input[key] !== undefined) checkDecimal(input[key]!, nameOf(key));
  const side = k.sideOf ? k.sideOf(input) : input.side === undefined && sideFromVenue(k, input) ? undefined : sideOf(input, nameOf);
  // A side taken from the venue is read (and the kind's relations judged) by the kind's resolve.
  k.read(input, side as Side, nameOf);
  return k;
}

function sideOf(input: AlgoInput, nameOf: NameOf): Side {
  const side = SIDES.find((s) => s === input.side?.toLowerCase());
  if (!side) throw usage(`${nameOf('side')}: must be one of ${SIDES.join(', ')}${input.side === undefined ? '' : ` (got '${input.side}')`}`);
  return side;
}

function legOf(id: string, side: Side, rules: PairRules, o: LegOrder, prefix: string): Leg {
  const legSide = o.side ?? side;
  const checked = checkOrder({
    symbol: rules.symbol, side: legSide, type: o.price === undefined ? 'market' : 'limit', client_order_id: legClientOrderId(id, o.name),
    ...(o.size !== undefined ? { size: o.size } : {}), ...(o.notional !== undefined ? { notional: o.notional } : {}), ...(o.price !== undefined ? { price: o.price } : {}),
  }, rules, prefix);
  return {
    name: o.name, clientOrderId: checked.clientOrderId, what: describe(checked, rules),
    params: checked.params.map(([k, v]) => [k, scalarText(v)] as const),
    ...(checked.price !== undefined ? { price: checked.price } : {}), ...(o.trigger ? { trigger: o.trigger } : {}), ...(o.due !== undefined ? { due: o.due } : {}),
    ...(o.side !== undefined && o.side !== side ? { side: o.side } : {}), ...(o.after !== undefined ? { after: o.after } : {}),
    ...(o.group !== undefined ? { group: o.group } : {}), ...(o.existing !== undefined ? { existing: o.existing } : {}),
  };
}

/** Plans a conditional order (`now`: ms since the epoch, when its times start) from an input its kind's resolve has completed. */
export function planAlgo(input: AlgoInput, rules: PairRules, now: number, nameOf: NameOf = flagName, id: string = newAlgoId(now)): AlgoSpec {
  const k = readInput(input, nameOf);
  const side = k.sideOf ? k.sideOf(input) : sideOf(input, nameOf);
  const amount = { ...(input.size !== undefined ? { size: input.size } : {}), ...(input.notional !== undefined ? { notional: input.notional } : {}) };
  const planned = k.plan({
    id, side, rules, now, input, nameOf,
    leg: (o, prefix = '') => legOf(id, side, rules, o.size !== undefined || o.notional !== undefined ? o : { ...amount, ...o }, prefix),
  });
  return {
    v: 1, id, kind: k.kind, symbol: rules.symbol, side, created: now, ...(input.maxDeviation !== undefined ? { maxDeviation: input.maxDeviation } : {}),
    ...planned.extra, legs: planned.legs,
  };
}
