/**
 * The one answer of every order use case (place, cancel, amend's steps, cancel-all's pairs): what was
 * proven (placed, cancelled, amended, done; or settled: known, and it did not take effect), the venue's refusal
 * (its code, message and trace), an outcome nobody can prove yet (with the command that looks it up), or
 * a dry run. A check that fails before anything is sent stays an error (a usage error, exit 2).
 */
import type { Endpoint } from '../../api/catalogue/types.js';
import { BmError } from '../../errors.js';
import type { Amended } from '../order/amend.js';
import { checkStood } from '../order/standing.js';
import type { WriteEntry } from '../write/channel.js';
import type { WriteResult } from '../write/pipeline.js';

/** A write the answer or a lookup proved. */
interface Proven<E extends WriteEntry = Endpoint> {
  readonly result: WriteResult<E>;
  /** In words: `placed`, `cancelled`, `not cancelled: already filled`. */
  readonly say: string;
  readonly via: 'answer' | 'lookup';
  /** What the venue answered the write (or the row its lookup found), before any read of the order's state. */
  readonly answer: unknown;
}

export type OrderOutcome<E extends WriteEntry = Endpoint> =
  | ({ readonly kind: 'placed' | 'cancelled' | 'done' } & Proven<E>)
  /**
   * Proven to have nothing left to do (a cancel of an order already over) or not to have stood (a
   * limit_maker that would take: `fails`, the command line ends on `refusal`, exit 6).
   */
  | ({ readonly kind: 'settled'; readonly fails: boolean; readonly refusal: BmError } & Proven<E>)
  /** The venue refused it: nothing took effect. */
  | { readonly kind: 'rejected'; readonly code?: string; readonly message: string; readonly trace?: string; readonly error: BmError }
  /** Sent, and neither the answer nor the lookup proves what became of it; `lookup` says how to look. */
  | { readonly kind: 'unknown'; readonly lookup?: string; readonly error: BmError }
  /** An amend's cancel proven and its replacement placed, or proven not placed (`amended.why`). */
  | { readonly kind: 'amended'; readonly amended: Amended }
  /** A dry run: shown, nothing sent. */
  | { readonly kind: 'dry-run' };

export type ProvenOutcome<E extends WriteEntry = Endpoint> = Extract<OrderOutcome<E>, Proven<E>>;
/** The outcome of one write (every use case's but amend's, which is two). */
export type OneWriteOutcome<E extends WriteEntry = Endpoint> = Exclude<OrderOutcome<E>, { kind: 'amended' }>;

/** The outcome of a proven write: `kind` when it took effect, settled when not. */
export function provenOf<E extends WriteEntry>(kind: 'placed' | 'cancelled' | 'done', r: WriteResult<E>, command: string, answer: unknown = r.data): ProvenOutcome<E> {
  const proven = { result: r, say: r.verdict.say, via: r.via, answer };
  if (r.verdict.outcome === 'done') return { kind, ...proven };
  let refusal = new BmError('venue', `${command}: ${r.verdict.say}`);
  if (kind === 'placed') {
    try {
      checkStood(command, r as unknown as WriteResult<Endpoint>);
    } catch (err) {
      if (err instanceof BmError) refusal = err;
    }
  }
  return { kind: 'settled', fails: kind === 'placed', refusal, ...proven };
}

/** A write's error as an outcome: the venue's refusal or an unknown outcome; anything else is thrown again. */
export function failedOf(err: unknown): Extract<OrderOutcome, { kind: 'rejected' | 'unknown' }> {
  if (err instanceof BmError && err.category === 'unknown') return { kind: 'unknown', error: err, ...(err.details.hint !== undefined ? { lookup: err.details.hint } : {}) };
  if (err instanceof BmError && err.category === 'venue') {
    return {
      kind: 'rejected', message: err.details.venueMessage ?? err.message, error: err,
      ...(err.code !== undefined ? { code: err.code } : {}), ...(err.trace !== undefined ? { trace: err.trace } : {}),
    };
  }
  throw err;
}

/**
 * Runs a write (undefined: a dry run) and says its outcome; a check's error, or a request never sent, is
 * thrown. `answer`: the write's own answer when the result is a later read of the order's state.
 */
export async function outcomeOf<E extends WriteEntry = Endpoint>(kind: 'placed' | 'cancelled' | 'done', command: string, write: () => Promise<WriteResult<E> | undefined>, answer?: () => unknown): Promise<OneWriteOutcome<E>> {
  let r: WriteResult<E> | undefined;
  try {
    r = await write();
  } catch (err) {
    return failedOf(err);
  }
  return r ? provenOf(kind, r, command, answer ? answer() : r.data) : { kind: 'dry-run' };
}

/**
 * The outcome when it took effect or is settled, a dry run as undefined; a refusal or an unknown outcome
 * thrown as its error (how the command line ends on them: exit 6 or 11).
 */
export function provenOrThrow<O extends OrderOutcome<WriteEntry>>(o: O): Exclude<O, { kind: 'rejected' | 'unknown' | 'dry-run' }> | undefined {
  if (o.kind === 'rejected' || o.kind === 'unknown') throw o.error;
  return o.kind === 'dry-run' ? undefined : (o as Exclude<O, { kind: 'rejected' | 'unknown' | 'dry-run' }>);
}

export type { WriteChannel, WriteEntry } from '../write/channel.js';
export type { WriteResult } from '../write/pipeline.js';
