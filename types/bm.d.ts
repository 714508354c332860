// The library's public types (shipped as dist/lib/index.d.ts): the classes and functions of the
// package; their option and result types are src/lib/types.ts with the types-*.ts files it re-exports,
// and types-orders.ts (shipped as ./types.d.ts, ./types-*.d.ts and ./types-orders.d.ts), and the methods'
// parameter and result types are generated from the endpoint catalogue into ./endpoints.d.ts.
import type { Category, Methods } from './endpoints.js';
import type { AcrossFills, AcrossFillsParams, AcrossOrders, BatchOptions, BatchResult, CallOptions, ClientOptions, DecimalHelpers, DryRun, PairHelper, Pnl, PnlParams, Portfolio, RunningVenue, SandboxOptions, Value, WatchApi, WriteOutcome } from './types.js';
import type { AmendOptions, AmendParams, AmendResult } from './types-orders.js';
import type { AlgoApi } from './algo-kinds.js';

export * from './endpoints.js';
export * from './types.js';
export * from './types-orders.js';
export * from './algo-kinds.js';


/** Every failure: what failed in one line, and what the venue said. */
export declare class BmError extends Error {
  readonly category: Category;
  readonly details: {
    readonly code?: string;
    readonly venueMessage?: string;
    readonly httpStatus?: number;
    readonly trace?: string;
    readonly hint?: string;
    readonly retryable?: boolean;
  };
  /** The exit code `bm` gives for this category. */
  get exitCode(): number;
  /** The venue's code, when it answered. */
  get code(): string | undefined;
  get httpStatus(): number | undefined;
  /** The venue's request trace, when it gave one. */
  get trace(): string | undefined;
  /** True when the same request may be sent again as it is (never for a write whose outcome is unknown). */
  get retryable(): boolean;
}

/** A write that may or may not have taken effect: look it up (`details.hint` says how) before sending it again. */
export declare class UnknownOutcomeError extends BmError {
  readonly category: 'unknown';
}

/** Why a stream ended: `reconnects_exhausted` (its venue went away and did not come back), `unreachable` (never connected). */
export type StreamErrorCode = 'reconnects_exhausted' | 'unreachable';

/** A stream that ended for good (a network error): its loop throws this once reconnects give up. */
export declare class StreamError extends BmError {
  readonly category: 'network';
  readonly streamCode: StreamErrorCode;
  get code(): StreamErrorCode;
}

/** Exact arithmetic and rounding on decimal text: `decimal.mul(bid, '0.95')`, never a JS number. */
export declare const decimal: DecimalHelpers;

/** The command line's helpers on `client.order`: across pairs, and a batch's resume. */
export interface OrderHelpers {
  /** Open orders of every pair the account can have orders on (`bm order list` without a pair), newest first. */
  open(): Promise<AcrossOrders>;
  /** Without a pair: the newest fills of every pair the account can have traded (`bm order fills` without one). */
  fills(params?: AcrossFillsParams): Promise<AcrossFills>;
  /**
   * Changes an open order's price or size, as `bm order amend`: its cancel proven first, then the new order
   * placed for the new total size less what filled of the old one (none when nothing is left). With
   * `{ dryRun: true }`, the two requests it would send; `{ maxDeviation: '10' }` applies the command's guard.
   */
  amend(params: AmendParams, opts: AmendOptions & { readonly dryRun: true }): Promise<DryRun[]>;
  amend(params: AmendParams, opts?: AmendOptions & { readonly dryRun?: false }): Promise<AmendResult>;
  /** With `dryRun` known only when it runs. */
  amend(params: AmendParams, opts?: AmendOptions): Promise<AmendResult | DryRun[]>;
  batch: Methods['order']['batch'] & {
    /** Settles and completes the batch of this journal (`bm order batch --resume`): no order sent twice. */
    resume(journal: string, opts?: Pick<BatchOptions, 'maxDeviation'>): Promise<BatchResult>;
  };
}

/** The typed client: one method per catalogue entry (see {@link Methods}), `watch` for the streams. */
export declare class Client {
  /** Throws a usage BmError naming a bad or unknown option; no request is made with it. */
  constructor(options?: ClientOptions);
  readonly options: ClientOptions;
  readonly watch: WatchApi;
  /** Conditional orders held by bm until they fire (as `bm order stop|take-profit|oco|trail|twap|bracket`), and the ones this machine holds. */
  readonly algo: AlgoApi;
  readonly order: Methods['order'] & OrderHelpers;
  /** A pair's rules, as the order checks read them, and rounding to its step and tick. */
  pair(symbol: string): Promise<PairHelper>;
  /** The wallet valued in one currency (default USDT), as `bm portfolio`, rounded to its precision. */
  portfolio(params?: { readonly in?: string }): Promise<Portfolio>;
  /** Profit and loss per pair from the account's fills, as `bm pnl`: weighted average cost, fees included, exact. */
  pnl(params?: PnlParams): Promise<Pnl>;
  /**
   * Any endpoint of the catalogue by method and path, as `bm api` (those without a method too; spec 4.8's,
   * whose shapes are not known, take any name, each value a string, a safe integer or a boolean): a read's data, or a write's outcome
   * (with `{ dryRun: true }`, the request it would send).
   */
  api(method: 'GET' | 'POST' | 'DELETE' | 'PUT', path: string, params?: { readonly [name: string]: string | number | boolean | undefined }, opts?: CallOptions): Promise<Value | WriteOutcome | DryRun>;
  /** Closes every stream this client opened. */
  close(): Promise<void>;
}
export interface Client extends Methods {}

/** Starts a fresh sandbox exchange in this process (in memory, on a free loopback port). */
/** What a bot's default export is given (`bm bot run`, `bm backtest`; docs/bots.md). */
export type BotContext = import('./types-bots.js').BotContextOf<Client>;
/** A bot: the default export of its module. */
export type Bot = (ctx: BotContext) => Promise<void> | void;

export declare function startSandbox(opts?: SandboxOptions): Promise<RunningVenue>;
