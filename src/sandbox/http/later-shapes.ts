/**
 * Orders and fills as the venue's later endpoints write them: the v4 order and trade objects (camelCase,
 * ids and figures as strings, times as numbers in ms, the state as a word), and the time window of the
 * v4 lists.
 */
import { v4State } from '../../api/catalogue/later-vocab.js';
import { isZero } from '../../util/decimal.js';
import { fail } from '../errors.js';
import type { FillView, OrderView } from '../exchange-api.js';
import type { Call } from './call.js';

/** A v4 order. An order the engine ended (ioc, limit_maker, market remainder) was cancelled by the system. */
export function v4Order(o: OrderView) {
  const state = v4State(o.status, !isZero(o.filled_size));
  const over = state === 'canceled' || state === 'partially_canceled';
  return {
    orderId: o.order_id, clientOrderId: o.client_order_id || o.order_id, symbol: o.symbol, side: o.side, orderMode: 'spot', type: o.type,
    state, cancelSource: over ? (o.type === 'limit' ? 'user' : 'system') : '', stpMode: 'none',
    price: o.price, priceAvg: o.price_avg, size: o.size, filledSize: o.filled_size, notional: o.notional, filledNotional: o.filled_notional,
    createTime: o.create_time, updateTime: o.update_time,
  };
}

/** A v4 trade; `type` is the type of the order it filled. */
export function v4Trade(f: FillView, type: string) {
  return {
    tradeId: f.detail_id, orderId: f.order_id, clientOrderId: f.client_order_id || f.order_id, symbol: f.symbol, side: f.side,
    orderMode: 'spot', type, stpMode: 'none', price: f.price, size: f.size, notional: f.notional, fee: f.fees,
    feeCoinName: f.fee_coin_name, tradeRole: f.exec_type === 'T' ? 'taker' : 'maker', createTime: f.create_time, updateTime: f.create_time,
  };
}

const DAY = 86_400_000;

/**
 * The window of a v4 list, ms: `endTime` (default now) and `startTime` (default `days` before the end;
 * none when `days` is undefined); 52004 when the end is before the start.
 */
export function window(c: Call, days: number | undefined): { from: number; to: number } {
  const to = c.q.endTime === undefined ? Number.MAX_SAFE_INTEGER : Number(c.q.endTime);
  const end = c.q.endTime === undefined ? c.now : to;
  const from = c.q.startTime !== undefined ? Number(c.q.startTime) : days === undefined ? 0 : end - days * DAY;
  if (c.q.startTime !== undefined && c.q.endTime !== undefined && to < from) throw fail(52004);
  return { from, to };
}
