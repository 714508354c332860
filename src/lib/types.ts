/**
 * The library's public types, declarations only: the implementation uses them, and build.mjs ships
 * this file as dist/lib/types.d.ts (so it holds no code). The methods' types are generated, and so
 * are the vocabulary's (./vocab.ts).
 */
import type { DepthLevels, KlineInterval, OrderType, Side } from './vocab.js';

export type { DepthLevels, KlineInterval, OrderType, Side, StpMode } from './vocab.js';

/** A decimal as text, e.g. `"0.01"`: never a JS number (money stays exact). */
export type DecimalString = string;
/**
 * An id or another 64-bit integer (a time): text of any length, e.g. `"1834..."`, or a number only when
 * `Number.isSafeInteger` holds (a larger number may already have lost digits, and is refused, as is a bigint).
 */
export type LongInput = string | number;
/**
 * A time as the command line takes it: an ISO date (`2026-11-01`, `2026-11-01T10:00Z`; UTC unless a zone
 * is given), epoch seconds or ms, `now`, or relative to now (`-30s`, `-15m`, `-2h`, `-3d`, `-1w`).
 */
export type TimeInput = string | number;
/** A value of an answer: every number is its exact text. */
export type Value = string | boolean | null | readonly Value[] | { readonly [key: string]: Value };
/** An answer's `data` (or a row of it). */
export type Data = { readonly [key: string]: Value };
/** A row with the catalogue's columns for the endpoint (as text), and whatever else the venue sent. */
export type Row<C extends string> = { readonly [K in C]: string } & Data;

/** An API key with its secret and memo. */
export interface Keys {
  readonly key: string;
  readonly secret: string;
  readonly memo: string;
}

export interface ClientOptions {
  /** Current-generation REST address, e.g. a sandbox's `venue.url`. Absent: the venue the CLI would use. */
  readonly baseUrl?: string;
  /** WebSocket address; default: the REST address with ws(s)://. */
  readonly wsUrl?: string;
  /** First-generation REST address (`client.legacy`); default: the REST address. */
  readonly legacyUrl?: string;
  /** Service name in the WebSocket login signature (`exchange` for the sandbox). */
  readonly service?: string;
  /** API key, secret and memo (e.g. from `venue.createAccount()`). */
  readonly credentials?: Keys;
  /** A `bm` profile: its venue and its credentials (keychain or file). */
  readonly profile?: string;
  /** The machine's running built-in sandbox (`bm sandbox start`), with its paper account unless credentials are given. */
  readonly sandbox?: boolean;
  /** Whole-request timeout, ms (default 10000). */
  readonly timeoutMs?: number;
  /** Environment read for the state directory (shared rate limits) and the CLI's defaults; default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Lines the CLI would print on stderr (a pause the venue asked for, a lookup under way). */
  readonly onNote?: (line: string) => void;
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

/** Options of one call. */
export interface CallOptions {
  /** Check everything and build the request, signed, but send nothing: resolves with the {@link DryRun}. */
  readonly dryRun?: boolean;
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

export interface StreamOptions {
  /** Ends the stream (the loop finishes normally). */
  readonly signal?: AbortSignal;
  /** Told every change of the stream's state (connected, reconnecting, stale); the client's onNote gets a line too. */
  readonly onState?: (change: StreamStateChange) => void;
  /** No push for this long (ms) makes the stream `stale` (a state, the loop goes on); 0 never. Default 60000, none for `orders`. */
  readonly staleAfterMs?: number;
  /** Reconnects in a row after which the stream ends with a {@link StreamError}-like error (`code` `reconnects_exhausted`). Default 10. */
  readonly maxReconnects?: number;
}

/** A push entry, numbers as exact text. */
export type Push = Data;

/** One channel of one pair: iterate it; `ready()` resolves once the venue acknowledged the subscription. */
export interface Stream<T = Push> extends AsyncIterableIterator<T> {
  /** connecting, connected, reconnecting, stale, or closed. */
  readonly state: StreamState;
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** A ticker push (spec 6.3). */
export type TickerPush = Row<'symbol' | 'last_price' | 'open_24h' | 'high_24h' | 'low_24h' | 'base_volume_24h' | 'quote_volume_24h' | 'fluctuation' | 'bid_px' | 'bid_sz' | 'ask_px' | 'ask_sz' | 's_t'>;
/** A book push: `[price, size]` levels, best first (spec 6.3). */
export type DepthPush = { readonly symbol: string; readonly asks: ReadonlyArray<readonly [string, string]>; readonly bids: ReadonlyArray<readonly [string, string]> } & Data;
/** A public trade (spec 6.3). */
export type TradePush = Row<'symbol' | 'price' | 'side' | 'size' | 's_t'>;
/** A candle: `[time (s), open, high, low, close, volume]` (spec 6.3). */
export type KlinePush = { readonly symbol: string; readonly candle: readonly string[] } & Data;
/** Progress of one of your orders, every field text (spec 6.3); `state` is the order status. */
export type OrderPush = Row<'symbol' | 'order_id' | 'client_order_id' | 'price' | 'size' | 'notional' | 'side' | 'type' | 'state' | 'filled_size' | 'filled_notional' | 'last_fill_price' | 'last_fill_count' | 'last_fill_time' | 'exec_type' | 'detail_id' | 'ms_t'>;

/** `client.watch`: the WebSocket channels, with reconnect, resubscribe and login handled. */
export interface WatchApi {
  ticker(symbol: string, opts?: StreamOptions): Stream<TickerPush>;
  /** Book snapshots: `levels` per side (default 20). */
  depth(symbol: string, opts?: StreamOptions & { readonly levels?: DepthLevels }): Stream<DepthPush>;
  trades(symbol: string, opts?: StreamOptions): Stream<TradePush>;
  /** Candles (default interval 1m). */
  kline(symbol: string, opts?: StreamOptions & { readonly interval?: KlineInterval }): Stream<KlinePush>;
  /**
   * Your orders' progress on a pair (logged in with the client's credentials). After a reconnect your
   * orders are read again, and each that changed meanwhile comes as a push of where it stands (no fill details).
   */
  orders(symbol: string, opts?: StreamOptions): Stream<OrderPush>;
  /** Closes every stream still open. */
  closeAll(): Promise<void>;
}

export interface SandboxOptions {
  /** Seed of the simulated market: the same seed, the same market. */
  readonly seed?: number;
  /** Port to listen on; default 0 (a free one). */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** One line per request served (default: nothing). */
  readonly log?: (line: string) => void;
  /** The venue's rate limits: `spec` the published ones (default), `off` none, or a factor scaling every count. */
  readonly limits?: 'spec' | 'off' | number;
  /** Run it as a child process (`bm sandbox serve` of this package), not in this process; `log` gets its stderr. */
  readonly child?: boolean;
  /** Hold every client to the spec's letter where the venue was looser (`--strict`, docs/sandbox.md); default false. */
  readonly strict?: boolean;
  /** Service of the WebSocket login constant `<service>.WebSocket`; default `exchange`. */
  readonly service?: string;
  /** ms of simulated trading before the first answer; default 20000. 0: ready at once, the book quoted, no trades yet. */
  readonly warmUpMs?: number;
}

/** An account of the sandbox: its key, secret and memo are a client's `credentials`. */
export interface SandboxAccountKeys extends Keys {
  readonly id: string;
  readonly permissions: 'read-only' | 'trade' | 'withdraw';
}

export interface RunningVenue {
  /** Current-generation REST address, `http://127.0.0.1:<port>` (a client's `baseUrl`). */
  readonly url: string;
  /** WebSocket address. */
  readonly wsUrl: string;
  /** Makes an account holding `deposit` (amounts as decimal strings by currency). */
  createAccount(opts?: { readonly deposit?: Readonly<Record<string, string>>; readonly permissions?: SandboxAccountKeys['permissions'] }): Promise<SandboxAccountKeys>;
  /** Stops the exchange and closes every connection. */
  stop(): Promise<void>;
}

// The command line's helpers (src/lib/decimal.ts, account.ts, journal.ts; stream states in watch.ts).

/** Rounding to a step: `down` toward minus infinity, `up` toward plus infinity, `half-even` to the nearest (ties to even). */
export type RoundMode = 'down' | 'up' | 'half-even';
/** A price's rounding: a mode, or a side (`buy` rounds down, `sell` up: the passive side, never a worse price). */
export type PriceRounding = RoundMode | Side;

/** Exact arithmetic on decimal text (`import { decimal } from 'bm'`): results normalised, never a JS number. */
export interface DecimalHelpers {
  add(a: DecimalString, b: DecimalString): DecimalString;
  sub(a: DecimalString, b: DecimalString): DecimalString;
  /** Every digit of the product kept: round it to a step before sending. */
  mul(a: DecimalString, b: DecimalString): DecimalString;
  /** Cut toward zero at `places` decimals (default 18). */
  div(a: DecimalString, b: DecimalString, places?: number): DecimalString;
  /** -1, 0 or 1 (`1.0` equals `1`). */
  cmp(a: DecimalString, b: DecimalString): -1 | 0 | 1;
  /** To a whole multiple of `step` (default mode down). */
  round(value: DecimalString, step: DecimalString, mode?: RoundMode): DecimalString;
}

/** A pair's rules (spec 2.2) as the order checks read them, every field text. */
export interface PairRules {
  readonly symbol: string;
  readonly base_currency: string;
  readonly quote_currency: string;
  readonly quote_increment: DecimalString;
  readonly base_min_size: DecimalString;
  readonly base_max_size: DecimalString;
  readonly price_max_precision: string;
  readonly min_buy_amount: DecimalString;
  readonly min_sell_amount: DecimalString;
  readonly trade_status: string;
}

/** `await client.pair(symbol)`: its rules, and rounding to them (a rounded order passes the size and price checks). */
export interface PairHelper {
  readonly rules: PairRules;
  /** The size step (the pair's `quote_increment`): sizes are whole multiples of it ('' when the pair has none). */
  readonly step: DecimalString;
  /** The price tick, 10^-`price_max_precision` ('' when the pair has none). */
  readonly tick: DecimalString;
  /** A size to the step; default down (never more than meant or held). */
  roundSize(size: DecimalString, mode?: RoundMode): DecimalString;
  /** A price to the tick; default down; `buy`/`sell` round to the passive side. */
  roundPrice(price: DecimalString, mode?: PriceRounding): DecimalString;
}

/** `client.order.open()`: open orders of every pair the account can have orders on, newest first. */
export interface AcrossOrders {
  /** The pairs asked (those whose currencies the wallet holds frozen). */
  readonly pairs: readonly string[];
  readonly orders: ReadonlyArray<Row<'order_id' | 'client_order_id' | 'symbol' | 'side' | 'type' | 'price' | 'size' | 'filled_size' | 'status' | 'create_time'>>;
}

/** `client.order.fills({ since })` without a pair: the newest fills of every pair the account can have traded. */
export interface AcrossFills {
  readonly pairs: readonly string[];
  readonly fills: ReadonlyArray<Row<'symbol' | 'side' | 'price_avg' | 'size' | 'notional' | 'fees' | 'fee_coin_name' | 'create_time'>>;
}

/** Parameters of `client.order.fills` across pairs. */
export interface AcrossFillsParams {
  /** Fills at or after this time: `-2h`, an ISO date, epoch seconds or ms, `now`, or a Date. */
  readonly since?: string | number | Date;
  /** The newest this many, 1 to 100 (default 100). */
  readonly limit?: number | string;
}

/** A balance valued in the portfolio's currency. */
export interface ValuedBalance {
  readonly currency: string;
  readonly available: DecimalString;
  readonly frozen: DecimalString;
  /** available + frozen. */
  readonly total: DecimalString;
  /** One unit's price in the portfolio's currency ('' when no pair prices it). */
  readonly price: DecimalString;
  /** total x price ('' when no pair prices it). */
  readonly value: DecimalString;
}

/** `client.portfolio({ in })`: the wallet valued in one currency, as `bm portfolio`. */
export interface Portfolio {
  readonly in: string;
  /** The sum of the values priced, rounded (half to even) at `places`, as are prices and values. */
  readonly total: DecimalString;
  /** The currency's decimals: the finest price precision of the venue's pairs quoted in it. */
  readonly places: number;
  readonly balances: readonly ValuedBalance[];
  /** Currencies held that no pair (nor one bridge through USDT, BTC or ETH) prices: left out of the total. */
  readonly unpriced: readonly string[];
}

/** Parameters of `client.pnl`: times as the CLI's (`-7d`, an ISO date, epoch seconds or ms, `now`) or a Date. */
export interface PnlParams {
  /** One pair (default: every pair the account can have traded). */
  readonly symbol?: string;
  /** Fills at or after this time. */
  readonly from?: string | number | Date;
  /** Fills at or before this time. */
  readonly to?: string | number | Date;
}

/**
 * One pair's P&L from its fills in the window, by weighted average cost (fees included): base amounts
 * in `base`, the rest in `quote`, exact (never rounded).
 */
export interface PairPnl {
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  /** Base held from the window's fills (never below zero). */
  readonly position: DecimalString;
  /** Quote paid per base of the position, fees included ('' with no position). */
  readonly avg_cost: DecimalString;
  /** Realized on sells against the average cost, fees included. */
  readonly realized: DecimalString;
  /** position x last_price less its cost ('' when the pair has no last price). */
  readonly unrealized: DecimalString;
  /** Fees in the base and quote coins, in quote (base fees at their fill's price): already inside the figures above. */
  readonly fees: DecimalString;
  /** Fees in other coins, by coin: not in the P&L. */
  readonly other_fees: Readonly<Record<string, DecimalString>>;
  /** Base sold beyond what the window bought (held before it): no P&L counted on it. */
  readonly unmatched: DecimalString;
  readonly last_price: DecimalString;
  /** Fills counted. */
  readonly fills: number;
}

/** `client.pnl()`: each pair with fills in the window (a pair asked by name even without), and sums per quote currency. */
export interface Pnl {
  readonly pairs: readonly PairPnl[];
  readonly totals: ReadonlyArray<{ readonly quote: string; readonly realized: DecimalString; readonly unrealized: DecimalString; readonly fees: DecimalString }>;
}

/** A stream's state: `connected` (subscribed, or back after a drop), `reconnecting` (the connection dropped; trying again), `stale` (no push for `staleAfterMs`). */
export type StreamState = 'connecting' | 'connected' | 'reconnecting' | 'stale' | 'closed';

/** A change of a stream's state, as given to `onState`. */
export interface StreamStateChange {
  readonly state: StreamState;
  /** When (epoch ms). */
  readonly at: number;
  /** Reconnect attempts since the stream was last connected (`reconnecting`). */
  readonly attempt?: number;
  /** ms since the last push (`stale`). */
  readonly silentMs?: number;
}
