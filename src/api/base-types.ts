/**
 * What both REST clients are given and send (./base.ts): the credentials, a client's options (address,
 * timeout, clock, rate gate, notes and trace), a request as sent, and what it counts against. Types
 * only, so that a caller wiring a client (the core's options) needs none of its code.
 */
import type { Env } from '../util/paths.js';
import type { RateLimit } from './catalogue/types.js';
import type { RateGate, Sleep } from './gate.js';
import type { HttpRequest, HttpResponse } from './http.js';

export interface Credentials {
  readonly key: string;
  readonly secret: string;
  readonly memo: string;
}

export interface BaseOptions {
  readonly env: Env;
  /** The base URL of the generation's REST interface; may start the sandbox. */
  readonly baseUrl: () => Promise<string>;
  readonly credentials: () => Promise<Credentials | undefined>;
  /** Whole-request timeout, ms. */
  readonly timeoutMs: number;
  /** Called with one line per request and response when tracing (secrets already redacted). */
  readonly trace?: (line: string) => void;
  /** A line for the user (stderr): a pause the venue asked for. */
  readonly note?: (line: string) => void;
  /**
   * Called when the venue refused the connection, or reset it (`reached`: after it was made, on a read); returns
   * a new base URL to retry once, or undefined.
   */
  readonly onRefused?: (reached: boolean) => Promise<string | undefined>;
  readonly now?: () => number;
  readonly sleep?: Sleep;
  /** Calls `fn` after `ms` and returns what cancels it: the request timeout on this clock (default: the system's timer). */
  readonly timer?: (ms: number, fn: () => void) => () => void;
  /** Retries after a 429 before giving up (exit 7). */
  readonly maxRateRetries?: number;
  /** Where requests are counted: this process by default; a {@link FileGate} shares the count between processes. */
  readonly gate?: RateGate;
  /** Sends one request instead of the network (a venue in this process, as a backtest's); default ./transport.ts. */
  readonly send?: (req: HttpRequest) => Promise<HttpResponse>;
}

/** A request as sent (the generation adds its own fields). */
export interface Outgoing {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** What a request counts against. */
export interface Limited {
  /** The limited interface, e.g. `POST /spot/v2/batch_orders`. */
  readonly name: string;
  readonly rate: RateLimit;
  readonly write: boolean;
}
