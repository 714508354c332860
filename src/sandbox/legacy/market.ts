/** Public legacy endpoints of the sandbox (spec 4.9): raw bodies, no envelope. */
import type { ExchangeApi } from '../exchange-api.js';
import { LegacyHttpError } from './auth.js';
import { legacyBook, legacyDetails, legacyKline, legacyTicker, legacyTrade } from './bodies.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { LEGACY_KLINE_STEPS } from '../../api/catalogue/widths.js';

/** Steps in minutes, as /v2/steps lists them. */
export const LEGACY_STEPS = LEGACY_KLINE_STEPS;

/** Most candles one k-line request may return. */
const MAX_CANDLES = PROTOCOL.candlesPerRequest;

function pair(exchange: ExchangeApi, symbol: string | undefined | null): string {
  if (!symbol) throw new LegacyHttpError(400, 'symbol is required');
  if (!exchange.details(symbol)) throw new LegacyHttpError(400, `Symbol not found: ${symbol}`);
  return symbol;
}

function whole(v: string | null, name: string, fallback?: number): number {
  if (v === null || v === '') {
    if (fallback !== undefined) return fallback;
    throw new LegacyHttpError(400, `${name} is required`);
  }
  if (!/^[0-9]{1,16}$/.test(v)) throw new LegacyHttpError(400, `${name} must be a whole number`);
  return Number(v);
}

function currencies(exchange: ExchangeApi): unknown[] {
  const ids = new Set<string>();
  for (const s of exchange.symbols()) {
    const d = exchange.details(s);
    if (d) ids.add(d.base_currency).add(d.quote_currency);
  }
  return [...ids].sort().map((id) => ({ id, name: id, withdraw_enabled: true, deposit_enabled: true }));
}

/** The body of a public endpoint, by catalogue id; `now` is the server clock, ms. */
export function marketBody(id: string, exchange: ExchangeApi, q: URLSearchParams, path: Record<string, string>, now: number = Date.now()): unknown {
  switch (id) {
    case 'legacy.ping':
      return {};
    case 'legacy.time':
      return { server_time: now };
    case 'legacy.currencies':
      return currencies(exchange);
    case 'legacy.symbols':
      return exchange.symbols();
    case 'legacy.symbols.details':
      return exchange.symbols().map((s) => exchange.details(s)).filter((d) => d !== undefined).map(legacyDetails);
    case 'legacy.ticker': {
      const symbol = q.get('symbol');
      if (symbol) return legacyTicker(exchange.ticker(pair(exchange, symbol)));
      return exchange.symbols().map((s) => legacyTicker(exchange.ticker(s)));
    }
    case 'legacy.steps':
      return [...LEGACY_STEPS];
    case 'legacy.kline': {
      const symbol = pair(exchange, path.symbol);
      const from = whole(q.get('from'), 'from');
      const to = whole(q.get('to'), 'to');
      const step = whole(q.get('step'), 'step', 1);
      if (!(LEGACY_STEPS as readonly number[]).includes(step)) throw new LegacyHttpError(400, `step must be one of ${LEGACY_STEPS.join(', ')}`);
      if (from > to) throw new LegacyHttpError(400, 'from is after to');
      if ((to - from) / (step * 60_000) >= MAX_CANDLES) throw new LegacyHttpError(400, `Kline size over ${MAX_CANDLES}`);
      return exchange.klines(symbol, step, Math.floor(from / 1000), Math.floor(to / 1000)).map(legacyKline);
    }
    case 'legacy.book': {
      const symbol = pair(exchange, path.symbol);
      const places = whole(q.get('precision'), 'precision', exchange.details(symbol)!.price_max_precision);
      if (places > 18) throw new LegacyHttpError(400, 'precision must be 0 to 18');
      return legacyBook(exchange.depth(symbol, PROTOCOL.bookLevels.max), places);
    }
    case 'legacy.trades':
      return exchange.trades(pair(exchange, path.symbol), PROTOCOL.tradesMax).map(legacyTrade);
    default:
      throw new LegacyHttpError(404, 'Not found');
  }
}
