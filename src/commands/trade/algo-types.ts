/**
 * The terminal's view of conditional orders (algos held by this machine's runners, src/core/algo/): an
 * algo as the orders pane lists it, a plan waiting for its confirmation, and the bracket order form.
 * Plain data, apart from state.ts so the attach modules can share it without importing the whole state.
 */
import type { Side } from '../../api/catalogue/vocab.js';
import type { AlgoSpec } from '../../core/usecases/algo.js';

/** A leg with a trigger, as the pane shows it and a join keeps it. */
export interface AlgoExit {
  /** `stop`, `tp`. */
  readonly name: string;
  readonly level: string;
  /** Its limit price, when it places a limit (absent: a market order). */
  readonly price?: string;
  /** `waiting` (for fills of the order it follows) or `armed`. */
  readonly status: string;
}

/** A conditional order of the pair as the terminal shows it. */
export interface AttachedAlgo {
  readonly id: string;
  readonly kind: string;
  readonly side: Side;
  /** The armed legs' trigger prices (marked on the book and the chart). */
  readonly triggers: readonly string[];
  /** Its first leg's size, or what it spends (` (quote)`). */
  readonly amount: string;
  /** Its first leg's amount as planned: `size` (base) or `notional` (quote spent by a market buy). */
  readonly size?: string;
  readonly notional?: string;
  /** A runner holds it now. */
  readonly running: boolean;
  /** Its legs with a trigger not yet fired or cancelled. */
  readonly exits?: readonly AlgoExit[];
  /** A bracket's entry order: the open order it was attached to, or the one its runner placed (`placed`). */
  readonly order?: string;
  /** Its entry was placed by its runner (a bracket order): cancelling the algo cancels that order's rest. */
  readonly placed?: boolean;
  /** It ended while the terminal was open, not well (or an alert fired): kept on screen until dismissed. */
  readonly end?: 'failed' | 'unknown' | 'fired';
  /** Why (the journal's word on the failed or unknown leg). */
  readonly note?: string;
}

/** A plan waiting for `y` (./attach-plan.ts): what it arms, what it replaces, and whether it fires at once. */
export interface PendingAttach {
  readonly spec: AlgoSpec;
  /** What it protects, in words. */
  readonly protects: string;
  /** An armed algo joined into this one: cancelled first, this one armed only once that is proven unsent. */
  readonly replaces?: AttachedAlgo;
  /** The sentence of a trigger the last price already meets: it would fire at the next trade. */
  readonly met?: string;
  /** `y` was pressed on a met trigger: one more, distinct key (`!`) arms it. */
  readonly acknowledged?: boolean;
  /** Where `n`/Esc goes back to. */
  readonly back: 'form' | 'bracket' | 'alert';
}

/** The alert form (`A`): its level as typed (or taken from the selected book level). */
export interface AlertForm {
  readonly price: string;
  /** Why the last Enter did not go on to the confirmation. */
  readonly error: string | undefined;
}

/** The bracket order form's fields, in the order Tab walks them. */
export const BRACKET_FIELDS = ['size', 'price', 'stop', 'takeProfit'] as const;
export type BracketField = (typeof BRACKET_FIELDS)[number];

/** The bracket order form: an entry (side, size, limit price) and its exits as typed. */
export interface BracketForm {
  readonly side: Side;
  readonly size: string;
  readonly price: string;
  readonly stop: string;
  readonly takeProfit: string;
  readonly focus: BracketField;
  /** Why the last Enter did not go on to the confirmation. */
  readonly error: string | undefined;
}
