/**
 * The conditional orders as pure, deterministic state machines: fed the venue's trades (price, time),
 * the clock (ticks), the candles of a gap in the data and a cancel, they say which legs fire. The
 * engine (./engine.ts) sends what fires and settles each leg with what the venue proved.
 */
import { cmp, div, max, min, mul, norm, sub, add, truncate } from '../../util/decimal.js';
import type { AlgoSpec, Leg, Trigger } from './spec.js';

/** A leg's life: armed, sent and not yet proven, then placed, failed, unknown, or cancelled unsent. */
export type LegStatus = 'armed' | 'sending' | 'placed' | 'failed' | 'unknown' | 'cancelled';

export interface LegState {
  readonly status: LegStatus;
  readonly orderId?: string;
  /** Why it failed or was cancelled, or what left it unknown. */
  readonly why?: string;
  /** A failure's error category (src/errors.ts), for the exit code. */
  readonly category?: string;
  /**
   * On a leg being sent, between two attempts: true when no attempt so far can have reached the venue (a
   * refused connection, a 418 or 429 answer, the client's own block), so a cancel that does not find it
   * may call it cancelled. Absent: an attempt may have reached the venue or may be under way (the line
   * journaled before each attempt leaves has none), so a lookup that finds nothing leaves it unknown.
   */
  readonly unsent?: boolean;
}

export type AlgoEnd = 'done' | 'failed' | 'unknown' | 'cancelled';

export interface AlgoState {
  readonly legs: Readonly<Record<string, LegState>>;
  /** A trailing stop's best price seen: the high for a sell, the low for a buy. */
  readonly best?: string;
  /** The last trade seen (price, ms). */
  readonly last?: { readonly price: string; readonly time: number };
  readonly end?: AlgoEnd;
}

/** What the machine is fed. Times are ms since the epoch. */
export type AlgoEvent =
  | { readonly kind: 'trade'; readonly price: string; readonly time: number }
  | { readonly kind: 'tick'; readonly now: number }
  /** The data was down from `from` to `to`: the candles' extremes and last close, or why they could not be read. */
  | { readonly kind: 'gap'; readonly from: number; readonly to: number; readonly high?: string; readonly low?: string; readonly close?: string; readonly why?: string }
  | { readonly kind: 'cancel'; readonly why: string };

/** A step: the new state, the legs to send now (already marked `sending`), and lines saying why. */
export interface Step {
  readonly state: AlgoState;
  readonly fire: readonly string[];
  readonly notes: readonly string[];
}

export function initial(spec: AlgoSpec): AlgoState {
  return { legs: Object.fromEntries(spec.legs.map((l) => [l.name, { status: 'armed' } as LegState])) };
}

/** True when `price` meets the condition. */
export function crossed(t: Trigger, price: string): boolean {
  const c = cmp(price, t.level);
  return t.dir === 'down' ? c <= 0 : c >= 0;
}

/** A trailing stop's condition from its best price: a sell fires at the best less the distance, a buy at the best plus it. */
export function trailTrigger(spec: AlgoSpec, best: string): Trigger {
  const d = spec.distance!;
  const sell = spec.side === 'sell';
  const by = 'abs' in d ? d.abs : div(mul(best, d.pct), '100', 12);
  const level = sell ? sub(best, by) : add(best, by);
  const cut = spec.pricePlaces !== undefined ? truncate(level, spec.pricePlaces) : level;
  return { dir: sell ? 'down' : 'up', level: norm(cut) };
}

/** The condition a leg fires on now (a trailing stop's moves with its best price). */
export function triggerNow(spec: AlgoSpec, st: AlgoState, leg: Leg): Trigger | undefined {
  if (spec.kind === 'trail') return st.best === undefined ? undefined : trailTrigger(spec, st.best);
  return leg.trigger;
}

const at = (ms: number) => new Date(ms).toISOString();
const armed = (st: AlgoState, leg: Leg) => st.legs[leg.name]?.status === 'armed';

/** Fires `names`: marked sending; the other armed legs of an OCO cancelled. */
function fire(spec: AlgoSpec, st: AlgoState, names: readonly string[], notes: string[]): Step {
  const legs: Record<string, LegState> = { ...st.legs };
  for (const n of names) legs[n] = { status: 'sending' };
  if (spec.kind === 'oco' && names.length) {
    for (const l of spec.legs) if (legs[l.name]!.status === 'armed') legs[l.name] = { status: 'cancelled', why: `the ${names[0]} leg fired first` };
  }
  return { state: { ...st, legs }, fire: names, notes };
}

function onTrade(spec: AlgoSpec, st: AlgoState, price: string, time: number): Step {
  let s: AlgoState = { ...st, last: { price, time } };
  const notes: string[] = [];
  if (spec.kind === 'twap') return { state: s, fire: [], notes };
  if (spec.kind === 'trail') {
    const best = s.best === undefined ? price : norm(spec.side === 'sell' ? max(s.best, price) : min(s.best, price));
    if (best !== s.best) s = { ...s, best };
  }
  const hit = spec.legs.find((l) => armed(s, l) && (() => {
    const t = triggerNow(spec, s, l);
    return t !== undefined && crossed(t, price);
  })());
  if (!hit) return { state: s, fire: [], notes };
  notes.push(`${hit.name}: trigger ${triggerNow(spec, s, hit)!.level} met by a trade at ${price} (${at(time)})`);
  return fire(spec, s, [hit.name], notes);
}

function onGap(spec: AlgoSpec, st: AlgoState, ev: Extract<AlgoEvent, { kind: 'gap' }>): Step {
  const span = `while the data was down (${at(ev.from)} to ${at(ev.to)})`;
  const live = spec.legs.filter((l) => armed(st, l));
  if (spec.kind === 'twap' || !live.length) return { state: st, fire: [], notes: [] };
  if (ev.why !== undefined || ev.high === undefined || ev.low === undefined) {
    return { state: st, fire: [], notes: [`not known whether a trigger was met ${span}: ${ev.why ?? 'no candles'}; still armed`] };
  }
  const reach = (t: Trigger) => (t.dir === 'down' ? ev.low! : ev.high!);
  if (spec.kind === 'trail') {
    const leg = live[0]!;
    const before = triggerNow(spec, st, leg);
    if (before && crossed(before, reach(before))) return fire(spec, st, [leg.name], [`${leg.name}: trigger ${before.level} met ${span}: the candles reach ${reach(before)}`]);
    const edge = spec.side === 'sell' ? ev.high : ev.low;
    const best = st.best === undefined ? edge : norm(spec.side === 'sell' ? max(st.best, edge) : min(st.best, edge));
    const s = { ...st, best };
    const t = trailTrigger(spec, best);
    const notes = crossed(t, reach(t))
      ? [`${leg.name}: the best price moved to ${best} ${span} and the candles also reach ${reach(t)}, past the new trigger ${t.level}, in an order they do not tell: not fired; still armed at ${t.level}`]
      : [`${leg.name}: no trigger met ${span}; best price ${best}, trigger ${t.level}`];
    return { state: s, fire: [], notes };
  }
  const hits = live.filter((l) => crossed(l.trigger!, reach(l.trigger!)));
  if (hits.length === 0) return { state: st, fire: [], notes: [`no trigger met ${span} (candles from ${ev.low} to ${ev.high})`] };
  if (hits.length === 1) return fire(spec, st, [hits[0]!.name], [`${hits[0]!.name}: trigger ${hits[0]!.trigger!.level} met ${span}: the candles reach ${reach(hits[0]!.trigger!)}`]);
  // Both legs of an OCO met while blind, in an order the candles do not tell: the last price decides.
  const now = ev.close === undefined ? undefined : hits.find((l) => crossed(l.trigger!, ev.close!));
  if (!now) return { state: st, fire: [], notes: [`both triggers met ${span} in an order the candles do not tell, and the last price ${ev.close ?? '(unknown)'} meets neither: not fired; still armed`] };
  return fire(spec, st, [now.name], [`both triggers met ${span}; ${now.name} fired as the last price ${ev.close} still meets it`]);
}

/** Feeds one event. Nothing happens once the algo has ended. */
export function step(spec: AlgoSpec, st: AlgoState, ev: AlgoEvent): Step {
  if (st.end) return { state: st, fire: [], notes: [] };
  switch (ev.kind) {
    case 'trade':
      return onTrade(spec, st, ev.price, ev.time);
    case 'gap':
      return onGap(spec, st, ev);
    case 'tick': {
      const due = spec.kind === 'twap' ? spec.legs.find((l) => armed(st, l) && l.due! <= ev.now) : undefined;
      return due ? fire(spec, st, [due.name], [`${due.name}: due at ${at(due.due!)}`]) : { state: st, fire: [], notes: [] };
    }
    case 'cancel': {
      const legs = Object.fromEntries(Object.entries(st.legs).map(([n, l]) => [n, l.status === 'armed' ? { status: 'cancelled', why: ev.why } as LegState : l]));
      return { state: ended({ ...st, legs }), fire: [], notes: [`cancelled: ${ev.why}`] };
    }
  }
}

/** The algo's end once no leg is armed or in flight. */
function ended(st: AlgoState): AlgoState {
  const all = Object.values(st.legs);
  if (all.some((l) => l.status === 'armed' || l.status === 'sending')) return st;
  const end: AlgoEnd = all.some((l) => l.status === 'unknown') ? 'unknown'
    : all.some((l) => l.status === 'failed') ? 'failed'
      : all.every((l) => l.status === 'cancelled') ? 'cancelled' : 'done';
  return { ...st, end };
}

/** A sent leg's proven outcome. A TWAP slice that failed or is unknown stops the slices after it. */
export function settle(spec: AlgoSpec, st: AlgoState, leg: string, outcome: LegState): AlgoState {
  const legs: Record<string, LegState> = { ...st.legs, [leg]: outcome };
  if (spec.kind === 'twap' && (outcome.status === 'failed' || outcome.status === 'unknown')) {
    for (const l of spec.legs) if (legs[l.name]!.status === 'armed') legs[l.name] = { status: 'cancelled', why: `slice ${leg} ${outcome.status === 'failed' ? 'failed' : 'has an unknown outcome'}` };
  }
  return ended({ ...st, legs });
}
