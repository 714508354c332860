/** Spec 4.1 (system) and 4.2 (spot public market data). */
import { custom, perIp } from './limits.js';
import { PROTOCOL } from './protocol.js';
import type { Endpoint, Param } from './types.js';
import { KLINE_STEPS, widthWord } from './widths.js';

const SYMBOL: Param = { name: 'symbol', type: 'string', required: true, positional: true, flag: 'symbol', description: 'trading pair, e.g. BTC_USDT' };
const SYSTEM_RATE = custom('IP', 10, 1000);
const MARKET_RATE = perIp(12, 30);

export const MARKET: readonly Endpoint[] = [
  {
    id: 'system.time', method: 'GET', path: '/system/time', auth: 'NONE', rate: SYSTEM_RATE, params: [],
    command: ['time'], summary: 'Server time (ms) and the local clock offset', columns: ['server_time'],
    examples: ['bm time', 'bm time --json'],
  },
  {
    id: 'system.service', method: 'GET', path: '/system/service', auth: 'NONE', rate: SYSTEM_RATE, params: [],
    rows: 'serivce', command: ['service'], summary: 'Maintenance status of spot and contract services',
    columns: ['title', 'service_type', 'status', 'start_time', 'end_time'],
    notes: 'Spec 2.13 spells the key `serivce`; later responses use `service`. Both are read; status as number or string.',
    examples: ['bm service'],
  },
  {
    id: 'spot.currencies', method: 'GET', path: '/spot/v1/currencies', auth: 'NONE', rate: perIp(8, 20), params: [],
    rows: 'currencies', command: ['currencies'], summary: 'Currencies of the spot market',
    columns: ['id', 'name', 'withdraw_enabled', 'deposit_enabled'], examples: ['bm currencies --fields id,name'],
  },
  {
    id: 'spot.symbols', method: 'GET', path: '/spot/v1/symbols', auth: 'NONE', rate: perIp(8, 20), params: [],
    rows: 'symbols', command: ['symbols'], summary: 'Names of the trading pairs', columns: ['symbol'],
    examples: ['bm symbols'],
  },
  {
    id: 'spot.symbols.details', method: 'GET', path: '/spot/v1/symbols/details', auth: 'NONE', rate: MARKET_RATE,
    params: [{ name: 'symbol', type: 'string', positional: true, variadic: true, local: true, flag: 'symbol', description: 'only these pairs (filtered locally)' }],
    rows: 'symbols', command: ['symbol-details'], summary: 'Trading rules of the pairs: sizes, precision, minimum amounts',
    columns: ['symbol', 'base_min_size', 'base_max_size', 'quote_increment', 'price_max_precision', 'min_buy_amount', 'min_sell_amount', 'trade_status'],
    notes: 'The endpoint takes no parameters; the SYMBOL arguments filter the rows locally and are never sent.',
    examples: ['bm symbol-details BTC_USDT', 'bm symbol-details --json'],
  },
  {
    id: 'spot.ticker', method: 'GET', path: '/spot/v1/ticker', auth: 'NONE', rate: MARKET_RATE,
    params: [{ ...SYMBOL, required: false, description: 'one pair (real-time); all pairs when omitted (cached up to 5 minutes)' }],
    rows: 'tickers', command: ['ticker'], summary: 'Ticker of one pair, or of every pair',
    columns: ['symbol', 'last_price', 'fluctuation', 'high_24h', 'low_24h', 'base_volume_24h', 'best_bid', 'best_ask'],
    examples: ['bm ticker BTC_USDT', 'bm ticker --fields symbol,last_price'],
  },
  {
    id: 'spot.steps', method: 'GET', path: '/spot/v1/steps', auth: 'NONE', rate: perIp(2, 5), params: [],
    rows: 'steps', command: ['steps'], summary: 'K-line steps in minutes', columns: ['step'], examples: ['bm steps'],
  },
  {
    id: 'spot.kline', method: 'GET', path: '/spot/v1/symbols/kline', auth: 'NONE', rate: MARKET_RATE,
    params: [
      SYMBOL,
      { name: 'from', type: 'long', required: true, flag: 'from', time: 's', default: '(100 steps before to)', description: 'start: ISO date, epoch seconds or relative (-2h); default: 100 steps ago' },
      { name: 'to', type: 'long', required: true, flag: 'to', time: 's', default: 'now', description: 'end: ISO date, epoch seconds or relative; default: now' },
      {
        name: 'step', type: 'long', flag: 'step', input: 'width', default: '1m', values: KLINE_STEPS.map(String),
        description: `candle width: ${KLINE_STEPS.map(widthWord).join(', ')}, or minutes (default 1m)`,
      },
    ],
    rows: 'klines', command: ['kline'], summary: 'Candles of a pair; long ranges are paged and merged',
    columns: ['timestamp', 'open', 'high', 'low', 'close', 'volume', 'quote_volume'],
    notes: `At most ${PROTOCOL.candlesPerRequest} candles per request (50004): longer ranges are fetched in pages and merged. The bucket containing --from is the first candle and counts towards the limit (strict reading; the sandbox answers so).`,
    examples: ['bm kline BTC_USDT --step 1h --from -1d', 'bm kline BTC_USDT --from -2d --to -1d --step 1h -o csv'],
  },
  {
    id: 'spot.book', method: 'GET', path: '/spot/v1/symbols/book', auth: 'NONE', rate: MARKET_RATE,
    params: [
      SYMBOL,
      { name: 'precision', type: 'string', flag: 'precision', description: 'price precision (decimal places) between the pair\'s min and max' },
      {
        name: 'size', type: 'int', flag: 'size', min: PROTOCOL.bookLevels.min, max: PROTOCOL.bookLevels.max,
        description: `levels per side, ${PROTOCOL.bookLevels.min} to ${PROTOCOL.bookLevels.max} (default ${PROTOCOL.bookLevels.default})`,
      },
    ],
    command: ['book'], summary: 'Order book depth of a pair', columns: ['side', 'price', 'amount', 'total', 'count'],
    examples: ['bm book BTC_USDT --size 5'],
  },
  {
    id: 'spot.trades', method: 'GET', path: '/spot/v1/symbols/trades', auth: 'NONE', rate: MARKET_RATE,
    params: [SYMBOL, { name: 'N', type: 'int', flag: 'limit', min: 1, max: PROTOCOL.tradesMax, description: `number of trades (default up to ${PROTOCOL.tradesMax})` }],
    rows: 'trades', command: ['trades'], summary: 'Recent public trades of a pair',
    columns: ['order_time', 'type', 'price', 'count', 'amount'], headers: { type: 'side', count: 'size', amount: 'notional' },
    notes: 'Spec 4.2 types N as a string with a default of up to 50; it is sent as an integer text and capped at 50. '
      + 'Spec 2.6 names the traded quantity `count`, its quote value `amount` and the taker side `type`; tables show them as `size`, `notional` and `side`, '
      + 'the names the order, fill and WebSocket trade shapes use (either name works in --fields).',
    examples: ['bm trades BTC_USDT --limit 10'],
  },
];
