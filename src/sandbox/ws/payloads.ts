/** Push entries of each channel (spec 6.3 and facts.md 4), built from the exchange's views. */
import type { Balance, ExchangeApi, FillView, OrderView, TradeView } from '../exchange-api.js';
import { v4State, type BalanceEvent } from '../../api/catalogue/later-vocab.js';
import { isZero } from '../../util/decimal.js';

export type Entry = Record<string, unknown>;

export function tickerEntry(ex: ExchangeApi, symbol: string): Entry {
  const t = ex.ticker(symbol);
  return {
    symbol, last_price: t.last_price, open_24h: t.open_24h, high_24h: t.high_24h, low_24h: t.low_24h,
    base_volume_24h: t.base_volume_24h, quote_volume_24h: t.quote_volume_24h, fluctuation: t.fluctuation,
    bid_px: t.best_bid, bid_sz: t.best_bid_size, ask_px: t.best_ask, ask_sz: t.best_ask_size,
    s_t: Math.floor(t.ms_t / 1000), ms_t: t.ms_t,
  };
}

export function depthEntry(ex: ExchangeApi, symbol: string, levels: number): Entry {
  const d = ex.depth(symbol, levels);
  return { symbol, asks: d.asks.slice(0, levels), bids: d.bids.slice(0, levels), ms_t: d.ms_t };
}

/** Spec 6.3 gives `s_t` (seconds); later venues added `ms_t` (facts.md 4), which clients read: both. */
export function tradeEntry(t: TradeView): Entry {
  return { symbol: t.symbol, price: t.price, side: t.side, size: t.size, s_t: Math.floor(t.time / 1000), ms_t: t.time };
}

/** The candle of the step that holds `nowMs`, else the latest one; undefined when there is none. */
export function klineEntry(ex: ExchangeApi, symbol: string, stepMinutes: number, nowMs: number): Entry | undefined {
  const step = stepMinutes * 60;
  const now = Math.floor(nowMs / 1000);
  const list = ex.klines(symbol, stepMinutes, now - 2 * step, now);
  const k = list[list.length - 1];
  if (!k) return undefined;
  return { symbol, candle: [k.timestamp, k.open, k.high, k.low, k.close, k.volume] };
}

const ORDER_TYPE: Readonly<Record<OrderView['type'], string>> = { limit: '0', market: '0', limit_maker: '1', ioc: '3' };
const ENTRUST_TYPE: Readonly<Record<OrderView['type'], string>> = { limit: 'normal', market: 'normal', limit_maker: 'limit_maker', ioc: 'ioc' };

/**
 * Order progress: every field a string, as spec 6.3 lists them, and the venue's later ones beside them
 * (the state as a word, the kind as `entrust_type`, creation and update times, the order mode).
 */
export function orderEntry(o: OrderView, fill?: FillView): Entry {
  return {
    symbol: o.symbol,
    order_id: o.order_id,
    price: o.price,
    size: o.size,
    notional: o.type === 'market' && o.side === 'buy' ? o.notional : '',
    side: o.side,
    type: o.type === 'market' ? 'market' : 'limit',
    ms_t: String(o.update_time),
    filled_size: o.filled_size,
    filled_notional: o.filled_notional,
    margin_trading: '0',
    order_type: ORDER_TYPE[o.type],
    state: String(o.status),
    last_fill_price: fill?.price ?? '',
    last_fill_count: fill?.size ?? '0',
    last_fill_time: fill ? String(fill.create_time) : '0',
    exec_type: fill?.exec_type ?? '',
    detail_id: fill?.detail_id ?? '',
    client_order_id: o.client_order_id,
    order_state: v4State(o.status, !isZero(o.filled_size)),
    entrust_type: ENTRUST_TYPE[o.type],
    create_time: String(o.create_time),
    update_time: String(o.update_time),
    order_mode: 'spot',
  };
}

/** A balance push's entry: one currency, its balance after the change (ccxt reads one entry, one detail). */
export function balanceEntry(b: Balance, event: BalanceEvent, nowMs: number): Entry {
  return { event_type: event, event_time: String(nowMs), balance_details: [{ ccy: b.currency, av_bal: b.available, fz_bal: b.frozen }] };
}

/** The balance of each currency in `moved` (`{ccy, event}` marks; the latest event names it) as it stands now, an entry each. */
export function balanceEntries(ex: ExchangeApi, accountId: string, moved: readonly Entry[], nowMs: number): Entry[] {
  const latest = new Map<string, BalanceEvent>();
  for (const e of moved) latest.set(e.ccy as string, e.event as BalanceEvent);
  const all = ex.balances(accountId);
  return [...latest].flatMap(([ccy, event]) => {
    const b = all.find((x) => x.currency === ccy);
    return b ? [balanceEntry(b, event, nowMs)] : [];
  });
}
