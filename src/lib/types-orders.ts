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

/** Parameters of `client.algo.*`, as `bm order stop|take-profit|oco|trail|twap` takes them: decimals as text. */
export interface AlgoParams {
  readonly symbol: string;
  readonly side: Side;
  /** Base quantity (a sell, or a limit buy); a market buy gives `notional` instead. */
  readonly size?: string;
  readonly notional?: string;
  /** stop, takeProfit: the trigger price, and the limit price of the order it places (absent: market). */
  readonly trigger?: string;
  readonly price?: string;
  /** oco: each leg's trigger and limit price. */
  readonly tp_trigger?: string;
  readonly tp_price?: string;
  readonly stop_trigger?: string;
  readonly stop_price?: string;
  /** trail: `'1.5%'` of the best price seen, or an amount of the quote currency. */
  readonly distance?: string;
  /** twap: the duration (`'1h'`, `'90s'`) and the number of slices. */
  readonly over?: string;
  readonly slices?: string | number;
}

export interface AlgoOptions extends CallOptions {
  /** The deviation guard at firing time: refuse a limit price more than this percent through the last price, e.g. '10'. Absent: no check. */
  readonly maxDeviation?: string;
  /** Stops watching: the legs not yet fired are cancelled, unsent, and the call resolves. */
  readonly signal?: AbortSignal;
}

/** One leg of a conditional order: planned (`dryRun`), or what became of it. */
export interface AlgoLeg {
  readonly leg: string;
  readonly status: 'planned' | 'armed' | 'sending' | 'placed' | 'failed' | 'unknown' | 'cancelled';
  readonly clientOrderId: string;
  readonly orderId?: string;
  /** What fires it and what it places (planned), or why it failed or was cancelled. */
  readonly note: string;
}

/** A conditional order's end (or its plan, `dryRun`): its id, each leg, and its journal. */
export interface AlgoResult {
  readonly id: string;
  readonly kind: 'stop' | 'take-profit' | 'oco' | 'trail' | 'twap';
  readonly symbol: string;
  /** `planned` on a dry run. */
  readonly end: 'planned' | 'done' | 'failed' | 'unknown' | 'cancelled';
  readonly legs: readonly AlgoLeg[];
  readonly journal?: string;
}

/** `client.algo`: conditional orders held by bm until they fire (see `bm help algo`). Each resolves when it has fired, or ended. */
export interface AlgoApi {
  stop(params: AlgoParams, opts?: AlgoOptions): Promise<AlgoResult>;
  takeProfit(params: AlgoParams, opts?: AlgoOptions): Promise<AlgoResult>;
  oco(params: AlgoParams, opts?: AlgoOptions): Promise<AlgoResult>;
  trail(params: AlgoParams, opts?: AlgoOptions): Promise<AlgoResult>;
  twap(params: AlgoParams, opts?: AlgoOptions): Promise<AlgoResult>;
}
