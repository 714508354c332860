/**
 * What each keyed live view shows, and from which part of the state: the tickers, a pair's trades and
 * candles (the live layer's market), your orders (depth has its own file).
 */
import { scalarText } from '../../util/json.js';
import type { Entry } from '../../ws/codec.js';
import { clock } from '../grid.js';
import { ORDER_STATUSES } from '../../api/catalogue/vocab.js';
import { KeyedView, type View } from './keyed.js';

export type { View } from './keyed.js';

const text = (v: unknown) => scalarText(v);
const msOf = (e: Entry) => (e.ms_t !== undefined ? Number(text(e.ms_t)) : Number(text(e.s_t)) * 1000);

const byText = (field: string) => (a: Entry, b: Entry) => {
  const x = text(a[field]);
  const y = text(b[field]);
  return x < y ? -1 : x > y ? 1 : 0;
};

export function tickerView(): View {
  return new KeyedView(
    [
      { name: 'symbol', field: 'symbol' },
      { name: 'last_price', field: 'last_price', right: true },
      { name: 'bid_px', field: 'bid_px', right: true },
      { name: 'ask_px', field: 'ask_px', right: true },
      { name: 'open_24h', field: 'open_24h', right: true },
      { name: 'high_24h', field: 'high_24h', right: true },
      { name: 'low_24h', field: 'low_24h', right: true },
      { name: 'base_volume_24h', field: 'base_volume_24h', right: true },
      { name: 'time', field: 'time', show: (e) => clock(msOf(e)) },
    ],
    { slice: 'market', entries: (s) => s.market.tickers(), order: byText('symbol'), keyOf: (e) => text(e.symbol) },
  );
}

/** The trades of `symbol`, newest first (the live layer keeps them so). */
export function tradesView(symbol: string): View {
  // Trades have no id on this channel: number them in arrival order.
  const seqOf = new WeakMap<Entry, number>();
  let seq = 0;
  const key = (e: Entry) => {
    let n = seqOf.get(e);
    if (n === undefined) seqOf.set(e, (n = ++seq));
    return String(n);
  };
  return new KeyedView(
    [
      { name: 'time', field: 'time', show: (e) => clock(msOf(e)) },
      { name: 'side', field: 'side' },
      { name: 'price', field: 'price', right: true },
      { name: 'size', field: 'size', right: true },
    ],
    { slice: 'market', entries: (s) => s.market.trades(symbol), keyOf: key },
  );
}

/** The candles of `symbol`, newest first. */
export function klineView(symbol: string): View {
  const c = (i: number) => (e: Entry) => text((e.candle as unknown[] | undefined)?.[i]);
  return new KeyedView(
    [
      { name: 'time', field: 'time', show: (e) => new Date(Number(c(0)(e)) * 1000).toISOString().slice(0, 16).replace('T', ' ') },
      { name: 'open', field: 'open', right: true, show: c(1) },
      { name: 'high', field: 'high', right: true, show: c(2) },
      { name: 'low', field: 'low', right: true, show: c(3) },
      { name: 'close', field: 'close', right: true, show: c(4) },
      { name: 'volume', field: 'volume', right: true, show: c(5) },
    ],
    { slice: 'market', entries: (s) => s.market.candles(symbol).reverse(), keyOf: c(0) },
  );
}

/** Order states (`state`, spec 6.3) as the catalogue's words. */
const STATES: Readonly<Record<string, string>> = Object.fromEntries(ORDER_STATUSES.map((st) => [st.code, st.word]));

export function ordersView(): View {
  return new KeyedView(
    [
      { name: 'order_id', field: 'order_id' },
      { name: 'side', field: 'side' },
      { name: 'type', field: 'type' },
      { name: 'price', field: 'price', right: true },
      { name: 'size', field: 'size', right: true },
      { name: 'filled_size', field: 'filled_size', right: true },
      { name: 'state', field: 'state', show: (e) => STATES[text(e.state)] ?? text(e.state) },
      { name: 'last_fill_price', field: 'last_fill_price', right: true },
      { name: 'time', field: 'time', show: (e) => clock(Number(text(e.ms_t))) },
      { name: 'client_order_id', field: 'client_order_id' },
    ],
    { slice: 'orders', entries: (s) => [...s.orders.values()], order: (a, b) => Number(text(b.ms_t)) - Number(text(a.ms_t)), keyOf: (e) => text(e.order_id) },
  );
}
