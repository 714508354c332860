/** Spot private routes (spec 4.3, facts.md 5): wallet, place, cancel, batch, order queries, fills. */
import { endpoint } from '../../api/catalogue/index.js';
import { cmp, norm, sub } from '../../util/decimal.js';
import { ExchangeError, type FillView, type OrderStatus, type OrderView, type PlaceRequest, type StpMode } from '../exchange-api.js';
import { fail } from '../errors.js';
import { accountOf, pairOf, placedId, wireId, type Call, type Handler } from './call.js';
import { checkParams, type Values } from './params.js';
import { truncatedFigures } from './figures.js';
import { PROTOCOL } from '../../api/catalogue/protocol.js';
import { ORDER_FILTER_CODES } from '../../api/catalogue/statuses.js';
import type { Side } from '../../api/catalogue/vocab.js';

/** The states each status filter of /spot/v2/orders selects: 9 is open (4 and 5), 10 is done (6 and 8). */
export const STATUS_FILTER: Record<string, readonly OrderStatus[]> = Object.fromEntries(
  Object.entries(ORDER_FILTER_CODES).map(([filter, codes]) => [filter, codes.map((c) => Number(c) as OrderStatus)]),
);
/** Most orders in one batch (50033 beyond). */
export const MAX_BATCH = PROTOCOL.ordersPerBatch;

/**
 * Spec 2.7 names an order's `type` limit or market: limit_maker and ioc orders (accepted at placement)
 * are echoed as limit, as the spec's order shape has no field for the kind (the private order push
 * tells it apart with `order_type` 1 and 3, spec 6.3).
 */
export function wireType(type: OrderView['type']): 'limit' | 'market' {
  return type === 'market' ? 'market' : 'limit';
}

/** An order as spec 2.7 writes it; `detail` adds unfilled_volume. */
export function orderWire(o: OrderView, detail: boolean) {
  const unfilled = o.type === 'market' && o.side === 'buy' ? '0' : norm(sub(o.size, o.filled_size));
  return {
    order_id: wireId(o.order_id), symbol: o.symbol, create_time: o.create_time, side: o.side, type: wireType(o.type), price: o.price,
    price_avg: o.price_avg, size: o.size, notional: o.notional, filled_notional: o.filled_notional, filled_size: o.filled_size,
    ...(detail ? { unfilled_volume: cmp(unfilled, '0') < 0 ? '0' : unfilled } : {}),
    status: String(o.status), clientOrderId: o.client_order_id,
  };
}

/** A fill as spec 2.8 writes it. */
export function fillWire(f: FillView) {
  return {
    detail_id: wireId(f.detail_id), order_id: wireId(f.order_id), symbol: f.symbol, create_time: f.create_time, side: f.side,
    fees: f.fees, fee_coin_name: f.fee_coin_name, notional: f.notional, price_avg: f.price, size: f.size, exec_type: f.exec_type,
    clientOrderId: f.client_order_id,
  };
}

/** The order a request asks for; outside strict mode its over-precise figures cut as the venue did (figures.ts). */
export function placeRequest(c: Call, q: Values): PlaceRequest {
  const spec = pairOf({ ...c, q });
  const req: PlaceRequest = {
    symbol: q.symbol!, side: q.side as PlaceRequest['side'], type: q.type as PlaceRequest['type'],
    ...(q.size !== undefined ? { size: q.size } : {}), ...(q.price !== undefined ? { price: q.price } : {}),
    ...(q.notional !== undefined ? { notional: q.notional } : {}),
    ...(q.client_order_id !== undefined ? { client_order_id: q.client_order_id } : {}),
    ...(q.stpMode !== undefined ? { stpMode: q.stpMode as StpMode } : {}),
  };
  return c.strict ? req : truncatedFigures(spec, req);
}

function orderRef(c: Call, cidName: string): { order_id?: string; client_order_id?: string } {
  const order_id = c.q.order_id;
  const cid = c.q[cidName] ?? (typeof c.raw.client_order_id === 'string' ? c.raw.client_order_id : undefined);
  if (!order_id && !cid) throw fail(50039);
  if (order_id !== undefined && !/^[0-9]{1,20}$/.test(order_id)) throw fail(50021, 'order_id');
  return { ...(order_id ? { order_id } : {}), ...(cid ? { client_order_id: cid } : {}) };
}

function cancel(c: Call) {
  const sym = pairOf(c).details.symbol;
  try {
    c.ex.cancelOrder(accountOf(c).id, sym, orderRef(c, 'client_order_id'));
    return { result: true };
  } catch (err) {
    if (err instanceof ExchangeError && (err.code === 50030 || err.code === 50031)) return { result: false };
    throw err;
  }
}

function batch(c: Call) {
  const list = c.raw.order_params;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_BATCH) throw fail(50033);
  const submit = endpoint('spot.order.submit');
  return {
    responses: list.map((item: unknown) => {
      try {
        if (!item || typeof item !== 'object' || Array.isArray(item)) throw fail(50028);
        const q = checkParams(submit, item as Record<string, unknown>, c.strict ?? false);
        const o = c.ex.placeOrder(accountOf(c).id, placeRequest(c, q));
        return { code: 0, msg: 'success', data: { order_id: placedId(c, o.order_id) } };
      } catch (err) {
        if (!(err instanceof ExchangeError)) throw err;
        return { code: err.code, msg: err.message };
      }
    }),
  };
}

export const SPOT_ROUTES: Record<string, Handler> = {
  'spot.wallet': (c) => ({
    wallet: c.ex.balances(accountOf(c).id)
      .filter((b) => c.q.currency === undefined || b.currency === c.q.currency)
      .map((b) => ({ id: b.currency, name: b.name, available: b.available, frozen: b.frozen })),
  }),
  'spot.order.submit': (c) => {
    const o = c.ex.placeOrder(accountOf(c).id, placeRequest(c, c.q));
    return { order_id: placedId(c, o.order_id) };
  },
  // Both versions answer result false for an order that is already over (facts.md 5), not 50030/50031.
  'spot.order.cancel': cancel,
  'spot.order.cancel.v2': cancel,
  'spot.order.cancel_all': (c) => {
    const syms = c.q.symbol === undefined ? c.ex.symbols() : [pairOf(c).details.symbol];
    for (const s of syms) c.ex.cancelAll(accountOf(c).id, s, c.q.side as Side | undefined);
    return {};
  },
  'spot.order.batch': batch,
  'spot.order.detail': (c) => {
    const sym = pairOf(c).details.symbol;
    const o = c.ex.order(accountOf(c).id, sym, orderRef(c, 'clientOrderId'));
    if (!o) throw fail(50005);
    return orderWire(o, true);
  },
  'spot.orders': (c) => {
    const sym = pairOf(c).details.symbol;
    const statuses = STATUS_FILTER[c.q.status!]!;
    const orders = c.ex.orders(accountOf(c).id, sym, statuses, Number(c.q.N));
    return { current_page: 1, orders: orders.map((o) => orderWire(o, false)) };
  },
  'spot.trades.user': (c) => {
    const sym = pairOf(c).details.symbol;
    const page = Number(c.q.offset ?? '1');
    const limit = Number(c.q.limit ?? '100');
    if (c.q.order_id !== undefined && !/^[0-9]{1,20}$/.test(c.q.order_id)) throw fail(50021, 'order_id');
    const fills = c.ex.fills(accountOf(c).id, sym, c.q.order_id);
    return { current_page: page, trades: fills.slice((page - 1) * limit, page * limit).map(fillWire) };
  },
};
