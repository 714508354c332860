/**
 * The state of a conditional order and what its machine is fed, with the pure steps every kind shares:
 * whether a price meets a trigger, and firing legs (one of a group fired cancels the others, unsent).
 */
import { cmp } from '../../../util/decimal.js';
import type { AlgoSpec, Leg, Trigger } from './spec.js';

/**
 * A leg's life: `waiting` for the leg it follows to fill (a bracket's exits), armed, sent and not yet
 * proven, then placed, failed, unknown, or cancelled (unsent, or its order ended on the venue unfilled);
 * a leg that places no order (an alert's) is `fired` once it has acted.
 */
export type LegStatus = 'waiting' | 'armed' | 'sending' | 'placed' | 'fired' | 'failed' | 'unknown' | 'cancelled';

export interface LegState {
  readonly status: LegStatus;
  readonly orderId?: string;
  /** Why it failed or was cancelled, or what left it unknown. */
  readonly why?: string;
  /** A failure's error category (src/errors.ts), for the exit code. */
  readonly category?: string;
  /**
   * A leg cancelled by the algo's own course, not by whoever stopped it: another leg of its group fired
   * (`group`), the leg it follows ended with nothing for it to place (`follows`), its order was cancelled on
   * the venue (`venue`). Absent on a cancelled leg: it was stopped (Ctrl-C, bm algo cancel).
   */
  readonly cause?: 'group' | 'follows' | 'venue';
  /** A leg others follow: what of its order has filled (base), and whether its order has ended on the venue. */
  readonly filled?: string;
  readonly over?: boolean;
  /** What filled of the orders this leg's order replaced (an amended entry), counted in `filled`. */
  readonly base?: string;
  /** A leg that follows another: the size it places when it fires (base), from what filled of that one. */
  readonly size?: string;
  /**
   * On a leg being sent, between two attempts: true when no attempt so far can have reached the venue (a
   * refused connection, a 418 or 429 answer, the client's own block), so a cancel that does not find it
   * may call it cancelled. Absent: an attempt may have reached the venue or may be under way (the line
   * journaled before each attempt leaves has none), so a lookup that finds nothing leaves it unknown.
   */
  readonly unsent?: boolean;
  /** A fired alert's: the last price that met it (decimal string), and when (ms since the epoch: the trade's time on the venue's clock, else this machine's). */
  readonly price?: string;
  readonly at?: number;
}

export type AlgoEnd = 'done' | 'failed' | 'unknown' | 'cancelled';

export interface AlgoState {
  readonly legs: Readonly<Record<string, LegState>>;
  /** A trailing stop's best price seen: the high for a sell, the low for a buy. */
  readonly best?: string;
  /** The last trade seen (price, ms). */
  readonly last?: { readonly price: string; readonly time: number };
  /**
   * When it was armed, on the venue's clock (ms): trades before it are history. Placed by the first runner that
   * read the venue's clock, and kept, so that a runner resumed before any trade was seen starts from it rather
   * than from the journal's local times read through the clocks' difference of another day.
   */
  readonly from?: number;
  readonly end?: AlgoEnd;
}

/** What the machine is fed. Times are ms since the epoch. */
export type AlgoEvent =
  | { readonly kind: 'trade'; readonly price: string; readonly time: number }
  | { readonly kind: 'tick'; readonly now: number }
  /** The data was down from `from` to `to`: the candles' extremes and last close, or why they could not be read. */
  | { readonly kind: 'gap'; readonly from: number; readonly to: number; readonly high?: string; readonly low?: string; readonly close?: string; readonly why?: string }
  /** The venue's order of a placed leg (one others follow), as read: what has filled of it (base), and whether it has ended. */
  | { readonly kind: 'order'; readonly leg: string; readonly filled: string; readonly over: boolean; readonly cancelled?: boolean }
  /** The order of a placed leg was replaced by order `to` (`bm order amend`), `filled` of it being over. */
  | { readonly kind: 'moved'; readonly leg: string; readonly to: string; readonly filled: string }
  /** Where trades start to count, on the venue's clock (see {@link AlgoState.from}); the first one is kept. */
  | { readonly kind: 'start'; readonly from: number }
  | { readonly kind: 'cancel'; readonly why: string };

/** A step: the new state, the legs to send now (already marked `sending`), and lines saying why. */
export interface Step {
  readonly state: AlgoState;
  readonly fire: readonly string[];
  readonly notes: readonly string[];
}

/** True when `price` meets the condition. */
export function crossed(t: Trigger, price: string): boolean {
  const c = cmp(price, t.level);
  return t.dir === 'down' ? c <= 0 : c >= 0;
}

export const isArmed = (st: AlgoState, leg: Leg): boolean => st.legs[leg.name]?.status === 'armed';

/** Fires `names`: marked sending; the other legs of their group (armed or waiting) cancelled, unsent. */
export function fireLegs(spec: AlgoSpec, st: AlgoState, names: readonly string[], notes: readonly string[]): Step {
  const legs: Record<string, LegState> = { ...st.legs };
  for (const n of names) legs[n] = { ...legs[n]!, status: 'sending' };
  for (const n of names) {
    const group = spec.legs.find((l) => l.name === n)?.group;
    if (group === undefined) continue;
    for (const l of spec.legs) {
      const s = legs[l.name]!.status;
      if (l.group === group && l.name !== n && (s === 'armed' || s === 'waiting')) legs[l.name] = { status: 'cancelled', cause: 'group', why: `the ${n} leg fired first` };
    }
  }
  return { state: { ...st, legs }, fire: names, notes };
}

/**
 * The algo's end once no leg is waiting, armed or in flight. An order it was attached to (a leg that stands
 * for an order bm never placed) is no work of its own: with every other leg cancelled, it ended cancelled.
 */
export function ended(spec: AlgoSpec, st: AlgoState): AlgoState {
  const all = Object.values(st.legs);
  if (all.some((l) => l.status === 'armed' || l.status === 'sending' || l.status === 'waiting')) return st;
  const own = spec.legs.filter((l) => l.existing === undefined).map((l) => st.legs[l.name]!);
  const end: AlgoEnd = all.some((l) => l.status === 'unknown') ? 'unknown'
    : all.some((l) => l.status === 'failed') ? 'failed'
      : own.every((l) => l.status === 'cancelled') ? 'cancelled' : 'done';
  return { ...st, end };
}
