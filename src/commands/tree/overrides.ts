/**
 * Hand-written commands that add value over the generic engine: extra options declared here (cheap),
 * code imported only when the command runs.
 */
import type { Override } from '../declare.js';

export const OVERRIDES: Readonly<Record<string, Override>> = {
  'system.time': { load: () => import('../market/time.js') },
  'system.service': { load: () => import('../market/service.js') },
  'spot.symbols.details': { load: () => import('../market/details.js') },
  'spot.ticker': { load: () => import('../market/ticker.js') },
  'spot.kline': { options: [['--chart', 'draw the candles in the terminal']], load: () => import('../market/kline.js') },
  'spot.book': { load: () => import('../market/book.js') },
  'spot.order.submit': {
    options: [
      ['--max-deviation <pct>', 'refuse a limit price more than this percent through the last price (default 10; none: no check)'],
      ['--wait <state>', 'return when the order is filled, or done (filled, cancelled or failed)'],
      ['--wait-timeout <s>', 'seconds to wait at most (default 60); then exit 10, the order left as it is'],
    ],
    load: () => import('../order/place.js'),
  },
  'spot.order.cancel': { load: () => import('../order/cancel.js') },
  'spot.order.cancel_all': { load: () => import('../order/cancel-all.js') },
  'spot.order.batch': {
    options: [
      ['--file <path>', 'JSON or NDJSON file of orders, or - for stdin'],
      ['--journal <file>', 'journal of the batch (default under the state dir)'],
      ['--resume <journal>', 'finish an interrupted batch: look up what was sent, send the rest'],
      ['--max-deviation <pct>', 'refuse the batch when a limit price is more than this percent through the last price (default 10; none: no check)'],
    ],
    load: () => import('../order/batch.js'),
  },
  'spot.order.detail': { load: () => import('../order/get.js') },
  'spot.orders': {
    options: [['--all', 'refused (exit 2): the venue answers only the most recent 100 orders of a pair and status and cannot be paged']],
    load: () => import('../order/list.js'),
  },
  'spot.trades.user': {
    options: [['--all', 'every fill: page after page, paced within the rate limit, each fill once (at most 100000)']],
    load: () => import('../order/fills.js'),
  },
  'account.history': { load: () => import('../account/funding.js') },
  'contract.order': { load: () => import('../account/contract-order.js') },
  'broker.rebate': { load: () => import('../account/rebate.js') },
  'test.get': { load: () => import('../account/sign-test.js') },
  'test.post': { load: () => import('../account/sign-test.js') },
};
