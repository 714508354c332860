/** Spec 4.3 to 4.7: spot private, funding, contract, broker and the signing test endpoints. */
import { custom, perIp, perKey } from './limits.js';
import { PROTOCOL } from './protocol.js';
import { BATCH, CANCEL, CANCEL_ALL, CONTRACT_ORDER, PLACE } from './safety.js';
import type { Endpoint, Param } from './types.js';
import { filterChoices, ORDER_STATUS_FILTERS } from './statuses.js';
import { ORDER_STATUSES, ORDER_TYPES, SIDES, STP_MODES, valuesOf } from './vocab.js';

export { ORDER_STATUS_FILTERS } from './statuses.js';

const SYMBOL: Param = { name: 'symbol', type: 'string', required: true, positional: true, flag: 'symbol', description: 'trading pair, e.g. BTC_USDT' };
const SIDE: Param = { name: 'side', type: 'string', flag: 'side', values: valuesOf(SIDES), description: 'buy or sell' };
const ORDER_ID: Param = { name: 'order_id', type: 'string', flag: 'order-id', description: 'order id (exact, any length)' };
const CURRENCY: Param = { name: 'currency', type: 'string', flag: 'currency', input: 'currency', description: 'only this currency (any case)' };
const ORDER_COLUMNS = ['order_id', 'clientOrderId', 'symbol', 'side', 'type', 'price', 'size', 'filled_size', 'price_avg', 'status', 'create_time'];

export const PRIVATE: readonly Endpoint[] = [
  {
    id: 'spot.wallet', method: 'GET', path: '/spot/v1/wallet', auth: 'KEYED', rate: perKey(12, 30),
    params: [CURRENCY],
    rows: 'wallet', command: ['wallet'], summary: 'Spot balances: available and frozen',
    columns: ['id', 'name', 'available', 'frozen'], examples: ['bm wallet', 'bm wallet --currency USDT'],
  },
  {
    id: 'spot.order.submit', method: 'POST', path: '/spot/v2/submit_order', auth: 'SIGNED', rate: perKey(60), write: true, safety: PLACE,
    params: [
      SYMBOL,
      { ...SIDE, required: true },
      { name: 'type', type: 'string', required: true, flag: 'type', values: valuesOf(ORDER_TYPES), description: 'order type' },
      { name: 'size', type: 'decimal', flag: 'size', description: 'quantity in base currency (limit, limit_maker, ioc, market sell)' },
      { name: 'price', type: 'decimal', flag: 'price', description: 'limit price (limit, limit_maker, ioc)' },
      { name: 'notional', type: 'decimal', flag: 'notional', description: 'quote amount to spend (market buy only)' },
      { name: 'client_order_id', type: 'string', flag: 'client-order-id', description: `your id: at most ${PROTOCOL.clientOrderIdMax} letters and digits (generated when omitted)` },
      { name: 'stpMode', type: 'string', flag: 'stp-mode', values: valuesOf(STP_MODES), description: 'self-trade prevention' },
    ],
    command: ['order', 'place'], summary: 'Place a spot order (checked against the pair rules first)', columns: ['order_id', 'client_order_id'],
    notes: 'Shape from facts.md 5 (the spec names the endpoint only in 4.8). order_id is read as number or string. Strictness (sandbox as venue): size, price and notional must be JSON strings (a number is 50021), a key in the wrong case is 50021, a private POST not sent as application/json is 415/58001, malformed JSON 50000 (spot family; the venue was also seen answering 30018: both are read as a bad request).',
    examples: ['bm order place BTC_USDT --side buy --type limit --size 0.01 --price 30000 --client-order-id demo1 --yes', 'bm order place BTC_USDT --side buy --type market --notional 100 --yes'],
  },
  {
    id: 'spot.order.cancel', method: 'POST', path: '/spot/v3/cancel_order', auth: 'SIGNED', rate: perKey(60), write: true, safety: CANCEL,
    params: [SYMBOL, ORDER_ID, { name: 'client_order_id', type: 'string', flag: 'client-order-id', description: 'your id of the order' }],
    command: ['order', 'cancel'], summary: 'Cancel one order by order id or client order id', columns: ['result'],
    notes: 'order_id is sent as a string: exact beyond 2^53 and accepted by venues that moved ids to strings.',
    examples: ['bm order cancel BTC_USDT --client-order-id demo1 --yes'],
  },
  {
    id: 'spot.order.cancel.v2', method: 'POST', path: '/spot/v2/cancel_order', auth: 'SIGNED', rate: perKey(60, 150), write: true, safety: CANCEL,
    params: [SYMBOL, ORDER_ID, { name: 'client_order_id', type: 'string', description: 'your id of the order' }],
    summary: 'Cancel one order (earlier version)', columns: ['result'],
  },
  {
    id: 'spot.order.cancel_all', method: 'POST', path: '/spot/v1/cancel_orders', auth: 'SIGNED', rate: perKey(4, 10), write: true, safety: CANCEL_ALL,
    params: [{ ...SYMBOL, required: false }, SIDE],
    command: ['order', 'cancel-all'], summary: 'Cancel every open order of a pair (or of one side)',
    notes: 'Spec names symbol; with no SYMBOL bm cancels pair by pair over the pairs with open orders.',
    examples: ['bm order cancel-all BTC_USDT --side buy --yes'],
  },
  {
    id: 'spot.order.batch', method: 'POST', path: '/spot/v2/batch_orders', auth: 'SIGNED', rate: perKey(60), write: true, safety: BATCH,
    params: [
      { ...SYMBOL, local: true, description: 'pair of the orders that name none' },
      { name: 'order_params', type: 'string', required: true, description: `list of at most ${PROTOCOL.ordersPerBatch} orders` },
    ],
    rows: 'responses', command: ['order', 'batch'], summary: `Place many orders from a JSON or NDJSON file, ${PROTOCOL.ordersPerBatch} per request`,
    notes: 'Shape from facts.md 5; more than 10 orders per request gives 50033.',
    examples: ['bm order batch BTC_USDT --file orders.ndjson --yes'],
  },
  {
    id: 'spot.order.detail', method: 'GET', path: '/spot/v1/order_detail', auth: 'KEYED', rate: perKey(60, 150),
    params: [SYMBOL, ORDER_ID, { name: 'clientOrderId', type: 'string', flag: 'client-order-id', description: 'your id of the order' }],
    command: ['order', 'get'], summary: 'One order by order id or client order id', columns: ORDER_COLUMNS,
    notes: 'Spec 4.3 lists it KEYED in the permission table and SIGNED in one description: bm signs it (a SIGNED request also satisfies a KEYED check) and the sandbox accepts both.',
    examples: ['bm order get BTC_USDT --client-order-id demo1'],
  },
  {
    id: 'spot.orders', method: 'GET', path: '/spot/v2/orders', auth: 'KEYED', rate: perKey(12, 30),
    params: [
      SYMBOL,
      { name: 'N', type: 'int', required: true, flag: 'limit', min: 1, max: PROTOCOL.ordersPerList, default: String(PROTOCOL.ordersPerList), description: `most recent orders, 1 to ${PROTOCOL.ordersPerList} (default ${PROTOCOL.ordersPerList})` },
      {
        name: 'status', type: 'string', required: true, flag: 'status', input: 'status', values: ORDER_STATUS_FILTERS, default: 'open',
        description: `${filterChoices(ORDER_STATUSES).join(', ')} (default open)`,
      },
    ],
    rows: 'orders', command: ['order', 'list'], summary: 'Recent orders of a pair by status; without SYMBOL, of every pair', columns: ORDER_COLUMNS,
    acrossPairs: true,
    notes: 'The venue takes one pair per request: without SYMBOL, bm asks pair by pair, within the rate limit, and merges the newest N. '
      + 'The spec gives this list no page, time window or id to continue from (only the most recent N, at most 100; current_page in the answer is always the first): '
      + 'bm reads it as unpageable, refuses --all (exit 2, nothing sent) and says on stderr when a full answer may hide more.',
    examples: ['bm order list BTC_USDT --status open', 'bm order list --status filled --limit 20'],
  },
  {
    id: 'spot.trades.user', method: 'GET', path: '/spot/v1/trades', auth: 'KEYED', rate: perKey(12, 30),
    params: [
      SYMBOL, ORDER_ID,
      { name: 'offset', type: 'int', flag: 'page', min: 1, description: 'page, from 1' },
      { name: 'limit', type: 'int', flag: 'limit', min: 1, max: PROTOCOL.fillsPerPage, description: `fills per page, 1 to ${PROTOCOL.fillsPerPage} (default ${PROTOCOL.fillsPerPage})` },
    ],
    rows: 'trades', command: ['order', 'fills'], summary: 'Your trades (fills) of a pair or of one order; without SYMBOL, of every pair',
    columns: ['detail_id', 'order_id', 'symbol', 'side', 'price_avg', 'size', 'notional', 'fees', 'fee_coin_name', 'exec_type', 'create_time'],
    acrossPairs: true,
    notes: 'The venue takes one pair per request: without SYMBOL, bm asks pair by pair, within the rate limit, and merges the newest. '
      + 'offset is read as a page number from 1 (the spec: "page starting at 1"), newest fills first; bm sends limit (default 100) so a full page can be told, '
      + 'and --all asks offset 1, 2, ... with limit 100 until a page holds fewer, dropping a fill seen on an earlier page (new fills shift the pages).',
    examples: ['bm order fills BTC_USDT --limit 20', 'bm order fills --limit 10', 'bm order fills BTC_USDT --all -o ndjson'],
  },
  {
    id: 'account.currencies', method: 'GET', path: '/account/v1/currencies', auth: 'NONE', rate: perIp(2, 5), params: [],
    rows: 'currencies', command: ['funding', 'currencies'], summary: 'Currencies of the funding account',
    columns: ['currency', 'name', 'withdraw_enabled', 'deposit_enabled'], examples: ['bm funding currencies'],
  },
  {
    id: 'account.history', method: 'GET', path: '/account/v1/deposit-withdraw/history', auth: 'KEYED', rate: perKey(8, 20),
    params: [
      CURRENCY,
      { name: 'operation_type', type: 'string', required: true, flag: 'type', values: ['deposit', 'withdraw'], aliases: ['operationType'], description: 'deposit or withdraw' },
      { name: 'offset', type: 'int', required: true, flag: 'page', min: 1, default: '1', description: 'page, from 1 (default 1)' },
      { name: 'limit', type: 'int', required: true, flag: 'limit', min: 1, max: 50, default: '50', description: 'records per page, 1 to 50 (default 50)' },
    ],
    rows: 'records', command: ['funding', 'history'], summary: 'Deposit or withdraw records (the last 100 at most)',
    columns: ['deposit_id', 'withdraw_id', 'operation_type', 'currency', 'arrival_amount', 'fee', 'status', 'apply_time', 'tx_id'],
    notes: 'The table says operation_type, an example says operationType: bm sends operation_type; the sandbox accepts both. Errors on /account/ paths are of the funding family (spec 7.5): parameter problems 60000, wrong method 405/60030, media type 415/60031.',
    examples: ['bm funding history --type deposit'],
  },
  {
    id: 'account.detail', method: 'GET', path: '/account/v1/deposit-withdraw/detail', auth: 'KEYED', rate: perKey(8, 20),
    params: [{ name: 'id', type: 'string', required: true, positional: true, flag: 'id', description: 'a withdraw_id or deposit_id' }],
    rows: 'record', command: ['funding', 'get'], summary: 'One deposit or withdraw record',
    columns: ['deposit_id', 'withdraw_id', 'operation_type', 'currency', 'arrival_amount', 'fee', 'status', 'address', 'tx_id'],
    examples: ['bm funding get "$(bm funding history --type deposit --fields deposit_id | head -n 1)"'],
  },
  {
    id: 'contract.accounts', method: 'GET', path: '/contract/v1/ifcontract/accounts', auth: 'KEYED', rate: custom('KEY', 25, 5000),
    params: [{ name: 'coinCode', type: 'string', flag: 'coin', input: 'currency', description: 'margin coin, e.g. USDT, any case (all accounts when omitted)' }],
    rows: 'accounts', command: ['contract', 'accounts'], summary: 'Contract accounts',
    columns: ['account_id', 'coin_code', 'available_vol', 'freeze_vol', 'cash_vol', 'realised_vol', 'unrealised_vol'],
    notes: 'The table marks coinCode required, a note allows none (all accounts): optional here.',
    examples: ['bm contract accounts --coin USDT'],
  },
  {
    id: 'contract.liquidations', method: 'GET', path: '/contract/v1/ifcontract/userLiqRecords', auth: 'KEYED', rate: custom('KEY', 25, 5000),
    params: [
      { name: 'contractID', type: 'long', flag: 'contract-id', description: 'contract id' },
      { name: 'orderID', type: 'long', flag: 'order-id', description: 'order id' },
    ],
    rows: 'records', command: ['contract', 'liquidations'], summary: 'Your liquidation records',
    columns: ['order_id', 'contract_id', 'position_id', 'type', 'trigger_price', 'order_price', 'mmr', 'created_at'],
    notes: 'The table marks contractID required, a note allows none, either or both: all optional here.',
    examples: ['bm contract liquidations --contract-id 1'],
  },
  {
    id: 'contract.order', method: 'POST', path: '/contract/v1/ifcontract/submitOrder', auth: 'SIGNED', rate: custom('KEY', 24, 2000), write: true, safety: CONTRACT_ORDER,
    params: [
      { name: 'contract_id', type: 'long', required: true, flag: 'contract-id', description: 'contract id' },
      { name: 'category', type: 'int', required: true, flag: 'category', min: 1, max: 2, description: '1 limit, 2 market' },
      { name: 'way', type: 'int', required: true, flag: 'way', min: 1, max: 4, description: '1 open long, 2 close short, 3 close long, 4 open short' },
      { name: 'open_type', type: 'int', required: true, flag: 'open-type', min: 1, max: 2, description: '1 isolated, 2 cross' },
      { name: 'leverage', type: 'int', required: true, flag: 'leverage', min: 1, max: 200, description: 'leverage' },
      { name: 'custom_id', type: 'long', flag: 'custom-id', description: 'your numeric id (generated when omitted)' },
      { name: 'price', type: 'decimal', required: true, flag: 'price', description: 'price' },
      { name: 'vol', type: 'int', required: true, flag: 'vol', min: 1, description: 'contracts' },
      { name: 'nonce', type: 'long', description: 'seconds; set by bm' },
    ],
    command: ['contract', 'order'], summary: 'Submit a contract order', columns: ['order_id'],
    notes: 'Field meanings are not shown by the spec; the sample sends numbers, so ints go as numbers and price as a decimal string.',
    examples: ['bm contract order --contract-id 1 --category 1 --way 1 --open-type 1 --leverage 10 --price 30000 --vol 1 --yes'],
  },
  {
    id: 'broker.rebate', method: 'GET', path: '/spot/v1/broker/rebate', auth: 'KEYED', rate: custom('KEY', 1, 1000),
    params: [
      { name: 'start_time', type: 'long', flag: 'from', time: 'ms', description: 'start (ISO date, epoch or -30d); default: 180 days ago' },
      { name: 'end_time', type: 'long', flag: 'to', time: 'ms', description: 'end (ISO date, epoch or relative)' },
    ],
    rows: 'rebates', command: ['broker', 'rebate'], summary: 'Broker rebates by day', columns: ['date', 'currency', 'rebate_amount'],
    notes: 'The spec says "long timestamp" without a unit; bm sends milliseconds and the sandbox reads seconds or milliseconds by size.',
    examples: ['bm broker rebate --from -30d'],
  },
  {
    id: 'test.get', method: 'GET', path: '/spot/v1/test-get', auth: 'SIGNED', rate: custom('KEY', 25, 5000),
    params: [{ name: 'symbol', type: 'string', flag: 'symbol', description: 'any pair (default BTC_USDT)' }],
    command: ['sign-test', 'get'], summary: 'Prove a signed GET', examples: ['bm sign-test get'],
  },
  {
    id: 'test.post', method: 'POST', path: '/spot/v1/test-post', auth: 'SIGNED', rate: custom('KEY', 25, 5000),
    params: [
      { name: 'symbol', type: 'string', flag: 'symbol', description: 'any pair (default BTC_USDT)' },
      { name: 'price', type: 'decimal', flag: 'price', description: 'any price (default 1)' },
      { name: 'count', type: 'decimal', flag: 'count', description: 'any count (default 1)' },
    ],
    command: ['sign-test', 'post'], summary: 'Prove a signed POST', examples: ['bm sign-test post'],
  },
];
