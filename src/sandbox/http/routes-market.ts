/** Routes of spec 4.1 and 4.2 (system and spot market data) and the funding currency list. */
import { CURRENCIES } from '../engine/pairs.js';
import { bucketCount } from '../market/tape.js';
import { fail } from '../errors.js';
import { add, mul, norm, type Dec } from '../../util/decimal.js';
import { priceText } from '../exchange/record-views.js';
import { pairOf, type Handler } from './call.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { SERVICE_STATUSES } from '../../api/catalogue/vocab.js';
import { statusNumber } from '../../api/catalogue/statuses.js';
import { KLINE_STEPS } from '../../api/catalogue/widths.js';

/** Spec 4.2: the k-line steps, minutes. */
export const STEPS: readonly number[] = KLINE_STEPS;
/** At most this many candles per k-line request (50004). */
export const MAX_CANDLES = PROTOCOL.candlesPerRequest;
const HOUR = 3_600_000;

function services(now: number) {
  const day = Math.floor(now / 86_400_000) * 86_400_000;
  return [
    { title: 'Spot API weekly maintenance', service_type: 'spot', status: statusNumber(SERVICE_STATUSES, 'completed'), start_time: day - 70 * HOUR, end_time: day - 69 * HOUR },
    { title: 'Contract API upgrade', service_type: 'contract', status: statusNumber(SERVICE_STATUSES, 'waiting'), start_time: day + 50 * HOUR, end_time: day + 52 * HOUR },
  ];
}

/** Spec 4.2: the list of every pair's ticker is cached up to 5 minutes; one pair's is real-time. */
export const ALL_TICKERS_CACHE_MS = 300_000;
const tickerCache = new WeakMap<object, { at: number; data: { tickers: unknown[] } }>();

function allTickers(ex: Parameters<Handler>[0]['ex'], now: number): { tickers: unknown[] } {
  const hit = tickerCache.get(ex);
  if (hit && now - hit.at < ALL_TICKERS_CACHE_MS) return hit.data;
  const data = { tickers: ex.symbols().map((s) => ex.ticker(s)) };
  tickerCache.set(ex, { at: now, data });
  return data;
}

export const MARKET_ROUTES: Record<string, Handler> = {
  'system.time': (c) => ({ server_time: c.now }),
  // Both spellings: the spec's `serivce` and the later `service`.
  'system.service': (c) => ({ serivce: services(c.now), service: services(c.now) }),
  'spot.currencies': () => ({ currencies: CURRENCIES.map((x) => ({ ...x })) }),
  'account.currencies': () => ({
    currencies: CURRENCIES.map(({ id, ...rest }) => ({ currency: id, ...rest })),
  }),
  'spot.symbols': (c) => ({ symbols: c.ex.symbols() }),
  'spot.symbols.details': (c) => ({ symbols: c.ex.symbols().map((s) => c.ex.details(s)) }),
  'spot.ticker': (c) => {
    if (c.q.symbol === undefined) return allTickers(c.ex, c.now);
    return { tickers: [c.ex.ticker(pairOf(c).details.symbol)] };
  },
  'spot.steps': () => ({ steps: STEPS }),
  'spot.kline': (c) => {
    const sym = pairOf(c).details.symbol;
    const from = Number(c.q.from);
    const to = Number(c.q.to);
    const step = Number(c.q.step ?? '1');
    if (from < 0 || to < 0 || from > to) throw fail(50002);
    const stepSec = step * 60;
    if (bucketCount(from, to, stepSec) > MAX_CANDLES) throw fail(50004);
    return { klines: c.ex.klines(sym, step, from, to) };
  },
  'spot.book': (c) => {
    const d = pairOf(c).details;
    let precision: number | undefined;
    if (c.q.precision !== undefined) {
      precision = Number(c.q.precision);
      if (!/^-?[0-9]+$/.test(c.q.precision) || precision < d.price_min_precision || precision > d.price_max_precision) throw fail(50021, 'precision');
    }
    const levels = Number.parseInt(c.q.size ?? '50', 10);
    const book = c.ex.depthCounts(d.symbol, levels, precision === d.price_max_precision ? undefined : precision);
    const side = (levels: typeof book.bids) => {
      let total: Dec | string = '0';
      return levels.map((l) => {
        total = add(total, l.size);
        return { amount: l.size, total: norm(total), price: priceText(d.symbol, l.price), count: String(l.count) };
      });
    };
    return { timestamp: book.ms_t, buys: side(book.bids), sells: side(book.asks) };
  },
  'spot.trades': (c) => {
    const sym = pairOf(c).details.symbol;
    const n = Number(c.q.N ?? '50');
    return {
      trades: c.ex.trades(sym, n).map((t) => ({
        amount: norm(mul(t.price, t.size)), order_time: t.time, price: t.price, count: t.size, type: t.side,
      })),
    };
  },
};

