/**
 * Your orders' progress on one pair, live: the private order channel (logged in), each push kept in
 * {@link LiveOrders}, and after every gap the orders read back over REST and the differences given
 * as pushes are (an order cancelled or filled while the connection was down is shown as it is now).
 * The channel pushes on placement, fills and cancels only (its subscription is answered with an
 * acknowledgement, not the orders already resting): those are read over REST once it is acknowledged.
 */
import { CHANNEL, topicOf } from '../../api/catalogue/channels.js';
import type { Entry } from '../../ws/codec.js';
import type { WsConnection } from '../../ws/connection.js';
import { openStream, type LiveConnection, type Opener, type StreamSpec } from './connect.js';
import { LiveOrders, type OrderReads } from './orders.js';

export interface OrderStreamSpec extends Omit<StreamSpec, 'side' | 'onPush' | 'onGap'> {
  readonly symbol: string;
  /** The REST reads of a recovery after a gap. */
  readonly reads: OrderReads;
  /** An order's progress: pushed, or read back after a gap (`recovered`), shaped as the channel pushes it. */
  readonly onOrder: (topic: string, table: string, entry: Entry, how: 'pushed' | 'recovered') => void;
  /** The reads after a gap failed: the orders may show what they were (the next gap reads again). */
  readonly onRecoveryFailed?: (err: Error) => void;
}

export interface OrderStream<C extends LiveConnection> {
  readonly conn: C;
  readonly orders: LiveOrders;
  /** The topic subscribed (not started: `conn.start()`). */
  readonly topic: string;
  /** Settles once the last recovery started is over (for tests and a clean close). */
  recovered(): Promise<void>;
}

export async function openOrderStream<C extends LiveConnection = WsConnection>(spec: OrderStreamSpec, open?: Opener<C>): Promise<OrderStream<C>> {
  const { symbol, reads, onOrder, onRecoveryFailed, ...rest } = spec;
  const orders = new LiveOrders(symbol);
  const topic = topicOf(CHANNEL.order, symbol);
  let recovering: Promise<void> = Promise.resolve();
  const recover = () => {
    recovering = orders.recover(reads).then(
      (list) => list.forEach((e) => onOrder(topic, CHANNEL.order, e, 'recovered')),
      (err: unknown) => onRecoveryFailed?.(err as Error),
    );
  };
  let first = true;
  const conn = await openStream({
    ...rest,
    side: 'private',
    onAck: (t) => {
      rest.onAck?.(t);
      if (t !== topic || !first) return;
      first = false;
      recover();
    },
    onPush: (t, table, entry) => {
      if (t !== topic) return;
      // An order read just before its push (the read once subscribed, or after a gap) is not given twice.
      if (!orders.moves(entry)) return;
      orders.apply(entry);
      onOrder(t, table, entry, 'pushed');
    },
    onGap: recover,
  }, open);
  conn.subscribe([topic]);
  return { conn, orders, topic, recovered: () => recovering };
}
