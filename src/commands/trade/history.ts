/**
 * The history's part of the update: the pair's recent ended orders (filled, cancelled) as the venue
 * lists them, with the fills of each (fees, average price), kept current by the order stream; and its
 * keys: `h` calls it up (and reads it), Up/Down and PgUp/PgDn walk it, Enter shows an order's fills.
 */
import { statusLife } from '../../api/catalogue/statuses.js';
import { add, div, isDecimal, isZero, norm } from '../../util/decimal.js';
import { scalarText } from '../../util/json.js';
import type { Row } from '../../util/row.js';
import type { Entry } from '../../ws/codec.js';
import type { Binding, Command } from './binding.js';
import type { PastFill, PastOrder, TradeState } from './state.js';

/** Orders the history keeps (the venue lists the newest 100 at most). */
export const HISTORY_KEPT = 100;
/** Rows PgUp and PgDn move. */
export const HISTORY_PAGE = 10;

const text = (v: unknown) => scalarText(v);
const bump = (s: TradeState) => void s.versions.history++;
const num = (v: string) => v !== '' && isDecimal(v);

/** An ended order of the venue's shape (REST row or push), or undefined for one still open. */
export function pastOrder(o: Entry): PastOrder | undefined {
  const status = text(o.status ?? o.state);
  const life = statusLife(status);
  if (life !== 'filled' && life !== 'cancelled') return undefined;
  const filled = text(o.filled_size) || '0';
  const filledNotional = text(o.filled_notional);
  const given = text(o.price_avg);
  const average = num(given) && !isZero(given) ? given : num(filledNotional) && num(filled) && !isZero(filled) ? norm(div(filledNotional, filled, 12)) : '';
  const some = num(filled) && !isZero(filled);
  return {
    id: text(o.order_id), side: text(o.side), type: text(o.type),
    status: life === 'filled' ? 'filled' : some ? 'part filled' : 'cancelled',
    price: text(o.price), size: text(o.size), notional: text(o.notional), filled, filledNotional, average,
    time: Number(text(o.update_time ?? o.ms_t ?? o.create_time)) || 0,
  };
}

/** A fill row of `GET /spot/v1/trades`. */
export function pastFill(r: Row): PastFill {
  return {
    id: text(r.detail_id), orderId: text(r.order_id), price: text(r.price_avg), size: text(r.size),
    fee: text(r.fees), feeCoin: text(r.fee_coin_name), time: Number(text(r.create_time)) || 0,
  };
}

/** The fill an order push carries (its fee is not pushed: read with the order's fills). */
function pushedFill(e: Entry): PastFill {
  return {
    id: text(e.detail_id), orderId: text(e.order_id), price: text(e.last_fill_price), size: text(e.last_fill_count),
    fee: '', feeCoin: '', time: Number(text(e.last_fill_time)) || 0,
  };
}

function keep(s: TradeState, o: PastOrder): void {
  const list = s.history.orders.filter((x) => x.id !== o.id);
  list.push(o);
  list.sort((a, b) => b.time - a.time || (a.id < b.id ? 1 : -1));
  s.history.orders = list.slice(0, HISTORY_KEPT);
}

function addFill(s: TradeState, f: PastFill): void {
  const list = s.history.fills.get(f.orderId) ?? [];
  if (f.id && list.some((x) => x.id === f.id)) return;
  s.history.fills.set(f.orderId, [...list, f].sort((a, b) => a.time - b.time));
}

/** The venue's answer: the ended orders and the newest page of the pair's fills. */
export function takeHistory(s: TradeState, orders: unknown, fills: readonly Row[]): void {
  s.history.orders = [];
  for (const o of ((orders as { orders?: Entry[] } | undefined)?.orders ?? [])) {
    const p = pastOrder(o);
    if (p) keep(s, p);
  }
  for (const r of fills) addFill(s, pastFill(r));
  s.history.status = 'read';
  s.history.index = Math.min(s.history.index, Math.max(0, s.history.orders.length - 1));
  bump(s);
}

/** One order's fills as read (Enter). */
export function takeOrderFills(s: TradeState, orderId: string, rows: readonly Row[]): void {
  s.history.reading.delete(orderId);
  s.history.fills.set(orderId, []);
  for (const r of rows) addFill(s, pastFill(r));
  bump(s);
}

/** An order push of the pair: an ended order joins the history, a fill its fills (its fee read with the order's fills). */
export function historyPush(s: TradeState, e: Entry): void {
  let changed = false;
  const count = text(e.last_fill_count);
  if (text(e.detail_id) && num(count) && !isZero(count)) {
    addFill(s, pushedFill(e));
    changed = true;
  }
  const p = pastOrder(e);
  if (p) (keep(s, p), (changed = true));
  if (changed) bump(s);
}

/** The fees of an order's fills known, by currency: `0.67 USDT`, '' with none known. */
export function feesOf(fills: readonly PastFill[]): string {
  const by = new Map<string, string>();
  for (const f of fills) if (num(f.fee)) by.set(f.feeCoin, norm(add(by.get(f.feeCoin) ?? '0', f.fee)));
  return [...by].map(([coin, v]) => `${v} ${coin}`).join(' + ');
}

/** The selected order of the history. */
export function selectedPast(s: TradeState): PastOrder | undefined {
  return s.history.orders[Math.min(s.history.index, s.history.orders.length - 1)];
}

/** Moves the history's selection by `dir` rows (kept inside the list); an order's fills shown close. */
export function moveHistory(s: TradeState, dir: number): void {
  const n = s.history.orders.length;
  const next = n ? Math.max(0, Math.min(n - 1, s.history.index + dir)) : 0;
  if (next === s.history.index && s.history.open === undefined) return;
  s.history.index = next;
  s.history.open = undefined;
  bump(s);
}

/** Enter (or a click) on an order: its fills shown, read from the venue. */
export function openFills(s: TradeState, index: number): Command | undefined {
  const o = s.history.orders[index];
  if (!o) return undefined;
  s.history.index = index;
  if (s.history.open === o.id) {
    s.history.open = undefined;
    bump(s);
    return undefined;
  }
  s.history.open = o.id;
  s.history.reading.add(o.id);
  bump(s);
  return { kind: 'readFills', orderId: o.id };
}

const inHistory = (s: TradeState) => s.ui.focus === 'history';

/** `h`: the history called up (read from the venue) and focused; again, back to the pane before. */
function toggleHistory(s: TradeState): Command | undefined {
  if (inHistory(s)) {
    s.ui.focus = 'orders';
    if (s.ui.swap === 'history') s.ui.swap = undefined;
    return undefined;
  }
  s.ui.focus = 'history';
  s.ui.swap = 'history';
  s.history.status = 'reading';
  bump(s);
  return { kind: 'readHistory' };
}

/** The history's keys in the main table. */
export const HISTORY_MAIN: readonly Binding[] = [
  { keys: ['h'], label: 'h', hint: 'history', does: 'history: filled and cancelled orders', when: (s) => s.readOnly === undefined, run: toggleHistory },
  { keys: ['enter'], label: 'Enter', hint: 'fills', does: 'on a history order: show its fills', when: inHistory, run: (s) => openFills(s, s.history.index) },
  { keys: ['pageup'], label: 'PgUp', hintLabel: 'PgUp/Dn', hint: 'page', does: 'history: a page up', when: inHistory, run: (s) => moveHistory(s, -HISTORY_PAGE) },
  { keys: ['pagedown'], label: 'PgDn', does: 'history: a page down', when: inHistory, run: (s) => moveHistory(s, HISTORY_PAGE) },
];
