/**
 * The first-generation endpoints (spec 4.9): the single source of truth for the `bm legacy` commands,
 * the request builder and the sandbox's legacy routes. Paths are under {legacy_spot_url}.
 */

import type { WriteSafety } from '../api/catalogue/types.js';
import { LEGACY_ORDER_STATUSES } from '../api/catalogue/vocab.js';
import { statusCode } from '../api/catalogue/statuses.js';

/** none: public; token: X-BM-AUTHORIZATION and X-BM-TIMESTAMP; signed: token plus X-BM-SIGNATURE. */
export type LegacyAuth = 'none' | 'token' | 'signed';
export type LegacyMethod = 'GET' | 'POST' | 'DELETE';

/** How a value typed by the user is checked and turned into its wire text. */
export type LegacyKind = 'symbol' | 'decimal' | 'side' | 'int' | 'id' | 'status' | 'time' | 'step';

export interface LegacyParam {
  /** Name on the wire (and in the path, as `{name}`). */
  readonly name: string;
  /** Where it travels: the path, the query string, or the JSON body. */
  readonly in: 'path' | 'query' | 'body';
  readonly kind: LegacyKind;
  readonly required?: boolean;
  /** A positional argument of the command (upper-cased in help). */
  readonly positional?: boolean;
  /** CLI option name without `--`; defaults to the wire name with `_` as `-`. */
  readonly flag?: string;
  readonly min?: number;
  readonly max?: number;
  readonly description: string;
}

/**
 * A body's shape, for the library's result types: one object, a list of them, either (by whether a
 * parameter was given), a list of plain values, or the book's two sides; `fields` are the text fields
 * its objects carry (default: the columns). With `rows`, an object wrapping a list of them; else by
 * default a list.
 */
export interface LegacyBody {
  readonly shape?: 'object' | 'list' | 'objectOrList' | 'values' | 'sides';
  readonly fields?: readonly string[];
}

export interface LegacyEndpoint {
  readonly id: string;
  readonly method: LegacyMethod;
  /** With `{name}` placeholders for path parameters. */
  readonly path: string;
  readonly auth: LegacyAuth;
  readonly params: readonly LegacyParam[];
  /** `bm legacy <command...>` */
  readonly command: readonly string[];
  readonly summary: string;
  /** The key holding the rows when the body is an object wrapping a list. */
  readonly rows?: string;
  /** What the body is, where the columns (which the command may derive) do not say it. */
  readonly body?: LegacyBody;
  /** Default columns of table, tsv and csv. */
  readonly columns?: readonly string[];
  /** Places or cancels: confirmation, dry-run, no blind retry. */
  readonly write?: boolean;
  /** How the careful-write pipeline proves the outcome (legacy statuses: 3 filled, 4 cancelled, 5 open). */
  readonly safety?: WriteSafety;
  readonly examples?: readonly string[];
}

const SYMBOL_PATH: LegacyParam = { name: 'symbol', in: 'path', kind: 'symbol', required: true, positional: true, description: 'trading pair, e.g. BTC_USDT' };
const ENTRUST_PATH: LegacyParam = { name: 'entrust_id', in: 'path', kind: 'id', required: true, positional: true, description: 'order id (entrust_id)' };
const PAGE: LegacyParam = { name: 'offset', in: 'query', kind: 'int', flag: 'page', min: 0, description: 'page number, from 0 (default 0)' };
const LIMIT: LegacyParam = { name: 'limit', in: 'query', kind: 'int', flag: 'limit', min: 1, max: 100, description: 'page size (default 100)' };
const ORDER_COLUMNS = ['entrust_id', 'symbol', 'side', 'price', 'original_amount', 'executed_amount', 'remaining_amount', 'fees', 'status', 'timestamp'];

/**
 * Placing carries no client order id: an unknown outcome can only be matched by pair, side, price,
 * size and the time the request was out, which is never proof (the pipeline says how sure it is).
 */
const PLACE: WriteSafety = {
  confirm: 'Place a {side} limit order for {amount} {symbol} at {price} (legacy)',
  answer: [{ when: { field: 'entrust_id' }, outcome: 'done', say: 'placed' }],
  lookup: {
    endpoint: 'legacy.order.list',
    by: [[['symbol', 'symbol'], ['status', '=5']], [['symbol', 'symbol'], ['status', '=6']]],
    all: true,
    match: [['symbol', 'symbol'], ['side', 'side'], ['price', 'price'], ['original_amount', 'amount']],
    expect: 'guess', id: 'entrust_id', createdAt: 'timestamp',
  },
};

const CANCEL: WriteSafety = {
  confirm: 'Cancel order {entrust_id} (legacy)',
  resend: 2,
  answer: [{ outcome: 'done', say: 'cancelled' }],
  lookup: {
    endpoint: 'legacy.order.get',
    by: [[['entrust_id', 'entrust_id']]],
    match: [['entrust_id', 'entrust_id']],
    expect: 'one',
    verdicts: [
      { when: { field: 'status', values: [statusCode(LEGACY_ORDER_STATUSES, 'cancelled')] }, outcome: 'done', say: 'cancelled' },
      { when: { field: 'status', values: [statusCode(LEGACY_ORDER_STATUSES, 'filled')] }, outcome: 'settled', say: 'not cancelled: already filled' },
    ],
  },
};

const CANCEL_ALL: WriteSafety = {
  confirm: 'Cancel every open {side} order on {symbol} (legacy)',
  resend: 1,
  answer: [{ outcome: 'done', say: 'cancelled' }],
  lookup: {
    endpoint: 'legacy.order.list',
    by: [[['symbol', 'symbol'], ['status', '=5']]],
    match: [['side', 'side']],
    expect: 'none',
    verdicts: [{ outcome: 'done', say: 'cancelled' }],
  },
};

export const LEGACY: readonly LegacyEndpoint[] = [
  {
    id: 'legacy.token', examples: ['bm legacy token', 'bm legacy token --fresh'], method: 'POST', path: '/v2/authentication', auth: 'none', params: [], command: ['token'],
    summary: 'Fetch (or show the cached) access token; it is cached in the state dir and reused by every command',
    columns: ['expires_in', 'expires_at', 'cached'],
  },
  { id: 'legacy.ping', examples: ['bm legacy ping'], method: 'GET', path: '/v2/ping', auth: 'none', params: [], command: ['ping'], summary: 'Check the legacy venue answers, and how fast', body: { shape: 'object', fields: [] }, columns: ['status', 'latency_ms'] },
  { id: 'legacy.time', examples: ['bm legacy time'], method: 'GET', path: '/v2/time', auth: 'none', params: [], command: ['time'], summary: 'Server time (ms) and the local clock offset', body: { shape: 'object', fields: ['server_time'] }, columns: ['server_time', 'local_time', 'offset_ms'] },
  { id: 'legacy.currencies', examples: ['bm legacy currencies --fields id,name'], method: 'GET', path: '/v2/currencies', auth: 'none', params: [], command: ['currencies'], summary: 'Currencies', body: { shape: 'list', fields: ['id', 'name'] }, columns: ['id', 'name', 'withdraw_enabled', 'deposit_enabled'] },
  { id: 'legacy.symbols', examples: ['bm legacy symbols'], method: 'GET', path: '/v2/symbols', auth: 'none', params: [], command: ['symbols'], summary: 'Names of the trading pairs', body: { shape: 'values' }, columns: ['symbol'] },
  {
    id: 'legacy.symbols.details', examples: ['bm legacy symbol-details --fields id,base_min_size,quote_increment'], method: 'GET', path: '/v2/symbols_details', auth: 'none', params: [], command: ['symbol-details'],
    summary: 'Trading rules of every pair',
    columns: ['id', 'base_currency', 'quote_currency', 'quote_increment', 'base_min_size', 'base_max_size', 'price_min_precision', 'price_max_precision', 'expiration'],
  },
  {
    id: 'legacy.ticker', examples: ['bm legacy ticker BTC_USDT', 'bm legacy ticker -o json'], method: 'GET', path: '/v2/ticker', auth: 'none', command: ['ticker'], summary: 'Ticker of one pair, or of every pair',
    params: [{ ...SYMBOL_PATH, in: 'query', required: false, description: 'one pair; every pair when omitted' }],
    columns: ['symbol_id', 'current_price', 'fluctuation', 'highest_price', 'lowest_price', 'base_volume', 'volume', 'bid_1', 'ask_1'],
    body: { shape: 'objectOrList', fields: ['symbol_id', 'current_price', 'fluctuation', 'highest_price', 'lowest_price', 'base_volume', 'volume', 'bid_1', 'bid_1_amount', 'ask_1', 'ask_1_amount'] },
  },
  { id: 'legacy.steps', examples: ['bm legacy steps'], method: 'GET', path: '/v2/steps', auth: 'none', params: [], command: ['steps'], summary: 'K-line steps in minutes', body: { shape: 'values' }, columns: ['step'] },
  {
    id: 'legacy.kline', examples: ['bm legacy kline BTC_USDT --from -2h --step 5m'], method: 'GET', path: '/v2/symbols/{symbol}/kline', auth: 'none', command: ['kline'], summary: 'Candles of a pair (times in ms on the wire)',
    params: [
      SYMBOL_PATH,
      { name: 'from', in: 'query', kind: 'time', description: 'start: ISO date, epoch seconds or ms, or relative (-2h); default 100 steps ago' },
      { name: 'to', in: 'query', kind: 'time', description: 'end: same forms; default now' },
      { name: 'step', in: 'query', kind: 'step', description: 'minutes per candle, or 1m, 5m, 1h, 1d, 1w (default 1)' },
    ],
    columns: ['timestamp', 'open_price', 'highest_price', 'lowest_price', 'current_price', 'volume'],
  },
  {
    id: 'legacy.book', examples: ['bm legacy book BTC_USDT'], method: 'GET', path: '/v2/symbols/{symbol}/orders', auth: 'none', command: ['book'], summary: 'Order book: asks then bids',
    params: [SYMBOL_PATH, { name: 'precision', in: 'query', kind: 'int', min: 0, max: 18, description: 'price decimals to merge levels to (default: the pair\'s price_max_precision)' }],
    columns: ['side', 'price', 'amount', 'total', 'count'],
    body: { shape: 'sides', fields: ['price', 'amount', 'total', 'count'] },
  },
  {
    id: 'legacy.trades', examples: ['bm legacy trades BTC_USDT'], method: 'GET', path: '/v2/symbols/{symbol}/trades', auth: 'none', params: [SYMBOL_PATH], command: ['trades'],
    summary: 'Recent public trades of a pair', columns: ['order_time', 'type', 'price', 'count', 'amount'],
  },
  { id: 'legacy.wallet', examples: ['bm legacy wallet'], method: 'GET', path: '/v2/wallet', auth: 'token', params: [], command: ['wallet'], summary: 'Balances', columns: ['id', 'name', 'available', 'frozen'] },
  {
    id: 'legacy.order.place', safety: PLACE, examples: ['bm legacy order place BTC_USDT --side buy --amount 0.01 --price 30000 --yes'], method: 'POST', path: '/v2/orders', auth: 'signed', command: ['order', 'place'], write: true, summary: 'Place a limit order',
    // Body order is name order: the signed string lists the same pairs in the same order (spec 5.2).
    params: [
      { name: 'amount', in: 'body', kind: 'decimal', required: true, description: 'quantity in base currency (plain decimal)' },
      { name: 'price', in: 'body', kind: 'decimal', required: true, description: 'limit price (plain decimal)' },
      { name: 'side', in: 'body', kind: 'side', required: true, description: 'buy or sell' },
      { ...SYMBOL_PATH, in: 'body' },
    ],
    columns: ['entrust_id'],
  },
  {
    id: 'legacy.order.cancel', safety: CANCEL, examples: ['bm legacy order cancel "$(bm legacy order list BTC_USDT --status 5 --fields entrust_id | head -n 1)" --yes'], method: 'DELETE', path: '/v2/orders/{entrust_id}', auth: 'signed', command: ['order', 'cancel'], write: true,
    summary: 'Cancel one order', params: [ENTRUST_PATH], columns: ['entrust_id', 'result'],
  },
  {
    id: 'legacy.order.cancel_all', safety: CANCEL_ALL, examples: ['bm legacy order cancel-all BTC_USDT --side buy --yes'], method: 'DELETE', path: '/v2/orders', auth: 'token', command: ['order', 'cancel-all'], write: true,
    summary: 'Cancel every open order of a pair on one side',
    params: [{ ...SYMBOL_PATH, in: 'query' }, { name: 'side', in: 'query', kind: 'side', required: true, description: 'buy or sell' }],
    columns: ['symbol', 'side', 'result'],
  },
  {
    id: 'legacy.order.get', examples: ['bm legacy order get "$(bm legacy order list BTC_USDT --status 6 --fields entrust_id | head -n 1)"'], method: 'GET', path: '/v2/orders/{entrust_id}', auth: 'token', command: ['order', 'get'],
    summary: 'One order', params: [ENTRUST_PATH], columns: ORDER_COLUMNS, body: { shape: 'object' },
  },
  {
    id: 'legacy.order.list', examples: ['bm legacy order list BTC_USDT --status 6', 'bm legacy order list BTC_USDT --status 4 --page 0 --limit 50'], method: 'GET', path: '/v2/orders', auth: 'token', command: ['order', 'list'], summary: 'Orders of a pair by status',
    params: [
      { ...SYMBOL_PATH, in: 'query' },
      { name: 'status', in: 'query', kind: 'status', required: true, min: 1, max: 6, description: '1 pending, 2 partially filled, 3 filled, 4 cancelled, 5 pending or partially filled, 6 filled or cancelled' },
      PAGE, LIMIT,
    ],
    rows: 'orders', columns: ORDER_COLUMNS,
  },
  {
    id: 'legacy.fills', examples: ['bm legacy fills BTC_USDT --limit 20'], method: 'GET', path: '/v2/trades', auth: 'token', command: ['fills'], summary: 'Your trades on a pair',
    params: [
      { ...SYMBOL_PATH, in: 'query' },
      { name: 'entrust_id', in: 'query', kind: 'id', flag: 'entrust-id', description: 'only the trades of this order (then --page and --limit do not apply)' },
      PAGE, LIMIT,
    ],
    rows: 'trades', columns: ['trade_id', 'entrust_id', 'symbol', 'side', 'price', 'amount', 'fees', 'active', 'timestamp'],
    // The command derives side from entrustType (0 buy, 1 sell); active is true or false.
    body: { fields: ['trade_id', 'entrust_id', 'symbol', 'entrustType', 'price', 'amount', 'fees', 'timestamp'] },
  },
];

/** The entry with this id; throws on a typo (a bug, not a user error). */
export function legacyEndpoint(id: string): LegacyEndpoint {
  const ep = LEGACY.find((e) => e.id === id);
  if (!ep) throw new Error(`no legacy endpoint ${id}`);
  return ep;
}

/** The CLI option name of a parameter. */
export function flagOf(p: LegacyParam): string {
  return p.flag ?? p.name.replace(/_/g, '-');
}

/**
 * Matches a request to an entry: the entry and its path parameters, or undefined. `anyCase`: the
 * path's fixed parts in any letter case (`bm api` guards every spelling a venue might honour).
 */
export function matchLegacy(method: string, pathname: string, anyCase = false): { ep: LegacyEndpoint; path: Record<string, string> } | undefined {
  for (const ep of LEGACY) {
    if (ep.method !== method) continue;
    const names: string[] = [];
    const re = new RegExp(`^${ep.path.replace(/\{([a-z_]+)\}/g, (_m, n: string) => (names.push(n), '([^/]+)'))}$`, anyCase ? 'i' : '');
    const m = re.exec(pathname);
    if (!m) continue;
    const path: Record<string, string> = {};
    names.forEach((n, i) => (path[n] = decodeURIComponent(m[i + 1]!)));
    return { ep, path };
  }
  return undefined;
}
