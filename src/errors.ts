/**
 * Error classes with stable categories. Each category has exactly one exit code (cli.md);
 * main.ts is the only place that turns an error into an exit code.
 */

export const EXIT = {
  ok: 0,
  internal: 1,
  usage: 2,
  declined: 3,
  auth: 4,
  config: 5,
  venue: 6,
  ratelimit: 7,
  network: 8,
  partial: 9,
  /** A `--wait` that ended before the order reached the state waited for. */
  waited: 10,
  /** A write was sent and the venue did not prove its outcome: look it up before retrying. */
  unknown: 11,
  interrupted: 130,
  /** Ended by SIGHUP (128 + 1): the terminal went away. */
  hangup: 129,
  /** Ended by SIGTERM (128 + 15). */
  terminated: 143,
} as const;

export type Category = keyof typeof EXIT;

export interface ErrorDetails {
  /** The venue's code (number or string as sent), when the venue answered. */
  code?: string;
  /** The venue's own message for that code. */
  venueMessage?: string;
  httpStatus?: number;
  trace?: string;
  hint?: string;
  retryable?: boolean;
  /** How long the venue asked to wait before the next request (Retry-After), ms from when it answered. */
  retryAfterMs?: number;
}

/** Every error `bm` reports on purpose. `message` says what failed, in one line. */
export class BmError extends Error {
  readonly category: Category;
  readonly details: ErrorDetails;
  constructor(category: Category, message: string, details: ErrorDetails = {}) {
    super(message);
    this.name = 'BmError';
    this.category = category;
    this.details = details;
  }
  get exitCode(): number {
    return EXIT[this.category];
  }
  /** The venue's code, when it answered. */
  get code(): string | undefined {
    return this.details.code;
  }
  get httpStatus(): number | undefined {
    return this.details.httpStatus;
  }
  /** The venue's request trace, when it gave one. */
  get trace(): string | undefined {
    return this.details.trace;
  }
  /** True when the same request may be sent again as it is (never for a write whose outcome is unknown). */
  get retryable(): boolean {
    return this.details.retryable ?? false;
  }
}

/** Bad input found locally: nothing was sent. */
export function usage(message: string, hint?: string): BmError {
  return new BmError('usage', message, hint ? { hint } : {});
}

/** A missing profile, an unreachable keychain, a broken config file. */
export function config(message: string, hint?: string): BmError {
  return new BmError('config', message, hint ? { hint } : {});
}
