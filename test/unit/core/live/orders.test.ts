import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LiveOrders, pushOfRow, type OrderReads } from '../../../../src/core/live/orders.js';
import type { Entry } from '../../../../src/ws/codec.js';

/** An order push as the channel sends it (every field text). */
const push = (id: string, state: string, filled = '0', extra: Entry = {}): Entry => ({
  symbol: 'BTC_USDT', order_id: id, side: 'buy', type: 'limit', price: '100.00', size: '1.0', filled_size: filled, state, ms_t: '1000', client_order_id: `c${id}`, ...extra,
});
/** An order row as the REST lists carry it. */
const row = (id: string, status: string, filled = '0'): Entry => ({
  order_id: id, symbol: 'BTC_USDT', create_time: 1000, side: 'buy', type: 'limit', price: '100.00', price_avg: '0', size: '1.0',
  notional: '100.00', filled_notional: '0', filled_size: filled, status, clientOrderId: `c${id}`,
});

/** Reads answering from tables the test fills, counting each read. */
function venue(open: Entry[], byId: Record<string, Entry> = {}) {
  const asked: string[] = [];
  const reads: OrderReads = {
    open: async () => (asked.push('open'), open),
    one: async (id) => (asked.push(`one ${id}`), byId[id]),
  };
  return { reads, asked };
}

test('a REST row becomes an order push: renamed fields, exact text, no fill of its own', () => {
  assert.deepEqual(pushOfRow(row('12345678901234567890', '8', '0.5')), {
    symbol: 'BTC_USDT', order_id: '12345678901234567890', price: '100.00', size: '1.0', notional: '100.00', side: 'buy', type: 'limit',
    ms_t: '1000', filled_size: '0.5', filled_notional: '0', state: '8', last_fill_price: '', last_fill_count: '0', last_fill_time: '0',
    exec_type: '', detail_id: '', client_order_id: 'c12345678901234567890',
  });
});

test('pushes keep each order\'s latest; another pair\'s are ignored; open() lists the open ones', () => {
  const o = new LiveOrders('BTC_USDT');
  o.apply(push('1', '4'));
  o.apply(push('2', '4'));
  o.apply(push('2', '6', '1.0'));
  o.apply({ ...push('3', '4'), symbol: 'ETH_USDT' });
  assert.deepEqual(o.open().map((e) => e.order_id), ['1']);
  assert.equal(o.get('2')?.state, '6');
  assert.equal(o.get('3'), undefined);
});

test('after a gap: an order cancelled and one filled meanwhile are read one by one and come back as they are now', async () => {
  const o = new LiveOrders('BTC_USDT');
  for (const id of ['1', '2', '3']) o.apply(push(id, '4'));
  const { reads, asked } = venue([row('3', '4')], { 1: row('1', '8'), 2: row('2', '6', '1.0') });
  const changed = await o.recover(reads);
  assert.deepEqual(changed.map((e) => [e.order_id, e.state, e.filled_size]), [['1', '8', '0'], ['2', '6', '1.0']]);
  assert.deepEqual(asked, ['open', 'one 1', 'one 2'], 'the order still open is not read again');
  assert.deepEqual(o.open().map((e) => e.order_id), ['3']);
  assert.deepEqual(await o.recover(venue([row('3', '4')]).reads), [], 'nothing changed: nothing given');
});

test('after a gap: an order placed meanwhile, and one partly filled, come back; one the venue forgot stays as it was', async () => {
  const o = new LiveOrders('BTC_USDT');
  o.apply(push('1', '4'));
  o.apply(push('2', '4'));
  const changed = await o.recover(venue([row('1', '5', '0.4'), row('9', '4')]).reads);
  assert.deepEqual(changed.map((e) => [e.order_id, e.state, e.filled_size]), [['1', '5', '0.4'], ['9', '4', '0']]);
  assert.equal(o.get('2')?.state, '4', 'the venue did not answer for it: nothing is made up');
  assert.deepEqual(o.open().map((e) => e.order_id).sort(), ['1', '2', '9']);
});

test('a push that comes while the reads run is newer than they are: it stays', async () => {
  const o = new LiveOrders('BTC_USDT');
  o.apply(push('1', '4'));
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const reads: OrderReads = {
    open: async () => (await held, [row('1', '4'), row('2', '4')]),
    one: async () => undefined,
  };
  const running = o.recover(reads);
  o.apply(push('1', '6', '1.0'));
  release();
  const changed = await running;
  assert.deepEqual(changed.map((e) => e.order_id), ['2'], 'only the order no push told of');
  assert.equal(o.get('1')?.state, '6');
});

test('a read that fails: the recovery rejects and nothing is applied', async () => {
  const o = new LiveOrders('BTC_USDT');
  o.apply(push('1', '4'));
  const reads: OrderReads = { open: async () => [row('2', '4')], one: async () => { throw new Error('venue down'); } };
  await assert.rejects(o.recover(reads), /venue down/);
  assert.deepEqual(o.open().map((e) => e.order_id), ['1']);
});

test('bounded: past the limit the finished orders go first, then the oldest', () => {
  const o = new LiveOrders('BTC_USDT', 3);
  o.apply(push('1', '4'));
  o.apply(push('2', '8'));
  o.apply(push('3', '4'));
  o.apply(push('4', '4'));
  assert.equal(o.get('2'), undefined, 'the cancelled one went');
  assert.ok(o.get('1'), 'the open one stayed');
  o.apply(push('5', '4'));
  assert.equal(o.get('1'), undefined, 'all open: the oldest went');
  assert.deepEqual(o.open().map((e) => e.order_id), ['3', '4', '5']);
});
