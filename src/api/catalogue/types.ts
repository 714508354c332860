/** The shape of the endpoint catalogue: one entry per endpoint, the single source of truth. */

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
  readonly description: string;
}

/** One rate-limit window: at most `limit` requests per `windowMs`. */
export interface Window {
  readonly limit: number;
  readonly windowMs: number;
}

export interface RateLimit {
  /** Counted per API key (KEY) or per address (IP). */
  readonly target: 'IP' | 'KEY';
  /** Every window applies at once: both readings of the published tables are honoured. */
  readonly windows: readonly Window[];
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
  /** Spec section, and how an ambiguity was resolved. */
  readonly notes?: string;
  /** Shapes not given by the spec (section 4.8): auth and limits only. */
  readonly shapeUnknown?: boolean;
  readonly examples?: readonly string[];
}
