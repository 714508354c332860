/**
 * The words of the interface, each with its meaning: sides, order types, self-trade prevention
 * modes, and the status vocabularies of both generations (spec 3). Client validation, completion,
 * help, tables and the sandbox read them from here; what a status code means (its word, whether the
 * order is over, the code a user's word names) is read through ./statuses.ts.
 */

/** One value of a vocabulary: the wire value, and what it means to a reader. */
export interface Term {
  readonly value: string;
  readonly meaning: string;
}

export const SIDES = [
  { value: 'buy', meaning: 'buy the base currency' },
  { value: 'sell', meaning: 'sell the base currency' },
] as const satisfies readonly Term[];
export type Side = (typeof SIDES)[number]['value'];

/** True when the text is a side of the vocabulary. */
export function isSide(v: unknown): v is Side {
  return SIDES.some((s) => s.value === v);
}

/** Spec 2.7 (limit, market) and 4.8 (limit_maker, ioc, accepted when placing). */
export const ORDER_TYPES = [
  { value: 'limit', meaning: 'rests at the price until filled or cancelled' },
  { value: 'market', meaning: 'fills at once against the book (a buy spends --notional)' },
  { value: 'limit_maker', meaning: 'post only: cancelled at once when it would cross' },
  { value: 'ioc', meaning: 'immediate or cancel: what does not fill at once is cancelled' },
] as const satisfies readonly Term[];
export type OrderType = (typeof ORDER_TYPES)[number]['value'];

/** facts.md 5: `stpMode` of submit_order. */
export const STP_MODES = [
  { value: 'none', meaning: 'no self-trade prevention' },
  { value: 'cancel_maker', meaning: 'cancel the resting order of yours' },
  { value: 'cancel_taker', meaning: 'cancel the incoming order' },
  { value: 'cancel_both', meaning: 'cancel both orders' },
] as const satisfies readonly Term[];
export type StpMode = (typeof STP_MODES)[number]['value'];

/**
 * The value among `allowed` that the typed text names, in any case (`BUY` is `buy`, `Limit_Maker` is
 * `limit_maker`), or undefined. Every enumerated word a user types is read through here.
 */
export function matchWord<T extends string>(allowed: readonly T[], typed: string): T | undefined {
  const t = typed.trim().toLowerCase();
  return allowed.find((a) => a.toLowerCase() === t);
}

/** The values of a vocabulary, in order. */
export function valuesOf<T extends Term>(terms: readonly T[]): Array<T['value']> {
  return terms.map((t) => t.value);
}

/** Where an order stands: `open` on the book; `filled`, `cancelled` (after a partial fill too) and `failed` are final. */
export type Life = 'open' | 'filled' | 'cancelled' | 'failed';

/**
 * A status: its code as sent, the one word tables show and users may type, what it means, and
 * whether the list endpoint accepts it as a filter. One word means one state in both generations
 * (pending, partially_filled, filled, cancelled; open and done as the list filters).
 */
export interface Status {
  readonly code: string;
  readonly word: string;
  readonly meaning: string;
  readonly filter?: boolean;
  /** A second code for a state another code already names (shown with the word, never typed). */
  readonly alias?: boolean;
  /** Where an order in this state stands: still on the book, or over for good (filled, cancelled, failed). */
  readonly life?: Life;
}

/** Spec 3, current generation (field `status`, WebSocket `state`); 11 and 12 from facts.md 4. */
export const ORDER_STATUSES = [
  { code: '1', word: 'failed', meaning: 'order failure', life: 'failed' },
  { code: '2', word: 'placing', meaning: 'being placed' },
  { code: '3', word: 'freeze_failed', meaning: 'order failure: the funds could not be frozen', life: 'failed' },
  { code: '4', word: 'pending', meaning: 'placed, waiting to be filled', filter: true, life: 'open' },
  { code: '5', word: 'partially_filled', meaning: 'partially filled', filter: true, life: 'open' },
  { code: '6', word: 'filled', meaning: 'fully filled', filter: true, life: 'filled' },
  { code: '7', word: 'cancelling', meaning: 'being cancelled', life: 'open' },
  { code: '8', word: 'cancelled', meaning: 'cancelled', filter: true, life: 'cancelled' },
  { code: '9', word: 'open', meaning: 'list filter: pending and partially filled (4, 5)', filter: true },
  { code: '10', word: 'done', meaning: 'list filter: filled and cancelled (6, 8)', filter: true },
  { code: '11', word: 'partially_filled', meaning: 'partially filled (later versions)', alias: true, life: 'open' },
  { code: '12', word: 'partially_cancelled', meaning: 'partially filled, then cancelled (later versions)', life: 'cancelled' },
] as const satisfies readonly Status[];

/** Spec 3, legacy generation: the list filter accepts 1 to 6. */
export const LEGACY_ORDER_STATUSES = [
  { code: '1', word: 'pending', meaning: 'placed, waiting to be filled', filter: true },
  { code: '2', word: 'partially_filled', meaning: 'partially filled', filter: true },
  { code: '3', word: 'filled', meaning: 'fully filled', filter: true },
  { code: '4', word: 'cancelled', meaning: 'cancelled', filter: true },
  { code: '5', word: 'open', meaning: 'pending and partially filled', filter: true },
  { code: '6', word: 'done', meaning: 'filled and cancelled', filter: true },
] as const satisfies readonly Status[];

/** Spec 3: deposit and withdraw records. */
export const FUNDING_STATUSES = [
  { code: '0', word: 'created', meaning: 'created' },
  { code: '1', word: 'submitted', meaning: 'submitted, waiting for withdrawal' },
  { code: '2', word: 'processing', meaning: 'processing' },
  { code: '3', word: 'success', meaning: 'succeeded' },
  { code: '4', word: 'cancelled', meaning: 'cancelled' },
  { code: '5', word: 'failed', meaning: 'failed' },
] as const satisfies readonly Status[];

/** Spec 3: system maintenance entries. */
export const SERVICE_STATUSES = [
  { code: '0', word: 'waiting', meaning: 'maintenance not started' },
  { code: '1', word: 'working', meaning: 'maintenance under way' },
  { code: '2', word: 'completed', meaning: 'maintenance over' },
] as const satisfies readonly Status[];
