/**
 * What one call takes and proves: its options (a dry run), the request a dry run shows, a write's
 * outcome, and the orders, options and outcomes of `client.order.batch`. Declarations only (shipped as
 * dist/lib/types-calls.d.ts), re-exported by ./types.ts.
 */
import type { Data, DecimalString } from './types-values.js';
import type { OrderType, Side } from './vocab.js';

/** Options of one call. */
export interface CallOptions {
  /** Check everything and build the request, signed, but send nothing: resolves with the {@link DryRun}. */
  readonly dryRun?: boolean;
  /**
   * `order.place` (and `order.batch`) only: refuse a limit price more than this percent through the last
   * price, as `bm order place --max-deviation` does ('10', or 'none'); absent: no check.
   */
  readonly maxDeviation?: string;
}

/** The request a call would have sent (`{ dryRun: true }`): key, signature and token redacted. */
export interface DryRun {
  readonly dryRun: true;
  readonly method: string;
  readonly url: string;
  readonly headers: { readonly [name: string]: string };
  /** The body as it would be sent (writes). */
  readonly body?: string;
}

/** What a write proved. */
export interface WriteOutcome {
  /** done: it took effect; settled: known, and it did not (e.g. not cancelled: already filled). */
  readonly outcome: 'done' | 'settled';
  /** In words: `placed`, `cancelled`, `not cancelled: already filled`. */
  readonly say: string;
  /** Proven by the write's answer, or by looking the order up after the answer was lost. */
  readonly via: 'answer' | 'lookup';
  /** The answer's data, or the order found by the lookup; numbers as exact text. */
  readonly data: Data;
  /** Parameters sent, as text (the generated client order id included). */
  readonly sent: { readonly [name: string]: string };
  /** `order_id` of the answer or of the order found, when there is one. */
  readonly orderId?: string;
  /** The client order id sent (given or generated), for writes that carry one. */
  readonly clientOrderId?: string;
}

/** An order of `client.order.batch`: its pair, and the fields of a placement (decimals as text). */
export interface BatchOrder {
  readonly symbol: string;
  readonly side: Side;
  readonly type: OrderType;
  readonly size?: DecimalString;
  readonly price?: DecimalString;
  /** Quote amount of a market buy. */
  readonly notional?: DecimalString;
  /** Your id of the order (letters and digits, at most 32); made for you when absent. */
  readonly client_order_id?: string;
}

/** What became of one order of a batch. */
export interface BatchOrderOutcome {
  /** Its place in the list given, from 1. */
  readonly index: number;
  /**
   * placed and failed are the venue's word (or a lookup's, by client order id); unknown: look it up
   * before sending it again; not sent: the batch stopped (the venue refused a request for its rate) before it went.
   */
  readonly result: 'placed' | 'failed' | 'unknown' | 'not sent';
  readonly clientOrderId: string;
  readonly orderId?: string;
  /** The venue's code for this order (a refusal's), or empty. */
  readonly code: string;
  readonly message: string;
}

/** The outcomes of a batch, in the order given, and their counts. */
export interface BatchResult {
  readonly orders: readonly BatchOrderOutcome[];
  readonly placed: number;
  readonly failed: number;
  readonly unknown: number;
  readonly notSent: number;
  /** The journal kept (`journal` or `resume` given). */
  readonly journal?: string;
}

/** Options of `client.order.batch`. */
export interface BatchOptions extends CallOptions {
  /**
   * `bm order batch --max-deviation`: refuse the batch (nothing sent) when a limit price is more than
   * this percent through its pair's last price, e.g. '10'. Absent: no check (a bot sets its own prices).
   */
  readonly maxDeviation?: string;
  /**
   * Keep the command line's journal at this path (a new file; the orders are written beside it as
   * `<path>.orders.json`): after a crash, `client.order.batch.resume(path)` or `bm order batch SYMBOL
   * --resume <path>` settles and completes the batch without sending any order twice.
   */
  readonly journal?: string;
  /** Resume the batch of this journal: the orders given must be its own (or none: the journal's orders file is read). */
  readonly resume?: string;
}
