/**
 * The one place the state of `bm watch` changes: `update(state, msg)` applies a message (./msg.ts) and
 * bumps the version of each slice it changed. The market goes into the live layer's `MarketState`; an
 * order's progress is kept by id, a push with no fill keeping the price of the order's last fill.
 */
import { scalarText } from '../../util/json.js';
import type { Entry } from '../../ws/codec.js';
import type { WatchMsg } from './msg.js';
import { ORDERS_SHOWN, type WatchState } from './state.js';

export function update(s: WatchState, m: WatchMsg): void {
  switch (m.kind) {
    case 'push':
      if (s.market.apply(m.table, m.entry)) s.versions.market++;
      return;
    case 'candles':
      s.market.seedCandles(m.symbol, m.candles);
      s.versions.market++;
      return;
    case 'order':
      order(s, m.entry);
      return;
    case 'counters': {
      const f = s.feed;
      if (f.state === m.state && f.lastMessageAt === m.lastMessageAt && f.reconnects === m.reconnects && f.messages === m.messages && f.notice === m.notice) return;
      s.feed = { state: m.state, lastMessageAt: m.lastMessageAt, reconnects: m.reconnects, messages: m.messages, notice: m.notice };
      s.versions.feed++;
      return;
    }
    default: {
      const never: never = m;
      return never;
    }
  }
}

const text = (v: unknown) => scalarText(v);

/** A push with no fill in it (a cancel, the final state) keeps the price of the order's last fill. */
function keepLastFill(prev: Entry | undefined, next: Entry): Entry {
  const none = (e: Entry) => text(e.last_fill_price) === '';
  return prev && none(next) && !none(prev) ? { ...next, last_fill_price: prev.last_fill_price } : next;
}

function order(s: WatchState, entry: Entry): void {
  const id = text(entry.order_id);
  const prev = s.orders.get(id);
  s.orders.delete(id);
  s.orders.set(id, keepLastFill(prev, entry));
  if (s.orders.size > ORDERS_SHOWN) s.orders.delete(s.orders.keys().next().value!);
  s.versions.orders++;
}
