/** The shape of the endpoint catalogue: one entry per endpoint, the single source of truth. */
import type { RateLimit } from '../../util/ratelimit.js';
export type { RateLimit, Window } from '../../util/ratelimit.js';

export type Auth = 'NONE' | 'KEYED' | 'SIGNED';
export type Method = 'GET' | 'POST' | 'DELETE' | 'PUT';

/** `int` and `long` are sent as JSON numbers; `decimal` and `string` as strings. */
export type ParamType = 'string' | 'int' | 'long' | 'decimal' | 'bool';

export interface Param {
  /** Name on the wire. */
  readonly name: string;
  readonly type: ParamType;
  readonly required?: boolean;
  /** Inclusive bounds for int/long. */
  readonly min?: number;
  readonly max?: number;
  readonly values?: readonly string[];
  /** Other wire spellings a venue accepts (the sandbox honours them). */
  readonly aliases?: readonly string[];
  /** CLI option name (without `--`); a positional argument when `positional`. Omitted: no CLI option. */
  readonly flag?: string;
  readonly positional?: boolean;
  /** Positional that takes several values, sent comma-joined. */
  readonly variadic?: boolean;
  /** Used by bm only (e.g. a local filter): never sent, and a venue does not know it. */
  readonly local?: boolean;
  /**
   * How bm reads what the user typed before the wire checks: a pair or a currency in any case
   * (sent upper-cased), a candle width (`1h`, `1M`, minutes; sent as minutes), an order status
   * word or code (sent as the code).
   */
  readonly input?: 'pair' | 'currency' | 'width' | 'status';
  /** A time as users type it (ISO date, epoch seconds or ms, `now`, relative like `-2h`), sent in this unit. */
  readonly time?: 's' | 'ms';
  /**
   * What bm sends when none is given, as a user would type it (the CLI and the library read it here):
   * the parameter may be left out although the venue requires it. Text in parentheses is a rule, not a
   * value (a k-line's start: 100 steps before its end), applied by the code of that endpoint.
   */
  readonly default?: string;
  readonly description: string;
}

export interface Endpoint {
  /** Stable id, e.g. `spot.ticker`. */
  readonly id: string;
  readonly method: Method;
  readonly path: string;
  readonly auth: Auth;
  readonly rate: RateLimit;
  readonly params: readonly Param[];
  /** The key in `data` holding the rows; absent: `data` itself is the row (or the list). */
  readonly rows?: string;
  /** Default columns for table, tsv and csv. Absent: every key of the first row. */
  readonly columns?: readonly string[];
  /** Headers (and `--fields` names) that are not the snake_case of the wire name, by wire name. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Without SYMBOL, bm covers every pair the account can have orders on (the venue needs one pair). */
  readonly acrossPairs?: boolean;
  /** The `bm` command path, e.g. `['order', 'place']`. Absent: reachable through `bm api` only. */
  readonly command?: readonly string[];
  readonly summary: string;
  /** A write: confirmation, dry-run and no blind retry apply. */
  readonly write?: boolean;
  /** How the careful-write pipeline proves a write's outcome (writes only; absent: any readable answer). */
  readonly safety?: WriteSafety;
  /** Spec section, and how an ambiguity was resolved. */
  readonly notes?: string;
  /** Shapes not given by the spec (section 4.8): auth and limits only. */
  readonly shapeUnknown?: boolean;
  /**
   * The venue's later generation, beyond the spec (./later.ts): served by the sandbox for the clients
   * that call it, reachable through `bm api`; no `bm` command uses it.
   */
  readonly later?: boolean;
  readonly examples?: readonly string[];
}

/**
 * A condition on a row: the first of `field`'s names the row carries holds one of `values`
 * (compared as text, decimals by value); no `values`: the field is present and not empty.
 */
export interface FieldIs {
  readonly field: string | readonly string[];
  readonly values?: readonly string[];
}

/** What an answer or a looked-up row proves: the first verdict whose condition holds decides. */
export interface Verdict {
  /** Absent: always holds. */
  readonly when?: FieldIs;
  /** done: the write took effect; settled: known, and it did not (e.g. already filled); pending: not proven. */
  readonly outcome: 'done' | 'settled' | 'pending';
  /** What is said, e.g. `placed`, `cancelled`, `not cancelled: already filled`. */
  readonly say: string;
}

/** A lookup parameter: [its name, the write parameter it copies, or `=text` for a fixed value]. */
export type LookupParam = readonly [string, string];

/** How a write whose outcome is unknown is looked up instead of being sent again. */
export interface WriteLookup {
  /** Id of the read in the same generation's catalogue. */
  readonly endpoint: string;
  /**
   * Parameter lists of the read; the first whose write parameters were all sent is used
   * (with `all`, every such list is read and the rows joined).
   */
  readonly by: ReadonlyArray<readonly LookupParam[]>;
  readonly all?: boolean;
  /** [row field (or its spellings), write parameter]: a row is ours only when each pair whose parameter was sent holds. */
  readonly match: ReadonlyArray<readonly [string | readonly string[], string]>;
  /**
   * one: the matching row decides through `verdicts` (none found, or another order found: unknown);
   * none: proven done when no matching row is left (cancel every order);
   * guess: never proven (no client id to match): the candidates are counted and reported.
   */
  readonly expect: 'one' | 'none' | 'guess';
  readonly verdicts?: readonly Verdict[];
  /** Venue codes meaning "no such order" (not a failed lookup). */
  readonly notFound?: readonly string[];
  /** Row field that names an order, for messages. */
  readonly id?: string;
  /** Row field with the creation time in ms: a guessed candidate must be created while the write was out. */
  readonly createdAt?: string;
}

/** What the careful-write pipeline needs to know of one write endpoint. */
export interface WriteSafety {
  /** The one-line confirmation, `{param}` replaced by the value sent (an unsent one and the space before it dropped). */
  readonly confirm?: string;
  /** The parameter carrying the client order id, generated when the user gives none. */
  readonly clientId?: { readonly param: string; readonly kind: 'alnum' | 'digits' };
  /**
   * The parameter that carries a list of orders (a batch): then `clientId` is a field of each line,
   * every line gets its own, and an unknown outcome is looked up line by line with `lookup`.
   */
  readonly lines?: string;
  /** Idempotent: sent again at most this many times (within the rate limit) while the outcome is unknown. */
  readonly resend?: number;
  /** What a readable answer proves; no verdict holding leaves the outcome unknown. */
  readonly answer: readonly Verdict[];
  /**
   * Venue refusals, [code, what is said], that prove there is nothing left to do (a cancel of an order
   * already cancelled or filled): the library reports them as settled outcomes, not as errors.
   */
  readonly settledBy?: ReadonlyArray<readonly [string, string]>;
  readonly lookup?: WriteLookup;
}
