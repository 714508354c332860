/** Engine and tape records turned into the views of the exchange interface (src/sandbox/exchange-api.ts). */
import { div, fmt, isZero, norm, sub } from '../../util/decimal.js';
import type { FillView, KlineView, OrderView, TickerView, TradeView } from '../exchange-api.js';
import type { Level } from '../engine/book.js';
import type { FillRec, OrderRec, TradeRec } from '../engine/types.js';
import { pairSpec } from '../engine/pairs.js';
import type { Candle, Stats24h } from '../market/tape.js';

/** A price written with the pair's full precision (e.g. `65000.10`). */
export function priceText(symbol: string, price: string): string {
  return fmt(price, pairSpec(symbol)?.details.price_max_precision ?? 8);
}

/** Average fill price: filled notional over filled size, 0 when nothing filled. */
export function average(symbol: string, notional: string, size: string): string {
  if (isZero(size)) return '0';
  return norm(div(notional, size, (pairSpec(symbol)?.details.price_max_precision ?? 8) + 2));
}

export function orderView(o: OrderRec): OrderView {
  return {
    order_id: o.id, client_order_id: o.cid, account_id: o.acct, symbol: o.symbol, side: o.side, type: o.type,
    price: o.price === '' ? '0' : o.price, size: o.size, notional: o.notional === '' ? o.size : o.notional,
    filled_size: o.filledSize, filled_notional: o.filledNotional, price_avg: average(o.symbol, o.filledNotional, o.filledSize),
    status: o.status, create_time: o.ct, update_time: o.ut,
  };
}

export function fillView(f: FillRec): FillView {
  return {
    detail_id: f.id, order_id: f.orderId, client_order_id: f.cid, account_id: f.acct, symbol: f.symbol, side: f.side,
    price: f.price, size: f.size, notional: f.notional, fees: f.fee, fee_coin_name: f.feeCoin, exec_type: f.exec, create_time: f.time,
  };
}

export function tradeView(t: TradeRec): TradeView {
  return { trade_id: t.id, symbol: t.symbol, price: priceText(t.symbol, t.price), size: t.size, side: t.side, time: t.time };
}

export function klineView(symbol: string, c: Candle): KlineView {
  const p = (x: string) => priceText(symbol, x);
  return { timestamp: c.t, open: p(c.o), high: p(c.h), low: p(c.l), close: p(c.c), last_price: p(c.c), volume: c.v, quote_volume: c.qv };
}

/** Ticker of spec 2.3 (plus ms_t): 24h figures from the candles, best prices from the book; `now` in ms. */
export function tickerView(symbol: string, s: Stats24h, bid: Level | undefined, ask: Level | undefined, now: number): TickerView {
  const p = (x: string) => priceText(symbol, x);
  return {
    symbol, last_price: p(s.close), base_volume_24h: s.volume, quote_volume_24h: s.quoteVolume, high_24h: p(s.high), low_24h: p(s.low),
    open_24h: p(s.open), close_24h: p(s.close), fluctuation: norm(div(sub(s.close, s.open), s.open, 4)),
    best_ask: ask ? p(ask.price) : '', best_ask_size: ask?.size ?? '', best_bid: bid ? p(bid.price) : '', best_bid_size: bid?.size ?? '',
    url: `https://sandbox.invalid/trade/${symbol}`, ms_t: now,
  };
}
