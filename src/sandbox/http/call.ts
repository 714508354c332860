/** What a route handler gets: the checked parameters, the raw ones, the account and the exchange. */
import type { Endpoint } from '../../api/catalogue/types.js';
import type { AccountRec } from '../accounts.js';
import { fail } from '../errors.js';
import type { Exchange } from '../exchange/exchange.js';
import { pairSpec, type PairSpec } from '../engine/pairs.js';
import type { Values } from './params.js';

export interface Call {
  readonly ep: Endpoint;
  /** Catalogue parameters as text, checked. */
  readonly q: Values;
  /** The request's parameters as parsed (lists and objects included). */
  readonly raw: Record<string, unknown>;
  /** Set for KEYED and SIGNED endpoints. */
  readonly account?: AccountRec;
  readonly ex: Exchange;
  /** ms */
  readonly now: number;
  /** The spec's letter where the venue was looser (`bm sandbox serve --strict`). */
  readonly strict?: boolean;
}

/** Returns the `data` of the envelope; throws an ExchangeError to answer an error code. */
export type Handler = (c: Call) => unknown;

/** The pair named by `symbol`; 50001 when unknown. */
export function pairOf(c: Call, name = 'symbol'): PairSpec {
  const spec = pairSpec(c.q[name] ?? '');
  if (!spec) throw fail(50001);
  return spec;
}

/** The authenticated account (KEYED and SIGNED routes only). */
export function accountOf(c: Call) {
  if (!c.account) throw fail(30001);
  return c.account;
}

/** An id as a JSON number on the wire (exact beyond 2^53). */
export function wireId(id: string): bigint {
  return BigInt(id);
}

/**
 * The id of an order just placed (submit and batch answers): a string, as the venue answered on its
 * later versions (facts.md 5) once JavaScript clients had corrupted ids beyond 2^53 read as numbers;
 * in strict mode the spec's unquoted number (spec 1: integers are unquoted).
 */
export function placedId(c: Call, id: string): bigint | string {
  return c.strict ? wireId(id) : id;
}
