/**
 * Every error code of spec section 7 (and facts.md section 6): message, HTTP status, category
 * (hence exit code) and a hint naming the next thing to try. The sandbox answers with the same table.
 */
import type { Category } from '../errors.js';
import { ORDER_STATUS_FILTERS, statusWord } from './catalogue/statuses.js';
import { ORDER_STATUSES } from './catalogue/vocab.js';

export interface CodeInfo {
  readonly message: string;
  readonly http: number;
  readonly category: Category;
  readonly hint?: string;
}

type Row = readonly [code: number, message: string, http: number, category?: Category, hint?: string];

const AUTH_HINT = 'check the profile with: bm profile test';
const CLOCK_HINT = 'the clock is off: compare with `bm time`, then sync the system clock';
const SYMBOL_HINT = 'list pairs with: bm symbols';
/** The filter as sent is a code; the words are what `bm order list --status` translates. */
const statusHint = (): string => `the status filter takes codes: ${ORDER_STATUS_FILTERS.map((c) => `${c} (${statusWord(ORDER_STATUSES, c)})`).join(', ')}; bm order list --status takes the words`;
const DETAILS_HINT = 'see the pair limits with: bm symbol-details SYMBOL';

/** The table's rows: made on first need (a run whose answers all succeed never reads it). */
const rows = (): readonly Row[] => [
  [1000, 'OK', 200],
  // 7.2 authentication
  [30000, 'Not found', 404, 'venue', 'check the method and path (see bm api --help)'],
  [30001, 'X-BM-KEY empty', 401, 'auth', 'add credentials with: bm profile add NAME'],
  [30002, 'X-BM-KEY not found', 401, 'auth', AUTH_HINT],
  [30003, 'X-BM-KEY frozen', 401, 'auth', 'the key is frozen: create a new one at the venue'],
  [30004, 'X-BM-SIGN empty', 401, 'auth', AUTH_HINT],
  [30005, 'X-BM-SIGN wrong', 401, 'auth', 'usually a wrong memo or secret: re-enter them with bm profile add NAME'],
  [30006, 'X-BM-TIMESTAMP empty', 401, 'auth', CLOCK_HINT],
  [30007, 'X-BM-TIMESTAMP outside one minute', 401, 'auth', CLOCK_HINT],
  [30008, 'X-BM-TIMESTAMP invalid format', 401, 'auth', CLOCK_HINT],
  [30010, 'IP forbidden', 403, 'auth', 'the key is bound to other IP addresses'],
  [30011, 'X-BM-KEY past expiry', 403, 'auth', 'the key has expired: create a new one'],
  [30012, 'X-BM-KEY forbidden to request the resource', 403, 'auth', 'the key lacks the permission (read-only, trade, withdraw)'],
  [30013, 'too many requests', 429, 'ratelimit', 'slow down and try again in a few seconds'],
  [30014, 'service unavailable', 503, 'network', 'the venue is unavailable: try again later (bm service)'],
  [30016, 'maintenance', 503, 'network', 'the venue is in maintenance: see bm service'],
  [30017, 'temporarily rejected for rate-limit violations', 418, 'ratelimit', 'the IP is blocked for a while after repeated 429s'],
  [30018, 'body must be JSON', 400, 'venue'],
  // 7.3 spot
  [50000, 'Bad Request', 400],
  [50001, 'Symbol not found', 400, 'venue', SYMBOL_HINT],
  [50002, 'From or To format error', 400, 'venue', 'give times as ISO dates, epoch seconds or -2h'],
  [50003, 'Step format error', 400, 'venue', 'list steps with: bm steps'],
  [50004, 'Kline size over 500', 400, 'venue', 'narrow --from/--to; bm pages longer ranges itself'],
  [50005, 'Order Id not found', 400, 'venue', 'list orders with: bm order list SYMBOL'],
  [50006, 'Minimum size is %s', 400, 'venue', DETAILS_HINT],
  [50007, 'Maximum size is %s', 400, 'venue', DETAILS_HINT],
  [50008, 'Minimum price is %s', 400, 'venue', DETAILS_HINT],
  [50009, 'Minimum count*price is %s', 400, 'venue', DETAILS_HINT],
  [50010, 'size required', 400, 'venue'],
  [50011, 'price required', 400, 'venue'],
  [50012, 'notional required', 400, 'venue', 'a market buy takes --notional (quote amount)'],
  [50013, 'Maximum limit*offset is %d', 400],
  [50014, 'limit required', 400],
  [50015, 'Minimum limit is 1', 400],
  [50016, 'Maximum limit is %d', 400],
  [50017, 'offset required', 400],
  [50018, 'Minimum offset is 1', 400],
  [50019, 'Invalid status', 400, 'venue', statusHint()],
  [50020, 'Balance not enough', 400, 'venue', 'see balances with: bm wallet'],
  [50021, 'Invalid %s', 400],
  [50022, 'Service unavailable', 400, 'network', 'try again later'],
  [50023, 'This symbol cannot place order by API', 400],
  [50024, 'Order book size over 200', 400, 'venue', 'use --size between 1 and 200'],
  [50025, 'Maximum price is %s', 400, 'venue', DETAILS_HINT],
  [50026, 'Buy order price cannot be higher than the open price', 400],
  [50027, 'Sell order price cannot be lower than the open price', 400],
  [50028, 'Missing parameters', 400],
  [50029, 'Parameters do not match', 400],
  [50030, 'Order already canceled', 400, 'venue', 'see it with: bm order get SYMBOL --order-id ID'],
  [50031, 'Order already completed', 400, 'venue', 'see it with: bm order get SYMBOL --order-id ID'],
  [50032, 'Order does not exist', 400, 'venue', 'list orders with: bm order list SYMBOL'],
  [50033, 'Order quantity should be greater than 0 and at most 10', 400],
  [50034, 'Price high, no matching depth', 400],
  [50035, 'Price low, no matching depth', 400],
  [50036, 'Cancel failed, order not revocable', 400],
  [50037, 'clientOrderId longer than 32', 400],
  [50038, 'clientOrderId only letters and digits', 400],
  [50039, 'order_id and clientOrderId both empty', 400],
  [50040, 'Symbol not available', 400, 'venue', SYMBOL_HINT],
  [50041, 'Out of query time range', 400, 'venue', 'the window is the last 180 days'],
  [50042, 'duplicate clientOrderId', 400, 'venue', 'look the order up with: bm order get SYMBOL --client-order-id ID'],
  // Later endpoints (v4 order queries): a word of theirs the venue does not know
  [52000, 'unsupported orderMode', 400],
  [52003, 'unsupported queryState', 400],
  [52004, 'endTime before startTime', 400],
  [53000, 'account frozen for security', 403, 'auth'],
  [53001, 'KYC country restricted', 403, 'auth'],
  [53002, 'advanced KYC not completed', 403, 'auth'],
  [53003, 'no permission, contact main account', 403, 'auth'],
  [53004, 'pair not tradable in region', 403, 'auth'],
  [53005, 'no permission for the interface', 403, 'auth'],
  [57001, 'Method Not Allowed', 405],
  [58001, 'Unsupported Media Type', 415],
  [59001, 'User account not found', 500],
  [59002, 'Internal Server Error', 500, 'network', 'the venue failed: try again later'],
  // 7.5 funding and sub-account
  [60000, 'invalid request', 400],
  [60001, 'asset account type does not exist', 400],
  [60002, 'currency does not exist', 400, 'venue', 'list currencies with: bm funding currencies'],
  [60003, 'currency recharge channel closed', 400],
  [60004, 'currency withdraw channel closed', 400],
  [60005, 'Minimum amount is %s', 400],
  [60006, 'Maximum withdraw precision is %d', 400],
  [60007, 'withdrawals only to added addresses', 400],
  [60008, 'Balance not enough', 400],
  [60009, 'Beyond the limit', 400],
  [60010, 'withdraw id or deposit id not found', 400, 'venue', 'list records with: bm funding history --type deposit'],
  [60011, 'address not valid', 400],
  [60012, 'action not supported for this currency', 400],
  [61003, 'specified sub-account not found', 400],
  [61004, 'duplicate request', 400],
  [60020, 'account not allowed to recharge', 403, 'auth'],
  [60021, 'not allowed to withdraw', 403, 'auth'],
  [60022, 'no withdrawals for 24 hours', 403, 'auth'],
  [60026, 'sub-account has no permission', 403, 'auth'],
  [60027, 'only sub-account calls supported', 403, 'auth'],
  [60028, 'account disabled for security', 403, 'auth'],
  [60029, 'account frozen by main account', 403, 'auth'],
  [61005, 'asset transfer between accounts unavailable', 403, 'auth'],
  [61006, 'sub-account API only for organization accounts', 403, 'auth'],
  [60030, 'Method Not Allowed', 405],
  [60031, 'Unsupported Media Type', 415],
  [60050, 'user account not found', 500],
  [60051, 'internal server error', 500, 'network'],
  // Later endpoints (v3 market data): answered with HTTP 200
  [70000, 'no data', 200, 'venue'],
  [70001, 'required parameter missing', 200, 'venue'],
  [70002, 'symbol invalid', 200, 'venue', SYMBOL_HINT],
  [71001, 'after is invalid', 200, 'venue'],
  [71002, 'before is invalid', 200, 'venue'],
  [71003, 'after and before together are invalid', 200, 'venue'],
  [71004, 'too many candles requested', 200, 'venue'],
  [71005, 'step is invalid', 200, 'venue'],
  // 7.6 WebSocket
  [90001, 'Invalid message format', 0],
  [90002, 'Invalid op param', 0],
  [90003, 'Invalid args param', 0],
  [90004, 'Invalid channel param', 0, 'venue', 'channels: ticker, depth5/20/50, trade, kline<interval>, user/order'],
  [90008, 'duplicate subscription', 0],
  [91001, 'API KEY empty', 0, 'auth', AUTH_HINT],
  [91002, 'API KEY not found', 0, 'auth', AUTH_HINT],
  [91003, 'API KEY frozen', 0, 'auth'],
  [91004, 'API KEY past expiry', 0, 'auth'],
  [91005, 'Already logged in', 0],
  [91006, 'User not logged in', 0, 'auth', 'private channels need credentials: bm profile add NAME'],
  [91010, 'sign empty', 0, 'auth'],
  [91011, 'sign wrong', 0, 'auth', 'usually a wrong memo or service name (--service)'],
  [91021, 'timestamp empty', 0, 'auth'],
  [91022, 'timestamp outside one minute', 0, 'auth', CLOCK_HINT],
  [91023, 'timestamp invalid format', 0, 'auth'],
  [92001, 'Invalid symbol param', 0, 'venue', SYMBOL_HINT],
  [94001, 'Request frequency exceeds limit', 0, 'ratelimit'],
  [95000, 'Internal system error', 0, 'network'],
];

let table: ReadonlyMap<number, CodeInfo> | undefined;

/** Code -> what it means, built on first use. Codes absent here are classified by their HTTP status. */
export function codes(): ReadonlyMap<number, CodeInfo> {
  table ??= new Map(
    rows().map(([code, message, http, category, hint]) => [
      code,
      { message, http, category: category ?? 'venue', ...(hint ? { hint } : {}) },
    ]),
  );
  return table;
}

/** Spec 7.1's global HTTP statuses: what the venue answers outside the code tables. */
const GLOBAL_STATUSES: readonly number[] = [401, 403, 404, 418, 429, 500];

/** The 4xx statuses the interface gives a meaning: spec 7.1's and those of the code tables (400, 405, 415). */
let ruled4xx: ReadonlySet<number> | undefined;
const ruled4xxStatuses = (): ReadonlySet<number> =>
  (ruled4xx ??= new Set([...GLOBAL_STATUSES, ...[...codes().values()].map((c) => c.http)].filter((h) => h >= 400 && h < 500)));

/**
 * True when an answer of this HTTP status is the venue's word by its own rules: a 2xx, or a 4xx the spec
 * lists. A 5xx (whatever code its body carries), a 1xx or 3xx, or a 4xx the spec never uses (408, 409,
 * 499: a proxy's or a load balancer's) is not: for a write its outcome is unknown (docs/spec-choices.md).
 */
export function ruledStatus(status: number): boolean {
  return (status >= 200 && status < 300) || ruled4xxStatuses().has(status);
}

/** The category of an HTTP status with no known business code. */
export function categoryOfStatus(status: number): Category {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429 || status === 418) return 'ratelimit';
  if (status >= 500) return 'network';
  return 'venue';
}
