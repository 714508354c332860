/**
 * Your orders on one pair as the live layer keeps them: each order's latest progress, from the order
 * channel's pushes, and read back over REST after a gap. A push lost while the connection was down
 * (an order cancelled or filled meanwhile, one placed elsewhere) would leave an order shown as it
 * was: {@link LiveOrders.recover} reads the open orders again, and each order still open here that
 * the venue no longer lists open, one by one, and gives back the differences as entries shaped as
 * the channel pushes them, so a face applies them as it applies pushes.
 */
import { isFinalStatus, isOpenStatus } from '../../api/catalogue/statuses.js';
import { scalarText } from '../../util/json.js';
import type { Entry } from '../../ws/codec.js';

/** The reads a recovery makes (the pair's): rows as the REST answers carry them (spec 2.7). */
export interface OrderReads {
  /** The open orders now. */
  open(): Promise<readonly Entry[]>;
  /** One order now, by id; undefined when the venue does not know it. */
  one(orderId: string): Promise<Entry | undefined>;
}

/** Orders remembered at most (the oldest finished ones go first). */
export const ORDERS_KEPT = 1000;

const text = (v: unknown) => scalarText(v);

/**
 * A REST order row as an order push (spec 6.3): its fields renamed, and no fill of its own (a recovered
 * entry says where the order stands, not which trade moved it there).
 */
export function pushOfRow(row: Entry): Entry {
  const t = (k: string) => text(row[k]);
  return {
    symbol: t('symbol'),
    order_id: t('order_id'),
    price: t('price'),
    size: t('size'),
    notional: t('notional'),
    side: t('side'),
    type: t('type'),
    ms_t: t('update_time') || t('create_time'),
    filled_size: t('filled_size'),
    filled_notional: t('filled_notional'),
    state: t('status'),
    last_fill_price: '',
    last_fill_count: '0',
    last_fill_time: '0',
    exec_type: '',
    detail_id: '',
    client_order_id: t('clientOrderId') || t('client_order_id'),
  };
}

/** True when `next` says something `prev` did not: another state or more filled. */
function moved(prev: Entry | undefined, next: Entry): boolean {
  return !prev || text(prev.state) !== text(next.state) || text(prev.filled_size) !== text(next.filled_size);
}

export class LiveOrders {
  private readonly byId = new Map<string, Entry>();
  /** Entries applied so far, and the count at each order's latest: a push newer than a recovery's reads wins. */
  private applied = 0;
  private readonly appliedAt = new Map<string, number>();

  constructor(readonly symbol: string, private readonly limit = ORDERS_KEPT) {}

  /** A push of the order channel (another pair's is ignored). */
  apply(entry: Entry): void {
    if (text(entry.symbol) !== this.symbol) return;
    const id = text(entry.order_id);
    if (!id) return;
    this.byId.delete(id);
    this.byId.set(id, entry);
    this.appliedAt.set(id, ++this.applied);
    if (this.byId.size <= this.limit) return;
    // Finished orders go first; only when every one kept is open does the oldest open one go.
    const gone = [...this.byId].find(([, e]) => isFinalStatus(text(e.state)))?.[0] ?? this.byId.keys().next().value;
    if (gone === undefined) return;
    this.byId.delete(gone);
    this.appliedAt.delete(gone);
  }

  /** True when `entry` says something not yet known of its order: another state or more filled. */
  moves(entry: Entry): boolean {
    return moved(this.byId.get(text(entry.order_id)), entry);
  }

  /** The latest entry of an order. */
  get(orderId: string): Entry | undefined {
    return this.byId.get(orderId);
  }

  /** The orders still open, oldest first. */
  open(): Entry[] {
    return [...this.byId.values()].filter((e) => isOpenStatus(text(e.state)));
  }

  /**
   * After a gap: what the venue says now of every open order and of each one open here, applied and
   * returned (only those that differ), in that order. An order pushed while the reads ran keeps its
   * push (newer than what was read). A read that fails rejects; nothing is applied then.
   */
  async recover(reads: OrderReads): Promise<Entry[]> {
    const from = this.applied;
    const listed = (await reads.open()).map(pushOfRow).filter((e) => e.symbol === this.symbol && e.order_id !== '');
    const openNow = new Set(listed.map((e) => text(e.order_id)));
    const missing = this.open().filter((e) => !openNow.has(text(e.order_id)));
    const closed: Entry[] = [];
    for (const e of missing) {
      const row = await reads.one(text(e.order_id));
      if (row) closed.push(pushOfRow(row));
    }
    const pushedSince = (e: Entry) => (this.appliedAt.get(text(e.order_id)) ?? 0) > from;
    const changed = [...listed, ...closed].filter((e) => !pushedSince(e) && moved(this.byId.get(text(e.order_id)), e));
    for (const e of changed) this.apply(e);
    return changed;
  }
}
