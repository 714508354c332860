/** Current-generation views of the exchange, shaped as the legacy bodies of spec 2.14. */
import { LEGACY_ORDER_STATUSES } from '../../api/catalogue/vocab.js';
import { STATUS_CODE, STATUS_NUMBER } from '../../api/catalogue/statuses.js';
import { add, cmp, dec, fmt, isDecimal, mul, norm, sub, truncate } from '../../util/decimal.js';
import { wireId } from '../http/call.js';
import type { DepthView, ExchangeApi, FillView, KlineView, OrderStatus, OrderView, PairDetails, TickerView, TradeView } from '../exchange-api.js';
import { STATUS_FILTER } from '../http/routes-spot.js';

/** Current status -> legacy status (spec 3): the legacy code of the same word (pending 4 is 1...). */
const LEGACY_OF: ReadonlyMap<number, number> = new Map(LEGACY_ORDER_STATUSES.map((l) => [STATUS_NUMBER[l.word], Number(l.code)]));

/** Legacy list filter (1 to 6) -> current statuses: those of the current filter of the same word. */
export const FILTER: Readonly<Record<string, readonly OrderStatus[]>> = Object.fromEntries(
  LEGACY_ORDER_STATUSES.map((l) => [l.code, STATUS_FILTER[STATUS_CODE[l.word]]!]),
);

export function legacyOrder(exchange: ExchangeApi, accountId: string, o: OrderView): Record<string, unknown> {
  const fees = exchange.fills(accountId, o.symbol, o.order_id).reduce((sum, f) => add(sum, f.fees), dec('0'));
  const size = o.size && isDecimal(o.size) ? o.size : o.filled_size;
  const remaining = sub(size, o.filled_size);
  return {
    entrust_id: wireId(o.order_id), symbol: o.symbol, timestamp: o.create_time, side: o.side, price: o.price,
    fees: norm(fees), original_amount: size, executed_amount: o.filled_size,
    remaining_amount: o.status === STATUS_NUMBER.cancelled || cmp(remaining, '0') < 0 ? '0' : norm(remaining), status: LEGACY_OF.get(o.status),
  };
}

export function legacyFill(f: FillView): Record<string, unknown> {
  return {
    symbol: f.symbol, amount: f.size, fees: f.fees, trade_id: wireId(f.detail_id), price: f.price,
    active: f.exec_type === 'T', entrust_id: wireId(f.order_id), timestamp: f.create_time, entrustType: f.side === 'buy' ? 0 : 1,
  };
}

export function legacyDetails(d: PairDetails): Record<string, unknown> {
  return {
    id: d.symbol, base_currency: d.base_currency, quote_currency: d.quote_currency, quote_increment: d.quote_increment,
    base_min_size: d.base_min_size, base_max_size: d.base_max_size, price_min_precision: d.price_min_precision,
    price_max_precision: d.price_max_precision, expiration: d.expiration,
  };
}

export function legacyTicker(t: TickerView): Record<string, string> {
  return {
    symbol_id: t.symbol, volume: t.quote_volume_24h, base_volume: t.base_volume_24h, highest_price: t.high_24h,
    lowest_price: t.low_24h, current_price: t.last_price, ask_1: t.best_ask, ask_1_amount: t.best_ask_size,
    bid_1: t.best_bid, bid_1_amount: t.best_bid_size, fluctuation: t.fluctuation, url: t.url,
  };
}

export function legacyKline(k: KlineView): Record<string, unknown> {
  return {
    timestamp: k.timestamp * 1000, open_price: k.open, highest_price: k.high, lowest_price: k.low,
    current_price: k.close, volume: k.volume,
  };
}

export function legacyTrade(t: TradeView): Record<string, unknown> {
  return { amount: norm(mul(t.price, t.size)), order_time: t.time, price: t.price, count: t.size, type: t.side };
}

/** A price moved to `places` decimals: down for bids, up for asks, so merged levels never cross. */
function bucket(price: string, places: number, up: boolean): string {
  const t = truncate(price, places);
  if (!up || cmp(t, price) === 0) return fmt(t, places);
  return fmt(add(t, { units: 1n, scale: places }), places);
}

/** One side of the book with levels merged to `places` decimals and running totals. */
function side(levels: DepthView['bids'], places: number, up: boolean): Array<Record<string, string>> {
  const out: Array<{ price: string; amount: string; count: number }> = [];
  for (const [price, size] of levels) {
    const p = bucket(price, places, up);
    const last = out[out.length - 1];
    if (last && last.price === p) {
      last.amount = norm(add(last.amount, size));
      last.count++;
    } else out.push({ price: p, amount: size, count: 1 });
  }
  let total = dec('0');
  return out.map((l) => {
    total = add(total, l.amount);
    return { amount: l.amount, total: norm(total), price: l.price, count: String(l.count) };
  });
}

export function legacyBook(d: DepthView, places: number): { buys: Array<Record<string, string>>; sells: Array<Record<string, string>> } {
  return { buys: side(d.bids, places, false), sells: side(d.asks, places, true) };
}
