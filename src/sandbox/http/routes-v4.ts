/**
 * The later order queries (v4, POSTs that only read; the retired v3 list ccxt still calls) over the same
 * engine as the spec's: an order placed on any version is found here by its id or client order id.
 */
import { STATUS_NUMBER, statusCode, type OrderStatusWord } from '../../api/catalogue/statuses.js';
import { ORDER_STATUSES, type Status } from '../../api/catalogue/vocab.js';
import { fail } from '../errors.js';
import type { OrderStatus, OrderView } from '../exchange-api.js';
import { accountOf, pairOf, type Call, type Handler } from './call.js';
import { v4Order, v4Trade, window } from './later-shapes.js';
import { orderWire, STATUS_FILTER } from './routes-spot.js';

const OPEN: readonly OrderStatus[] = [STATUS_NUMBER.pending, STATUS_NUMBER.partially_filled];
const OVER: readonly OrderStatus[] = [STATUS_NUMBER.filled, STATUS_NUMBER.cancelled];
/** History lists look back 7 days unless a start is given (the venue's default). */
const HISTORY_DAYS = 7;
/** Orders of one account the lists read at most, before the window and limit. */
const READ_MAX = 10_000;
const ORDER_ID = /^[0-9]{1,20}$/;

/** The list's pair, when it names one (50001 for one the venue does not list). */
function listPair(c: Call): string | undefined {
  if (c.q.symbol === undefined) return undefined;
  return pairOf(c).details.symbol;
}

/** Whether `queryState` admits the order: open, history, or (absent) either. */
function inState(c: Call, o: OrderView): boolean {
  const open = (OPEN as readonly number[]).includes(o.status);
  return c.q.queryState === undefined || (c.q.queryState === 'open') === open;
}

function oneOrder(c: Call, ref: { order_id?: string; client_order_id?: string }) {
  if (ref.order_id !== undefined && !ORDER_ID.test(ref.order_id)) throw fail(50005);
  const o = c.ex.orderAnywhere(accountOf(c).id, ref);
  if (!o || !inState(c, o)) throw fail(50005);
  return v4Order(o);
}

/** Orders of `statuses` within the window, newest first; the sandbox trades spot only, so iso_margin lists none. */
function orderList(c: Call, statuses: readonly OrderStatus[], days: number | undefined) {
  const w = window(c, days);
  if (c.q.orderMode === 'iso_margin') return [];
  return c.ex.ordersAcross(accountOf(c).id, listPair(c), statuses, READ_MAX)
    .filter((o) => o.create_time >= w.from && o.create_time <= w.to)
    .slice(0, Number(c.q.limit ?? '200'))
    .map(v4Order);
}

/** The type of each fill's order, read once per order. */
function tradesOf(c: Call, fills: ReturnType<Call['ex']['fillsAcross']>) {
  const types = new Map<string, string>();
  const typeOf = (orderId: string) => {
    let t = types.get(orderId);
    if (t === undefined) types.set(orderId, (t = c.ex.orderAnywhere(accountOf(c).id, { order_id: orderId })?.type ?? 'limit'));
    return t;
  };
  return fills.map((f) => v4Trade(f, typeOf(f.order_id)));
}

export const V4_ROUTES: Record<string, Handler> = {
  'later.v4.order': (c) => oneOrder(c, { order_id: c.q.orderId! }),
  'later.v4.client-order': (c) => oneOrder(c, { client_order_id: c.q.clientOrderId! }),
  // Every open order unless a window is given: an open order is open however old (docs/spec-choices.md).
  'later.v4.open-orders': (c) => orderList(c, OPEN, undefined),
  'later.v4.history-orders': (c) => orderList(c, OVER, HISTORY_DAYS),
  'later.v4.trades': (c) => {
    const w = window(c, HISTORY_DAYS);
    if (c.q.orderMode === 'iso_margin') return [];
    const fills = c.ex.fillsAcross(accountOf(c).id, listPair(c)).filter((f) => f.create_time >= w.from && f.create_time <= w.to);
    return tradesOf(c, fills.slice(0, Number(c.q.limit ?? '200')));
  },
  // An order unknown or without fills has none: an empty list.
  'later.v4.order-trades': (c) => {
    const id = c.q.orderId!;
    const o = ORDER_ID.test(id) ? c.ex.orderAnywhere(accountOf(c).id, { order_id: id }) : undefined;
    return o ? c.ex.fills(accountOf(c).id, o.symbol, id).map((f) => v4Trade(f, o.type)) : [];
  },
  // A code of the vocabulary that is another's alias (11, partially filled) selects what that one does.
  'later.v3.orders': (c) => {
    const sym = pairOf(c).details.symbol;
    const alias = (ORDER_STATUSES as readonly Status[]).find((s) => s.alias && s.code === c.q.status);
    const statuses = STATUS_FILTER[alias ? statusCode(ORDER_STATUSES, alias.word as OrderStatusWord) : c.q.status!];
    if (!statuses) throw fail(50019);
    const page = Number(c.q.offset ?? '1');
    const n = Number(c.q.N);
    const from = c.q.start_time === undefined ? 0 : Number(c.q.start_time);
    const to = c.q.end_time === undefined ? Number.MAX_SAFE_INTEGER : Number(c.q.end_time);
    const orders = c.ex.orders(accountOf(c).id, sym, statuses, READ_MAX)
      .filter((o) => o.create_time >= from && o.create_time <= to);
    return { current_page: page, orders: orders.slice((page - 1) * n, page * n).map((o) => orderWire(o, false)) };
  },
};
