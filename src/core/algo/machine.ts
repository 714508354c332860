/**
 * The conditional orders as pure, deterministic state machines: fed the venue's trades (price, time),
 * the clock (ticks), the candles of a gap in the data, the fills of a leg others follow, and a cancel,
 * they say which legs fire. One machine for every kind: legs fire on a trigger or at a time, legs of a
 * group cancel each other, a leg that follows another arms for what of it filled; a kind's hooks
 * (./kinds/) say where it differs. The engine (./engine.ts) sends what fires and settles each leg.
 */
import { add, cmp, floorTo, isZero, norm } from '../../util/decimal.js';
import { kindOf } from './kinds/index.js';
import type { KindMachine } from './kinds/types.js';
import type { AlgoSpec, Leg, Trigger } from './model/spec.js';
import { crossed, ended, fireLegs, isArmed, type AlgoEvent, type AlgoState, type LegState, type Step } from './model/state.js';

export { crossed } from './model/state.js';
export type { AlgoEnd, AlgoEvent, AlgoState, LegState, LegStatus, Step } from './model/state.js';
export { trailTrigger } from './kinds/trail.js';

const hooks = (spec: AlgoSpec): KindMachine => kindOf(spec.kind).machine ?? {};

export function initial(spec: AlgoSpec): AlgoState {
  return {
    legs: Object.fromEntries(spec.legs.map((l) => [l.name, (l.existing !== undefined ? { status: 'placed', orderId: l.existing }
      : { status: l.after !== undefined ? 'waiting' : 'armed' }) as LegState])),
  };
}

/** The condition a leg fires on now (a trailing stop's moves with its best price). */
export function triggerNow(spec: AlgoSpec, st: AlgoState, leg: Leg): Trigger | undefined {
  const h = hooks(spec);
  return h.trigger ? h.trigger(spec, st, leg) : leg.trigger;
}

const at = (ms: number) => new Date(ms).toISOString();

function onTrade(spec: AlgoSpec, st: AlgoState, price: string, time: number): Step {
  const h = hooks(spec);
  let s: AlgoState = { ...st, last: { price, time } };
  if (h.trade) s = h.trade(spec, s, price);
  const hit = spec.legs.find((l) => {
    const t = isArmed(s, l) ? triggerNow(spec, s, l) : undefined;
    return t !== undefined && crossed(t, price);
  });
  if (!hit) return { state: s, fire: [], notes: [] };
  return fireLegs(spec, s, [hit.name], [`${hit.name}: trigger ${triggerNow(spec, s, hit)!.level} met by a trade at ${price} (${at(time)})`]);
}

function onGap(spec: AlgoSpec, st: AlgoState, ev: Extract<AlgoEvent, { kind: 'gap' }>): Step {
  const span = `while the data was down (${at(ev.from)} to ${at(ev.to)})`;
  const live = spec.legs.filter((l) => isArmed(st, l) && triggerNow(spec, st, l) !== undefined || (isArmed(st, l) && hooks(spec).gap));
  if (!live.length) return { state: st, fire: [], notes: [] };
  if (ev.why !== undefined || ev.high === undefined || ev.low === undefined) {
    return { state: st, fire: [], notes: [`not known whether a trigger was met ${span}: ${ev.why ?? 'no candles'}; still armed`] };
  }
  const g = hooks(spec).gap;
  if (g) return g(spec, st, ev, span);
  const reach = (t: Trigger) => (t.dir === 'down' ? ev.low! : ev.high!);
  const hits = live.filter((l) => crossed(l.trigger!, reach(l.trigger!)));
  if (hits.length === 0) return { state: st, fire: [], notes: [`no trigger met ${span} (candles from ${ev.low} to ${ev.high})`] };
  // Legs that cancel each other, met while blind in an order the candles do not tell: the last price decides.
  const grouped = hits.length > 1 && hits.every((l) => l.group !== undefined && l.group === hits[0]!.group);
  if (!grouped) return fireLegs(spec, st, hits.map((l) => l.name), hits.map((l) => `${l.name}: trigger ${l.trigger!.level} met ${span}: the candles reach ${reach(l.trigger!)}`));
  const now = ev.close === undefined ? undefined : hits.find((l) => crossed(l.trigger!, ev.close!));
  if (!now) return { state: st, fire: [], notes: [`both triggers met ${span} in an order the candles do not tell, and the last price ${ev.close ?? '(unknown)'} meets neither: not fired; still armed`] };
  return fireLegs(spec, st, [now.name], [`both triggers met ${span}; ${now.name} fired as the last price ${ev.close} still meets it`]);
}

/**
 * What filled of a leg others follow: they arm (waiting ones) or grow to that much, floored to the pair's
 * size step; an order over with too little filled to place leaves them cancelled.
 */
function onOrder(spec: AlgoSpec, st: AlgoState, order: Extract<AlgoEvent, { kind: 'order' }>): Step {
  const was = st.legs[order.leg];
  // What filled of the orders it replaced counts with what fills of this one.
  const ev = was?.base === undefined ? order : { ...order, filled: norm(add(was.base, order.filled)) };
  if (!was || (was.filled === ev.filled && Boolean(was.over) === ev.over)) return { state: st, fire: [], notes: [] };
  const legs: Record<string, LegState> = { ...st.legs };
  const notes: string[] = [];
  const nothing = isZero(ev.filled);
  legs[ev.leg] = ev.over && nothing && ev.cancelled
    ? { ...was, status: 'cancelled', cause: 'venue', filled: ev.filled, over: true, why: 'its order was cancelled on the venue before anything filled' }
    : { ...was, filled: ev.filled, ...(ev.over ? { over: true } : {}) };
  if (was.filled !== ev.filled) notes.push(`${ev.leg}: ${norm(ev.filled)} filled${ev.over ? ' (its order is over)' : ''}`);
  else if (ev.over) notes.push(`${ev.leg}: its order is over, ${norm(ev.filled)} filled`);
  const rules = spec.rules;
  const step = rules && !isZero(rules.quote_increment || '0') ? rules.quote_increment : undefined;
  const size = step ? floorTo(ev.filled, step) : norm(ev.filled);
  const enough = !isZero(size) && (!rules?.base_min_size || cmp(size, rules.base_min_size) >= 0);
  for (const l of spec.legs) {
    if (l.after !== ev.leg) continue;
    const s = legs[l.name]!;
    if (s.status !== 'waiting' && s.status !== 'armed') continue;
    if (enough) {
      if (s.size !== size) notes.push(`${l.name}: ${s.status === 'waiting' ? 'armed' : 'now'} for ${size} (what ${ev.leg} has filled)`);
      legs[l.name] = { status: 'armed', size };
    } else if (ev.over) {
      legs[l.name] = { status: 'cancelled', cause: 'follows', why: nothing ? `${ev.leg} ended with nothing filled` : `${ev.leg} ended with ${norm(ev.filled)} filled, less than the pair's smallest order: nothing to place` };
    }
  }
  return { state: ended(spec, { ...st, legs }), fire: [], notes };
}

/** The order of a leg others follow was replaced (an amend): they follow the new one, what filled of the old one kept. */
function onMoved(st: AlgoState, ev: Extract<AlgoEvent, { kind: 'moved' }>): Step {
  const was = st.legs[ev.leg];
  if (!was || was.orderId === ev.to) return { state: st, fire: [], notes: [] };
  const base = norm(ev.filled);
  const legs = { ...st.legs, [ev.leg]: { status: 'placed', orderId: ev.to, filled: base, base } as LegState };
  return { state: { ...st, legs }, fire: [], notes: [`${ev.leg}: order ${was.orderId} was replaced by order ${ev.to} (an amend), ${base} filled before: followed`] };
}

/** Feeds one event. Nothing happens once the algo has ended. */
export function step(spec: AlgoSpec, st: AlgoState, ev: AlgoEvent): Step {
  if (st.end) return { state: st, fire: [], notes: [] };
  switch (ev.kind) {
    case 'trade':
      return onTrade(spec, st, ev.price, ev.time);
    case 'gap':
      return onGap(spec, st, ev);
    case 'order':
      return onOrder(spec, st, ev);
    case 'moved':
      return onMoved(st, ev);
    case 'start':
      return { state: st.from === undefined ? { ...st, from: ev.from } : st, fire: [], notes: [] };
    case 'tick': {
      const due = spec.legs.find((l) => isArmed(st, l) && l.due !== undefined && l.due <= ev.now);
      if (!due) return { state: st, fire: [], notes: [] };
      const why = spec.metWhenArmed !== undefined ? `the last price ${spec.metWhenArmed} already met it when it was armed` : `due at ${at(due.due!)}`;
      return fireLegs(spec, st, [due.name], [`${due.name}: ${why}`]);
    }
    case 'cancel': {
      const legs = Object.fromEntries(Object.entries(st.legs).map(([n, l]) => [n, l.status === 'armed' || l.status === 'waiting' ? { status: 'cancelled', why: ev.why } as LegState : l]));
      return { state: ended(spec, { ...st, legs }), fire: [], notes: [`cancelled: ${ev.why}`] };
    }
  }
}

/** A sent leg's proven outcome (a kind's hook may settle the others: a TWAP's slices after a failed one). */
export function settle(spec: AlgoSpec, st: AlgoState, leg: string, outcome: LegState): AlgoState {
  const legs: Record<string, LegState> = { ...st.legs, [leg]: outcome };
  hooks(spec).settled?.(spec, legs, leg, outcome);
  return ended(spec, { ...st, legs });
}
