/** What the vocabulary says of order states, sides and channels, as the client, screen and sandbox ask it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHANNEL, channelKind, CHANNELS, DEPTH_LEVELS, KLINE_INTERVALS, splitTopic, topicOf } from '../../../src/api/catalogue/channels.js';
import { codesOfLife, isFinalStatus, isOpenStatus, ORDER_FILTER_CODES, STATUS_CODE, STATUS_NUMBER, statusCode, statusIs, statusLife } from '../../../src/api/catalogue/statuses.js';
import { isSide, LEGACY_ORDER_STATUSES, ORDER_STATUSES } from '../../../src/api/catalogue/vocab.js';

test('order states by life (spec 3): open on the book, or final as filled, cancelled or failed', () => {
  assert.deepEqual(codesOfLife('open').sort(), ['11', '4', '5', '7']);
  assert.deepEqual(codesOfLife('filled'), ['6']);
  assert.deepEqual(codesOfLife('cancelled'), ['8', '12']);
  assert.deepEqual(codesOfLife('failed'), ['1', '3']);
  // Placing (2) is in between, and the list filters (9, 10) are no state of an order.
  for (const c of ['2', '9', '10', 'x', '']) assert.equal(statusLife(c), undefined, c);
  for (const c of ['4', '5', '7', '11', 4, 5]) assert.ok(isOpenStatus(c) && !isFinalStatus(c), String(c));
  for (const c of ['1', '3', '6', '8', '12', 6, 8]) assert.ok(isFinalStatus(c) && !isOpenStatus(c), String(c));
  assert.ok(!isOpenStatus('2') && !isFinalStatus('2'));
  // Every state of the table has its life said, but for placing and the filters.
  for (const s of ORDER_STATUSES) assert.equal('life' in s, !['2', '9', '10'].includes(s.code), s.code);
});

test('states and filters by name: as sent (text) and as the sandbox keeps them (numbers)', () => {
  assert.equal(STATUS_CODE.open, '9');
  assert.equal(STATUS_CODE.done, '10');
  assert.equal(STATUS_CODE.filled, '6');
  assert.equal(STATUS_CODE.partially_filled, '5', 'the first code of a state, never its alias');
  assert.equal(STATUS_NUMBER.pending, 4);
  assert.equal(STATUS_NUMBER.cancelled, 8);
  for (const [word, code] of Object.entries(STATUS_CODE)) assert.equal(STATUS_NUMBER[word as keyof typeof STATUS_NUMBER], Number(code), word);
  assert.ok(statusIs('6', 'filled') && statusIs(6, 'filled') && !statusIs('8', 'filled'));
  assert.deepEqual(ORDER_FILTER_CODES[STATUS_CODE.open], ['4', '5']);
  assert.equal(statusCode(LEGACY_ORDER_STATUSES, 'cancelled'), '4');
});

test('sides: only the words of the vocabulary, in their case', () => {
  assert.ok(isSide('buy') && isSide('sell'));
  for (const v of ['BUY', 'Sell', '', 'bid', undefined, 1, null]) assert.ok(!isSide(v), String(v));
});

test('channels by kind: each name built from its levels or interval, served, and a topic of a pair', () => {
  assert.equal(CHANNEL.depth(20), 'spot/depth20');
  assert.equal(CHANNEL.kline('1h'), 'spot/kline1H', "the channel's own spelling");
  assert.equal(CHANNEL.kline('1d'), 'spot/kline1D');
  assert.equal(CHANNEL.kline('1m'), 'spot/kline1m');
  assert.equal(CHANNEL.kline('1M'), 'spot/kline1M');
  const built = [CHANNEL.ticker, CHANNEL.trade, ...DEPTH_LEVELS.map(CHANNEL.depth), CHANNEL.increase, ...KLINE_INTERVALS.map(CHANNEL.kline), CHANNEL.order, CHANNEL.orders, CHANNEL.balance];
  assert.deepEqual(built.sort(), [...CHANNELS.keys()].sort(), 'every channel served is one the kinds build, and no other');
  assert.equal(channelKind(CHANNEL.increase), 'depth');
  assert.equal(channelKind(CHANNEL.kline('1m')), 'kline');
  assert.equal(channelKind(CHANNEL.order), 'order');
  assert.equal(channelKind(CHANNEL.orders), 'order', 'the all-pairs order channel is an order channel too');
  assert.equal(channelKind(CHANNEL.balance), 'balance');
  assert.equal(channelKind('spot/depth100'), undefined);
  const topic = topicOf(CHANNEL.depth(5), 'BTC_USDT');
  assert.equal(topic, 'spot/depth5:BTC_USDT');
  assert.deepEqual(splitTopic(topic), { channel: 'spot/depth5', filter: 'BTC_USDT' });
});
