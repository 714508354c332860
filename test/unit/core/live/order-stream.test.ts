import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openOrderStream } from '../../../../src/core/live/order-stream.js';
import type { OrderReads } from '../../../../src/core/live/orders.js';
import type { Entry } from '../../../../src/ws/codec.js';
import { opener } from './fixture.js';

const venue = { url: 'ws://127.0.0.1:9', service: 'exchange' };
const creds = { key: 'k', secret: 's', memo: 'm' };
const order = (id: string, state: string): Entry => ({ symbol: 'BTC_USDT', order_id: id, state, filled_size: '0' });

test('the order stream: logged in on the private path, pushes kept and given, and after a gap what the venue says now', async () => {
  const { open, made } = opener();
  const seen: string[] = [];
  let openNow: Entry[] = [];
  const reads: OrderReads = {
    open: async () => openNow,
    one: async (id) => ({ order_id: id, symbol: 'BTC_USDT', status: '8', filled_size: '0' }),
  };
  const s = await openOrderStream({
    venue, credentials: () => creds, symbol: 'BTC_USDT', reads,
    onOrder: (topic, table, e, how) => seen.push(`${topic} ${table} ${String(e.order_id)} ${String(e.state)} ${how}`),
  }, open);
  const conn = made[0]!;
  assert.equal(conn.opts.url, 'ws://127.0.0.1:9/user?protocol=1.1');
  assert.ok(conn.opts.login, 'logged in');
  assert.deepEqual(conn.topics, ['spot/user/order:BTC_USDT']);
  assert.equal(conn.started, false, 'the face starts it');
  conn.up();
  conn.push(s.topic, 'spot/user/order', order('1', '4'));
  conn.push(s.topic, 'spot/user/order', order('2', '4'));
  conn.push('spot/ticker:BTC_USDT', 'spot/ticker', { symbol: 'BTC_USDT' });
  assert.deepEqual(s.orders.open().map((e) => e.order_id), ['1', '2']);
  // The connection drops; order 1 is cancelled meanwhile (its push lost), order 2 still open.
  openNow = [{ order_id: '2', symbol: 'BTC_USDT', status: '4', filled_size: '0' }];
  conn.cut();
  await s.recovered();
  assert.equal(seen.length, 2, 'nothing is read while the connection is down');
  conn.up();
  await s.recovered();
  assert.deepEqual(seen, [
    'spot/user/order:BTC_USDT spot/user/order 1 4 pushed',
    'spot/user/order:BTC_USDT spot/user/order 2 4 pushed',
    'spot/user/order:BTC_USDT spot/user/order 1 8 recovered',
  ]);
  assert.deepEqual(s.orders.open().map((e) => e.order_id), ['2']);
});

test('a recovery whose reads fail is said, and the next gap reads again', async () => {
  const { open, made } = opener();
  const failures: string[] = [];
  const seen: string[] = [];
  let down = true;
  const reads: OrderReads = {
    open: async () => {
      if (down) throw new Error('503');
      return [];
    },
    one: async (id) => ({ order_id: id, symbol: 'BTC_USDT', status: '6', filled_size: '1' }),
  };
  const s = await openOrderStream({
    venue, credentials: () => creds, symbol: 'BTC_USDT', reads,
    onOrder: (_t, _table, e, how) => seen.push(`${String(e.order_id)} ${String(e.state)} ${how}`),
    onRecoveryFailed: (err) => failures.push(err.message),
  }, open);
  const conn = made[0]!;
  conn.up();
  conn.push(s.topic, 'spot/user/order', order('1', '4'));
  conn.cut();
  conn.up();
  await s.recovered();
  assert.deepEqual(failures, ['503', '503'], 'the read once subscribed, then the one after the gap');
  down = false;
  conn.cut();
  conn.up();
  await s.recovered();
  assert.deepEqual(seen, ['1 4 pushed', '1 6 recovered']);
});

test('the orders resting when the subscription is acknowledged are read over REST once (the channel pushes events only), and again only after a gap', async () => {
  const { open, made } = opener();
  const seen: string[] = [];
  let reads = 0;
  const s = await openOrderStream({
    venue, credentials: () => creds, symbol: 'BTC_USDT',
    reads: {
      open: async () => {
        reads++;
        return [{ order_id: '7', symbol: 'BTC_USDT', status: '4', filled_size: '0' }, { order_id: '8', symbol: 'ETH_USDT', status: '4', filled_size: '0' }];
      },
      one: async () => undefined,
    },
    onOrder: (_t, _table, e, how) => seen.push(`${String(e.order_id)} ${String(e.state)} ${how}`),
  }, open);
  const conn = made[0]!;
  conn.up();
  await s.recovered();
  assert.deepEqual(seen, ['7 4 recovered'], 'the pair\'s resting order, as the channel would push it');
  assert.equal(reads, 1);
  conn.push(s.topic, 'spot/user/order', order('7', '4'));
  assert.deepEqual(seen, ['7 4 recovered'], 'its push saying the same (the read came first) is not given twice');
  conn.push(s.topic, 'spot/user/order', order('7', '6'));
  assert.deepEqual(seen, ['7 4 recovered', '7 6 pushed']);
  assert.deepEqual(s.orders.open(), []);
  assert.equal(reads, 1, 'pushes are read no more');
});
