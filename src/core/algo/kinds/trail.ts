/**
 * A trailing stop: follows the best price seen since it was armed (the high for a sell, the low for a buy)
 * and fires a market order when a trade is the distance back from it.
 */
import { usage } from '../../../errors.js';
import { add, div, max, min, mul, norm, sub, truncate } from '../../../util/decimal.js';
import { pricePlaces } from '../../order/pairs.js';
import type { AlgoSpec, Trigger } from '../model/spec.js';
import { crossed, fireLegs, isArmed } from '../model/state.js';
import { parseDistance } from './common.js';
import type { KindDef } from './types.js';

/** A trailing stop's condition from its best price: a sell fires at the best less the distance, a buy at the best plus it. */
export function trailTrigger(spec: AlgoSpec, best: string): Trigger {
  const d = spec.distance!;
  const sell = spec.side === 'sell';
  const by = 'abs' in d ? d.abs : div(mul(best, d.pct), '100', 12);
  const level = sell ? sub(best, by) : add(best, by);
  const cut = spec.pricePlaces !== undefined ? truncate(level, spec.pricePlaces) : level;
  return { dir: sell ? 'down' : 'up', level: norm(cut) };
}

const better = (spec: AlgoSpec, best: string | undefined, price: string) => (best === undefined ? price : norm(spec.side === 'sell' ? max(best, price) : min(best, price)));

export const trail: KindDef = {
  kind: 'trail', method: 'trail',
  summary: 'Trailing stop held by bm: follows the best price and fires a market order on the retrace',
  fires: 'a market order when a trade is `distance` back from the best price seen since it was armed (the high for a sell, the low for a buy)',
  inputs: [{ key: 'distance', value: 'd', help: 'how far behind the best price seen: 1.5% or an amount of the quote currency (500)', type: 'text', required: true }],
  examples: ['bm order trail BTC_USDT --side sell --size 0.01 --distance 1.5% --dry-run', 'bm order trail BTC_USDT --side buy --notional 500 --distance 300 --dry-run'],
  read(input, _side, nameOf) {
    if (input.distance === undefined) throw usage(`${nameOf('distance')} is required (1.5% of the best price seen, or an amount of the quote currency)`);
    if (input.price !== undefined) throw usage(`${nameOf('price')}: not allowed for a trailing stop (it fires a market order)`);
    parseDistance(input.distance, nameOf('distance'));
  },
  plan: (a) => {
    const places = pricePlaces(a.rules);
    return { legs: [a.leg({ name: 'trail' })], extra: { distance: parseDistance(a.input.distance!, a.nameOf('distance')), ...(places !== undefined ? { pricePlaces: places } : {}) } };
  },
  machine: {
    trade: (spec, st, price) => {
      const best = better(spec, st.best, price);
      return best === st.best ? st : { ...st, best };
    },
    trigger: (spec, st) => (st.best === undefined ? undefined : trailTrigger(spec, st.best)),
    gap(spec, st, ev, span) {
      const leg = spec.legs[0]!;
      if (!isArmed(st, leg)) return { state: st, fire: [], notes: [] };
      const reach = (t: Trigger) => (t.dir === 'down' ? ev.low! : ev.high!);
      const before = st.best === undefined ? undefined : trailTrigger(spec, st.best);
      if (before && crossed(before, reach(before))) return fireLegs(spec, st, [leg.name], [`${leg.name}: trigger ${before.level} met ${span}: the candles reach ${reach(before)}`]);
      const best = better(spec, st.best, spec.side === 'sell' ? ev.high! : ev.low!);
      const t = trailTrigger(spec, best);
      const notes = crossed(t, reach(t))
        ? [`${leg.name}: the best price moved to ${best} ${span} and the candles also reach ${reach(t)}, past the new trigger ${t.level}, in an order they do not tell: not fired; still armed at ${t.level}`]
        : [`${leg.name}: no trigger met ${span}; best price ${best}, trigger ${t.level}`];
      return { state: { ...st, best }, fire: [], notes };
    },
  },
};
