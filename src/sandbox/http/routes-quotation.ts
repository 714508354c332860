/**
 * The later market data (v3 quotation, the v2 ticker and the v1 ticker detail) from the same market as
 * the spec's routes: tickers as objects or arrays of strings, books and trades as arrays, candles as
 * arrays with their time in seconds. Their errors come with HTTP 200 (70001 missing, 70002 unknown pair,
 * 71001-71005 candle ranges): the quotation family of family.ts.
 */
import { KLINE_STEPS } from '../../api/catalogue/widths.js';
import { PAIRS, pairSpec } from '../engine/pairs.js';
import { fail } from '../errors.js';
import type { KlineView, TickerView } from '../exchange-api.js';
import type { Call, Handler } from './call.js';

/** The pair of a v3 request: 70001 without one, 70002 for one the venue does not list. */
function quotePair(c: Call): string {
  const s = c.q.symbol;
  if (s === undefined) throw fail(70001);
  const spec = pairSpec(s);
  if (!spec) throw fail(70002);
  return spec.details.symbol;
}

/** The fields of a v3 ticker, in the order of the venue's array form. */
function v3Fields(t: TickerView): string[] {
  return [t.symbol, t.last_price, t.base_volume_24h, t.quote_volume_24h, t.open_24h, t.high_24h, t.low_24h, t.fluctuation,
    t.best_bid, t.best_bid_size, t.best_ask, t.best_ask_size, String(t.ms_t)];
}

const V3_KEYS = ['symbol', 'last', 'v_24h', 'qv_24h', 'open_24h', 'high_24h', 'low_24h', 'fluctuation', 'bid_px', 'bid_sz', 'ask_px', 'ask_sz', 'ts'] as const;

function v2Ticker(t: TickerView) {
  return {
    symbol: t.symbol, last_price: t.last_price, quote_volume_24h: t.quote_volume_24h, base_volume_24h: t.base_volume_24h,
    high_24h: t.high_24h, low_24h: t.low_24h, open_24h: t.open_24h, close_24h: t.close_24h, best_ask: t.best_ask,
    best_ask_size: t.best_ask_size, best_bid: t.best_bid, best_bid_size: t.best_bid_size, fluctuation: t.fluctuation,
    timestamp: t.ms_t, url: t.url,
  };
}

const candle = (k: KlineView): string[] => [String(k.timestamp), k.open, k.high, k.low, k.close, k.volume, k.quote_volume];

/**
 * Candles by the v3 rules: `after` alone walks forward from it, `before` alone back from it, both bound
 * an interval (71003 when after is not before it), neither gives the latest. Oldest first in every mode.
 */
function klines(c: Call) {
  const sym = quotePair(c);
  const step = Number(c.q.step ?? '1');
  if (!(KLINE_STEPS as readonly number[]).includes(step)) throw fail(71005);
  const limit = Number(c.q.limit ?? '100');
  const after = c.q.after === undefined ? undefined : Number(c.q.after);
  const before = c.q.before === undefined ? undefined : Number(c.q.before);
  if (after !== undefined && after < 0) throw fail(71001);
  if (before !== undefined && before < 0) throw fail(71002);
  if (after !== undefined && before !== undefined && after >= before) throw fail(71003);
  const stepSec = step * 60;
  const now = Math.floor(c.now / 1000);
  if (after !== undefined) {
    const to = Math.min(now, before === undefined ? after + limit * stepSec : before - 1);
    return c.ex.klines(sym, step, after + 1, to).filter((k) => k.timestamp > after).slice(0, limit).map(candle);
  }
  // The `limit` latest candles there are: a minute without a trade has none, so the look goes further back
  // (up to 256 times the span asked) until there are enough.
  const to = Math.min(now, before === undefined ? now : before - 1);
  let list = c.ex.klines(sym, step, to - limit * stepSec, to);
  for (let span = 2 * limit * stepSec; list.length < limit && span <= 256 * limit * stepSec; span *= 2) list = c.ex.klines(sym, step, to - span, to);
  return list.filter((k) => before === undefined || k.timestamp < before).slice(-limit).map(candle);
}

export const QUOTATION_ROUTES: Record<string, Handler> = {
  'later.v3.ticker': (c) => {
    const fields = v3Fields(c.ex.ticker(quotePair(c)));
    return Object.fromEntries(V3_KEYS.map((k, i) => [k, fields[i]]));
  },
  // As the venue: only pairs traded in the last 24 hours are listed.
  'later.v3.tickers': (c) => c.ex.symbols().map((s) => c.ex.ticker(s)).filter((t) => Number(t.base_volume_24h) > 0).map(v3Fields),
  'later.v3.books': (c) => {
    const sym = quotePair(c);
    const d = c.ex.depth(sym, Number(c.q.limit ?? '35'));
    return { ts: String(d.ms_t), symbol: sym, asks: d.asks, bids: d.bids };
  },
  'later.v3.trades': (c) => {
    const sym = quotePair(c);
    const limit = Number(c.q.limit ?? '50');
    return c.ex.trades(sym, limit).map((t) => [sym, String(t.time), t.price, t.size, t.side]);
  },
  'later.v3.klines': klines,
  'later.v3.lite-klines': klines,
  'later.v2.ticker': (c) => ({ tickers: PAIRS.map((p) => v2Ticker(c.ex.ticker(p.details.symbol))) }),
  'later.v1.ticker_detail': (c) => {
    const spec = pairSpec(c.q.symbol ?? '');
    if (!spec) throw fail(50001);
    return v2Ticker(c.ex.ticker(spec.details.symbol));
  },
};
