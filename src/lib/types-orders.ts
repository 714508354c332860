/**
 * The library's types of writes built on the venue's: `client.order.amend` (cancel, then replace) and
 * `client.algo` (conditional orders held by bm). Declarations only: this file is its own declaration file
 * in the package (dist/lib/types-orders.d.ts).
 */
import type { CallOptions, DecimalString } from './types.js';
import type { Side } from './vocab.js';
/**
 * Parameters of `client.order.amend`, by the command line's option names in snake_case as every method
 * takes them: which order (one of `order_id`, `client_order_id`) and what it becomes.
 */
export interface AmendParams {
  readonly symbol: string;
  readonly order_id?: string | number;
  readonly client_order_id?: string;
  /** Your id for the new order (default: a new one). */
  readonly new_client_order_id?: string;
  /** The new price (default: the order's). */
  readonly price?: DecimalString;
  /** The new total size, what has filled included (default: the order's). */
  readonly size?: DecimalString;
}

/** Options of `client.order.amend`. */
export interface AmendOptions extends CallOptions {
  /**
   * `bm order amend --max-deviation`: refuse (nothing sent) a new limit price more than this percent through
   * the pair's last price, e.g. '10'. Absent: no check, as for `client.order.place` (a bot sets its own prices).
   */
  readonly maxDeviation?: string;
}

/** `client.order.amend()`: the old order cancelled (proven), and the new one placed for what was left, or why not. */
export interface AmendResult {
  /** True when a new order was placed. */
  readonly amended: boolean;
  readonly old: {
    readonly orderId: string;
    readonly clientOrderId: string;
    /** `cancelled`, or why not (`not cancelled: already filled or cancelled`). */
    readonly say: string;
    readonly via: 'answer' | 'lookup';
    /** What filled of the old order by the time it was over (base). */
    readonly filled: DecimalString;
  };
  /** The new order: sent for `size` (the new total less what filled). */
  readonly placed?: { readonly orderId: string; readonly clientOrderId: string; readonly size: DecimalString; readonly price: DecimalString; readonly say: string; readonly via: 'answer' | 'lookup' };
  /** Why nothing was placed. */
  readonly why?: string;
}

export interface AlgoOptions extends CallOptions {
  /** The deviation guard at firing time: refuse a limit price more than this percent through the last price, e.g. '10'. Absent: no check. */
  readonly maxDeviation?: string;
  /** Stops watching: the legs not yet fired are cancelled, unsent, and the call resolves. */
  readonly signal?: AbortSignal;
  /** Hand it to a runner of its own (the built `bm`, out of this process) and resolve once that runner holds it (`end: 'armed'`). */
  readonly detach?: boolean;
  /** A trigger the last price already meets fires at the next trade, rather than being refused as a likely typo. */
  readonly immediate?: boolean;
}

/** One leg of a conditional order: planned (`dryRun`), or what became of it. */
export interface AlgoLeg {
  readonly leg: string;
  /** `waiting`: for the leg it follows to fill (a bracket's exits); `fired`: an alert's, once it has notified. */
  readonly status: 'planned' | 'waiting' | 'armed' | 'sending' | 'placed' | 'fired' | 'failed' | 'unknown' | 'cancelled';
  readonly clientOrderId: string;
  readonly orderId?: string;
  /** A fired alert's: the last price that met it, and when (ISO 8601). */
  readonly price?: string;
  readonly firedAt?: string;
  /** What fires it and what it places (planned), or why it failed or was cancelled. */
  readonly note: string;
}

/** A conditional order's end (or its plan, `dryRun`; or armed, `detach`): its id, each leg, and its journal. */
export interface AlgoResult<K extends string = string> {
  readonly id: string;
  /** Its kind (`AlgoKind`). */
  readonly kind: K;
  readonly symbol: string;
  /** `planned` on a dry run, `armed` when handed to a runner (`detach`). */
  readonly end: 'planned' | 'armed' | 'done' | 'failed' | 'unknown' | 'cancelled';
  readonly legs: readonly AlgoLeg[];
  readonly journal?: string;
  /** The pid of the runner that holds it (`detach`). */
  readonly runner?: number;
}

/** A conditional order kept on this machine (`client.algo.list()`), as `bm algo list` shows it. */
export interface AlgoListed extends AlgoResult {
  /** Absent for an alert: it places no order. */
  readonly side?: Side;
  /** Its end, else `running` (a runner is proven to hold it) or `stopped` (nothing watches it: resume it). */
  readonly state: 'running' | 'stopped' | 'done' | 'failed' | 'unknown' | 'cancelled';
  /** When it was armed, ISO 8601. */
  readonly created: string;
}
