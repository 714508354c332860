/**
 * Pushes and REST answers into the terminal's state. Each function takes the venue's shape as sent
 * (stream entry or REST data), keeps decimals as the venue's strings, and bumps the version of
 * what it changed. Cheap on purpose: they run per message; formatting waits for a frame.
 */
import { isOpenStatus } from '../../api/catalogue/statuses.js';
import { isSide } from '../../api/catalogue/vocab.js';
import { cmp, isZero } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';
import { clock } from '../grid.js';
import { CANDLES_KEPT, lastPrice, TRADES_KEPT, type Balance, type Candle, type Level, type OpenOrder, type TradeState } from './state.js';

type Obj = Record<string, unknown>;
const text = (v: unknown) => scalarText(v);

function levels(v: unknown): Level[] {
  if (!Array.isArray(v)) return [];
  return v.filter(Array.isArray).map((l) => [text(l[0]), text(l[1])] as const);
}

/** A depth push: the whole book to its depth. */
export function applyDepth(s: TradeState, e: Obj): void {
  s.market.asks = levels(e.asks);
  s.market.bids = levels(e.bids);
  s.versions.book++;
}

/** `GET /spot/v1/symbols/book`: levels as objects under `buys` and `sells`. */
export function applyRestBook(s: TradeState, data: unknown): void {
  const d = (data ?? {}) as Obj;
  const side = (v: unknown): Level[] => (Array.isArray(v) ? v.map((l: Obj) => [text(l.price), text(l.amount ?? l.size)] as const) : []);
  s.market.asks = side(d.sells);
  s.market.bids = side(d.buys);
  s.versions.book++;
}

/** A venue's epoch-milliseconds field as a number (a time, never an amount). */
const epochMs = (v: unknown) => Number(text(v));

/** Bumps `last` when the last price moved: the orders pane's P&L reads it, and it moves far less often than trades come. */
function lastMoved(s: TradeState, before: string | undefined): void {
  if (lastPrice(s) !== before) s.versions.last++;
}

/** Trade pushes, oldest first within one push: the newest goes on top. */
export function applyTrade(s: TradeState, e: Obj): void {
  const before = lastPrice(s);
  const ms = e.ms_t !== undefined ? epochMs(e.ms_t) : epochMs(e.s_t) * 1000;
  const trades = s.market.trades;
  trades.unshift({ time: clock(ms), side: text(e.side), price: text(e.price), size: text(e.size) });
  if (trades.length > TRADES_KEPT) trades.pop();
  s.versions.trades++;
  lastMoved(s, before);
}

/** `GET /spot/v1/symbols/trades`: newest first; replaces what was shown. */
export function applyRestTrades(s: TradeState, data: unknown): void {
  const before = lastPrice(s);
  const list = ((data as Obj | undefined)?.trades ?? []) as Obj[];
  s.market.trades = list.slice(0, TRADES_KEPT).map((t) => {
    const time = clock(epochMs(t.order_time));
    return { time, side: text(t.type ?? t.side), price: text(t.price), size: text(t.count ?? t.size) };
  });
  s.versions.trades++;
  lastMoved(s, before);
}

function putCandle(s: TradeState, c: Candle): void {
  if (!Number.isFinite(c[0])) return;
  s.market.candles.set(c[0], c);
  if (s.market.candles.size > CANDLES_KEPT) {
    const oldest = Math.min(...s.market.candles.keys());
    s.market.candles.delete(oldest);
  }
  s.versions.candles++;
}

/** A kline push: `candle` is `[start s, open, high, low, close, volume]`. */
export function applyKline(s: TradeState, e: Obj): void {
  const c = e.candle;
  if (!Array.isArray(c)) return;
  putCandle(s, [Number(text(c[0])), text(c[1]), text(c[2]), text(c[3]), text(c[4]), text(c[5])]);
}

/** `GET /spot/v1/symbols/kline`. */
export function applyRestKlines(s: TradeState, data: unknown): void {
  for (const k of ((data as Obj | undefined)?.klines ?? []) as Obj[]) {
    putCandle(s, [Number(text(k.timestamp)), text(k.open), text(k.high), text(k.low), text(k.close), text(k.volume)]);
  }
}

/** A ticker push or one ticker of `GET /spot/v1/ticker`. */
export function applyTicker(s: TradeState, e: Obj): void {
  const before = lastPrice(s);
  s.market.ticker = { last: text(e.last_price), open24h: text(e.open_24h), high24h: text(e.high_24h), low24h: text(e.low_24h), volume24h: text(e.base_volume_24h) };
  s.versions.ticker++;
  lastMoved(s, before);
}

/** `GET /spot/v1/wallet`: every currency's available and frozen amounts. */
export function applyWallet(s: TradeState, data: unknown): void {
  const m = new Map<string, Balance>();
  for (const w of ((data as Obj | undefined)?.wallet ?? []) as Obj[]) m.set(text(w.id ?? w.currency), { available: text(w.available), frozen: text(w.frozen) });
  s.account.balances = m;
  s.versions.account++;
}

function orderOf(o: Obj, timeKey: string): OpenOrder | undefined {
  const side = text(o.side);
  if (!isSide(side)) return undefined;
  const time = epochMs(o[timeKey] ?? o.create_time) || 0;
  return {
    id: text(o.order_id), clientOrderId: text(o.client_order_id ?? o.clientOrderId), side, type: text(o.type),
    price: text(o.price), size: text(o.size), filled: text(o.filled_size) || '0', time,
  };
}

/** `GET /spot/v2/orders?status=9`: the pair's open orders; replaces what was known. */
export function applyRestOrders(s: TradeState, data: unknown): void {
  const m = new Map<string, OpenOrder>();
  for (const o of ((data as Obj | undefined)?.orders ?? []) as Obj[]) {
    if (!isOpenStatus(text(o.status))) continue;
    const order = orderOf(o, 'create_time');
    if (order) m.set(order.id, order);
  }
  s.account.orders = m;
  s.versions.account++;
}

/** What an order push meant for the account. */
export type OrderEvent = 'fill' | 'change' | 'none';

/** An order-progress push: the order is kept while open, dropped when done; a fill is reported. */
export function applyOrder(s: TradeState, e: Obj): OrderEvent {
  const order = orderOf(e, 'ms_t');
  if (!order) return 'none';
  const known = s.account.orders.get(order.id);
  const filledMore = known ? cmp(order.filled, known.filled) > 0 : !isZero(order.filled);
  const fill = filledMore || (text(e.last_fill_count) !== '' && !isZero(text(e.last_fill_count) || '0') && text(e.exec_type) !== '');
  if (isOpenStatus(text(e.state))) s.account.orders.set(order.id, known ? { ...order, time: known.time } : order);
  else s.account.orders.delete(order.id);
  s.versions.account++;
  return fill ? 'fill' : 'change';
}
