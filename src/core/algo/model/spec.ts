/**
 * A conditional order as planned: its kind, its legs (each an order checked against the pair's rules,
 * with the client order id it will be sent with) and what makes each leg fire. Plain JSON: the spec is
 * the journal's first line, and an engine resumes from it.
 */
import { PROTOCOL } from '../../../api/catalogue/protocol.js';
import type { Side } from '../../../api/catalogue/vocab.js';
import type { PairRules } from '../../order/pairs.js';
import { randomBytes } from 'node:crypto';

/** A kind of conditional order (./kinds/index.ts lists them): the word of its command and of its journal. */
export type AlgoKind = string;

/** A price condition: met by a trade at or below (`down`) or at or above (`up`) the level. */
export interface Trigger {
  readonly dir: 'down' | 'up';
  readonly level: string;
}

/** A trailing distance: an amount of the quote currency, or a percentage of the best price seen. */
export type Distance = { readonly abs: string } | { readonly pct: string };

/** One order of a conditional order, as it will be sent. */
export interface Leg {
  /** `stop`, `tp`, `trail`, or `s1`..`sN` for a TWAP's slices. */
  readonly name: string;
  readonly clientOrderId: string;
  /** Wire parameters of the order (spot.order.submit), client order id included. */
  readonly params: ReadonlyArray<readonly [string, string]>;
  /** One line: what the leg places (for the plan and the confirmation). */
  readonly what: string;
  /** A limit price (undefined: a market order); the deviation guard reads it at firing time. */
  readonly price?: string;
  /** What fires the leg: a price condition (stop, take-profit), or a time (a TWAP slice, ms since the epoch). */
  readonly trigger?: Trigger;
  readonly due?: number;
  /** Its side, when not the algo's (a bracket's exits close what its entry opened). */
  readonly side?: Side;
  /**
   * The leg whose fills arm this one (one-triggers-other): it waits until that leg's order fills, and
   * places what has filled of it (a bracket's exits); its `params` size is replaced then.
   */
  readonly after?: string;
  /** Legs of one group cancel each other (one-cancels-other): the first to fire cancels the rest, unsent. */
  readonly group?: string;
  /** An order already on the venue that this leg stands for (attached to, never placed by bm): its order id. */
  readonly existing?: string;
}

export interface AlgoSpec {
  readonly v: 1;
  readonly id: string;
  readonly kind: AlgoKind;
  readonly symbol: string;
  readonly side: Side;
  readonly legs: readonly Leg[];
  /** A trailing stop's distance (its one leg's level follows the best price seen). */
  readonly distance?: Distance;
  /** The deviation guard applied when a limit leg fires: percent, or undefined (off). */
  readonly maxDeviation?: string;
  /** The price places of the pair (a trailing level is truncated to them), when known. */
  readonly pricePlaces?: number;
  /** The pair's rules, for legs sized when they arm (a bracket's exits are checked against them then). */
  readonly rules?: PairRules;
  /** An alert's command, run through the shell when it fires, and the folder it was given in (it runs there). */
  readonly exec?: { readonly command: string; readonly cwd: string };
  /** The last price when it was armed, when that already met a trigger of a kind that then fires at once (an alert). */
  readonly metWhenArmed?: string;
  /** When the algo was made, ms since the epoch. */
  readonly created: number;
}

/** A new algo id: `a`, the time in base 36 and 8 random hex digits (letters and digits only). */
export function newAlgoId(now: number = Date.now()): string {
  return `a${now.toString(36)}${randomBytes(4).toString('hex')}`;
}

/**
 * The client order id of an algo's leg: the algo's id and the leg's name, nothing random, so a
 * restarted engine finds what a crashed one sent instead of sending it again.
 */
export function legClientOrderId(algoId: string, leg: string): string {
  const id = `${algoId}${leg}`;
  if (!/^[A-Za-z0-9]+$/.test(id) || id.length > PROTOCOL.clientOrderIdMax) throw new RangeError(`no client order id from algo ${algoId} and leg ${leg}`);
  return id;
}

/** The condition of a stop (`stop`) or a take-profit (`tp`) on this side: a sell stop fires on the way down, a sell take-profit on the way up. */
export function triggerOf(kind: 'stop' | 'tp', side: Side, level: string): Trigger {
  const down = (kind === 'stop') === (side === 'sell');
  return { dir: down ? 'down' : 'up', level };
}

/** The spec as armed at `now`: a TWAP's slice times move with it (a plan confirmed later starts later). */
export function armedAt(spec: AlgoSpec, now: number): AlgoSpec {
  const shift = now - spec.created;
  if (shift <= 0) return spec;
  return { ...spec, created: now, legs: spec.legs.map((l) => (l.due === undefined ? l : { ...l, due: l.due + shift })) };
}
