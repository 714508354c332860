/**
 * The venue's later endpoints, beyond the spec: what ccxt and the official SDKs call (v3 market data, v4
 * order queries and writes, fees, the funding wallet, deposit address, withdrawal and its history, and the
 * retired v2 ticker they still name). Marked `later`: the sandbox serves them and `bm api` reaches them
 * with their auth, limits and write guard; `bm`'s own commands stay on the spec's endpoints. Limits are the
 * venue's published ones (its "UID" limits count per account, as every keyed limit of the sandbox does).
 */
import { custom, perIp, perKey } from './limits.js';
import { ORDER_MODES, QUERY_STATES } from './later-vocab.js';
import { V4_BATCH, V4_CANCEL, V4_CANCEL_ALL, WITHDRAW } from './later-safety.js';
import { PROTOCOL } from './protocol.js';
import type { Endpoint, Param } from './types.js';
import { SIDES, valuesOf } from './vocab.js';

const later = (e: Omit<Endpoint, 'later'>): Endpoint => ({ ...e, later: true });

const SYMBOL: Param = { name: 'symbol', type: 'string', required: true, description: 'trading pair, e.g. BTC_USDT' };
/** v3 market data answers a missing symbol with its own code (70001), so the check is the handler's. */
const QUOTE_SYMBOL: Param = { name: 'symbol', type: 'string', description: 'trading pair (required: 70001 when missing, 70002 when unknown)' };
const RECV: Param = { name: 'recvWindow', type: 'int', min: 1, max: 60_000, description: 'ms a request stays valid (0 to 60000, default 5000)' };
const KLINE: Param[] = [
  QUOTE_SYMBOL,
  { name: 'before', type: 'long', description: 'candles before this time, seconds' },
  { name: 'after', type: 'long', description: 'candles after this time, seconds' },
  { name: 'step', type: 'int', description: 'width in minutes (default 1)' },
  { name: 'limit', type: 'int', min: 1, max: 200, description: 'candles, 1 to 200 (default 100)' },
];
const LIST: Param[] = [
  { name: 'symbol', type: 'string', description: 'one pair (every pair when omitted)' },
  { name: 'orderMode', type: 'string', values: ORDER_MODES, description: 'spot or iso_margin (both when omitted)' },
  { name: 'startTime', type: 'long', description: 'from, ms (default: 7 days before endTime)' },
  { name: 'endTime', type: 'long', description: 'to, ms (default now)' },
  { name: 'limit', type: 'int', min: 1, max: 200, description: 'rows, 1 to 200 (default 200)' },
  RECV,
];
const QUERY_STATE: Param = { name: 'queryState', type: 'string', values: QUERY_STATES, description: 'open or history (both when omitted)' };
const NOTES = 'A later endpoint (docs/sandbox.md, "Real clients"; docs/spec-choices.md, "Later endpoints").';

export const LATER: readonly Endpoint[] = [
  later({ id: 'later.v3.ticker', method: 'GET', path: '/spot/quotation/v3/ticker', auth: 'NONE', rate: perIp(15), params: [QUOTE_SYMBOL], summary: 'Ticker of one pair (v3)', notes: NOTES }),
  later({ id: 'later.v3.tickers', method: 'GET', path: '/spot/quotation/v3/tickers', auth: 'NONE', rate: perIp(10), params: [], summary: 'Tickers of every traded pair, as arrays (v3)', notes: NOTES }),
  later({
    id: 'later.v3.books', method: 'GET', path: '/spot/quotation/v3/books', auth: 'NONE', rate: perIp(15),
    params: [QUOTE_SYMBOL, { name: 'limit', type: 'int', min: 1, max: 50, description: 'levels per side, 1 to 50 (default 35)' }],
    summary: 'Order book of a pair (v3)', notes: NOTES,
  }),
  later({
    id: 'later.v3.trades', method: 'GET', path: '/spot/quotation/v3/trades', auth: 'NONE', rate: perIp(15),
    params: [QUOTE_SYMBOL, { name: 'limit', type: 'int', min: 1, max: PROTOCOL.tradesMax, description: 'trades, 1 to 50 (default 50)' }],
    summary: 'Recent public trades of a pair, as arrays (v3)', notes: NOTES,
  }),
  later({ id: 'later.v3.klines', method: 'GET', path: '/spot/quotation/v3/klines', auth: 'NONE', rate: perIp(10), params: KLINE, summary: 'Candles of a time range (v3)', notes: NOTES }),
  later({ id: 'later.v3.lite-klines', method: 'GET', path: '/spot/quotation/v3/lite-klines', auth: 'NONE', rate: perIp(15), params: KLINE, summary: 'The latest candles (v3)', notes: NOTES }),
  later({ id: 'later.v2.ticker', method: 'GET', path: '/spot/v2/ticker', auth: 'NONE', rate: perIp(2), params: [], summary: 'Tickers of every pair (v2, retired by the venue, still called)', notes: NOTES }),
  later({ id: 'later.v1.ticker_detail', method: 'GET', path: '/spot/v1/ticker_detail', auth: 'NONE', rate: perIp(12), params: [SYMBOL], summary: 'Ticker of one pair (v1 detail)', notes: NOTES }),
  later({
    id: 'later.v4.order', method: 'POST', path: '/spot/v4/query/order', auth: 'SIGNED', rate: perKey(50),
    params: [{ name: 'orderId', type: 'string', required: true, description: 'order id' }, QUERY_STATE, RECV], summary: 'One order by id (v4, a read)', notes: NOTES,
  }),
  later({
    id: 'later.v4.client-order', method: 'POST', path: '/spot/v4/query/client-order', auth: 'SIGNED', rate: perKey(50),
    params: [{ name: 'clientOrderId', type: 'string', required: true, description: 'your id of the order' }, QUERY_STATE, RECV], summary: 'One order by client order id (v4, a read)', notes: NOTES,
  }),
  later({ id: 'later.v4.open-orders', method: 'POST', path: '/spot/v4/query/open-orders', auth: 'SIGNED', rate: perKey(12), params: LIST, summary: 'Open orders (v4, a read)', notes: NOTES }),
  later({ id: 'later.v4.history-orders', method: 'POST', path: '/spot/v4/query/history-orders', auth: 'SIGNED', rate: perKey(12), params: LIST, summary: 'Filled and cancelled orders (v4, a read)', notes: NOTES }),
  later({ id: 'later.v4.trades', method: 'POST', path: '/spot/v4/query/trades', auth: 'SIGNED', rate: perKey(12), params: LIST, summary: 'Your fills (v4, a read)', notes: NOTES }),
  later({
    id: 'later.v4.order-trades', method: 'POST', path: '/spot/v4/query/order-trades', auth: 'SIGNED', rate: perKey(12),
    params: [{ name: 'orderId', type: 'string', required: true, description: 'order id' }, RECV], summary: 'The fills of one order (v4, a read)', notes: NOTES,
  }),
  later({
    id: 'later.v4.batch', method: 'POST', path: '/spot/v4/batch_orders', auth: 'SIGNED', rate: perKey(40), write: true, safety: V4_BATCH,
    params: [SYMBOL, { name: 'orderParams', type: 'string', required: true, description: `list of 1 to ${PROTOCOL.ordersPerBatch} orders of the pair` }, RECV],
    summary: 'Place up to 10 orders of one pair (v4)', notes: `${NOTES} All or nothing: every line is checked before any is placed.`,
  }),
  later({
    id: 'later.v4.cancel', method: 'POST', path: '/spot/v4/cancel_orders', auth: 'SIGNED', rate: perKey(40), write: true, safety: V4_CANCEL,
    params: [
      SYMBOL,
      { name: 'orderIds', type: 'string', description: 'list of at most 10 order ids' },
      { name: 'clientOrderIds', type: 'string', description: 'list of at most 10 client order ids' },
      RECV,
    ],
    summary: 'Cancel up to 10 orders of one pair (v4)', notes: NOTES,
  }),
  later({
    id: 'later.v4.cancel_all', method: 'POST', path: '/spot/v4/cancel_all', auth: 'SIGNED', rate: custom('KEY', 1, 3000), write: true, safety: V4_CANCEL_ALL,
    params: [{ name: 'symbol', type: 'string', description: 'one pair (every pair when omitted)' }, { name: 'side', type: 'string', values: valuesOf(SIDES), description: 'buy or sell (both when omitted)' }],
    summary: 'Cancel every open order, of a pair or of all (v4)', notes: NOTES,
  }),
  later({
    id: 'later.v3.orders', method: 'GET', path: '/spot/v3/orders', auth: 'KEYED', rate: perKey(12),
    params: [
      SYMBOL,
      { name: 'N', type: 'int', required: true, min: 1, max: PROTOCOL.ordersPerList, description: 'most recent orders, 1 to 100' },
      { name: 'status', type: 'string', required: true, description: 'a code of /spot/v2/orders (4, 5, 6, 8, 9, 10), or 11' },
      { name: 'offset', type: 'int', min: 1, description: 'page, from 1' },
      { name: 'start_time', type: 'long', description: 'from, ms' },
      { name: 'end_time', type: 'long', description: 'to, ms' },
    ],
    rows: 'orders', summary: 'Orders of a pair by status (v3, retired by the venue, still called)', notes: NOTES,
  }),
  later({ id: 'later.trade_fee', method: 'GET', path: '/spot/v1/trade_fee', auth: 'KEYED', rate: perKey(2), params: [SYMBOL], summary: 'Your fee rates on one pair', notes: NOTES }),
  later({ id: 'later.user_fee', method: 'GET', path: '/spot/v1/user_fee', auth: 'KEYED', rate: perKey(2), params: [], summary: 'Your base fee rates', notes: NOTES }),
  later({
    id: 'later.account.wallet', method: 'GET', path: '/account/v1/wallet', auth: 'KEYED', rate: perKey(12),
    params: [{ name: 'currency', type: 'string', description: 'one currency' }, { name: 'needUsdValuation', type: 'string', values: ['true', 'false'], description: 'add each balance\'s value in USD' }],
    rows: 'wallet', summary: 'Funding wallet: the currencies held', notes: NOTES,
  }),
  later({
    id: 'later.deposit.address', method: 'GET', path: '/account/v1/deposit/address', auth: 'KEYED', rate: perKey(2),
    params: [{ name: 'currency', type: 'string', required: true, description: 'currency, or currency-network (USDT-TRC20)' }], summary: 'Deposit address of a currency (simulated)', notes: NOTES,
  }),
  later({
    id: 'later.withdraw', method: 'POST', path: '/account/v1/withdraw/apply', auth: 'SIGNED', rate: perKey(8), write: true, safety: WITHDRAW,
    params: [
      { name: 'currency', type: 'string', required: true, description: 'currency, or currency-network' },
      { name: 'amount', type: 'decimal', required: true, description: 'amount debited; the fee is taken from it' },
      { name: 'address', type: 'string', description: 'destination address' },
      { name: 'address_memo', type: 'string', description: 'destination tag' },
      { name: 'destination', type: 'string', description: 'remark' },
      { name: 'type', type: 'int', min: 1, max: 3, description: 'to a venue account instead: 1 CID, 2 email, 3 phone' },
      { name: 'value', type: 'string', description: 'the account for type' },
      { name: 'areaCode', type: 'string', description: 'phone area code (type 3)' },
    ],
    summary: 'Withdraw from the paper wallet (simulated: debited, recorded, never sent)', notes: NOTES,
  }),
  later({
    id: 'later.history.v2', method: 'GET', path: '/account/v2/deposit-withdraw/history', auth: 'KEYED', rate: perKey(8),
    params: [
      { name: 'operation_type', type: 'string', required: true, values: ['deposit', 'withdraw'], description: 'deposit or withdraw' },
      { name: 'N', type: 'int', required: true, min: 1, max: 1000, description: 'most recent records, 1 to 1000' },
      { name: 'currency', type: 'string', description: 'one currency' },
      { name: 'startTime', type: 'long', description: 'from, ms (default 90 days before endTime)' },
      { name: 'endTime', type: 'long', description: 'to, ms (default now)' },
    ],
    rows: 'records', summary: 'Deposit or withdraw records (v2)', notes: NOTES,
  }),
];
