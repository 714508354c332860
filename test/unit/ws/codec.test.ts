import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deflateRawSync, deflateSync } from 'node:zlib';
import { classify, decodeFrame, MAX_FRAME_BYTES, pakoInflater, zlibInflate } from '../../../src/ws/codec.js';
import { RawNumber } from '../../../src/util/json.js';
import { batches, isPrivateTopic, topics } from '../../../src/ws/channels.js';

const depth = '{"table":"spot/depth5","data":[{"symbol":"BTC_USDT","asks":[["100.5","1.5"]],"bids":[["100.0","2"]],"ms_t":1700000000000}]}';

test('binary frames are raw DEFLATE: inflated with zlib and with pako alike', async () => {
  const bin = deflateRawSync(Buffer.from(depth));
  for (const inflate of [zlibInflate, await pakoInflater()]) {
    const f = decodeFrame(bin, true, inflate);
    assert.equal(f.kind, 'push');
    assert.ok(f.kind === 'push');
    assert.equal(f.table, 'spot/depth5');
    assert.deepEqual(f.data[0]!.asks, [['100.5', '1.5']]);
  }
});

test('text frames are never inflated', () => {
  let called = 0;
  const inflate = () => {
    called++;
    return '';
  };
  assert.equal(decodeFrame(Buffer.from(depth), false, inflate).kind, 'push');
  assert.deepEqual(decodeFrame(Buffer.from('pong'), false, inflate), { kind: 'pong' });
  assert.equal(called, 0);
});

test('a binary frame that does not inflate is reported as such, not thrown, not a blank', () => {
  const f = decodeFrame(Buffer.from('not deflate at all'), true);
  assert.equal(f.kind, 'garbled');
  assert.ok(f.kind === 'garbled' && f.bytes === 18 && f.why.length > 0);
});

test('"zlib/DEFLATE": zlib-wrapped frames inflate as raw ones do', () => {
  for (const bin of [deflateRawSync(Buffer.from(depth)), deflateSync(Buffer.from(depth)), deflateSync(Buffer.from(depth), { level: 1 }), deflateSync(Buffer.from(depth), { level: 9 })]) {
    const f = decodeFrame(bin, true);
    assert.equal(f.kind, 'push', bin.subarray(0, 2).toString('hex'));
  }
});

test('a frame that would inflate beyond the cap is refused as oversize, without inflating it whole', () => {
  // 64 MB of spaces deflate to about 64 KB: a small bomb of the kind that took gigabytes.
  const zeros = Buffer.alloc(64 * 1024 * 1024, 32);
  for (const bin of [deflateRawSync(zeros, { level: 9 }), deflateSync(zeros, { level: 9 })]) {
    const before = process.memoryUsage().arrayBuffers;
    const f = decodeFrame(bin, true);
    assert.deepEqual(f, { kind: 'oversize', bytes: bin.length });
    assert.ok(process.memoryUsage().arrayBuffers - before < 4 * MAX_FRAME_BYTES, 'never held the whole inflated frame');
  }
  // Just under the cap still inflates.
  const under = Buffer.from(`{"table":"spot/ticker","data":[],"pad":"${' '.repeat(MAX_FRAME_BYTES - 100)}"}`);
  assert.equal(decodeFrame(deflateRawSync(under), true).kind, 'push');
});

test('errors carry the code as a string; acks carry the topic', () => {
  assert.deepEqual(classify('{"event":"login","errorCode":"91011","errorMessage":"sign wrong"}'), {
    kind: 'error', event: 'login', code: '91011', message: 'sign wrong',
  });
  assert.deepEqual(classify('{"event":"subscribe","errorCode":90004,"errorMessage":"x"}'), { kind: 'error', event: 'subscribe', code: '90004', message: 'x' });
  assert.deepEqual(classify('{"event":"subscribe","topic":"spot/ticker:BTC_USDT"}'), { kind: 'event', event: 'subscribe', topic: 'spot/ticker:BTC_USDT' });
  assert.deepEqual(classify('{"event":"login"}'), { kind: 'event', event: 'login' });
});

test('an empty push ("data":"") is tolerated', () => {
  assert.deepEqual(classify('{"table":"spot/ticker","data":""}'), { kind: 'push', table: 'spot/ticker', data: [], text: '{"table":"spot/ticker","data":""}' });
});

test('ids beyond 2^53 survive decoding', () => {
  const f = classify('{"table":"spot/user/order","data":[{"symbol":"BTC_USDT","order_id":183347420821295423}]}');
  assert.ok(f.kind === 'push');
  assert.ok(f.data[0]!.order_id instanceof RawNumber);
  assert.equal(String(f.data[0]!.order_id), '183347420821295423');
});

test('garbage is unknown', () => {
  assert.equal(classify('hello').kind, 'unknown');
  assert.equal(classify('{broken').kind, 'unknown');
  assert.equal(classify('{"foo":1}').kind, 'unknown');
});

test('topics and batches of at most 20 topics and 4096 bytes', () => {
  assert.equal(topics.depth('BTC_USDT', 50), 'spot/depth50:BTC_USDT');
  assert.equal(topics.kline('BTC_USDT', '1h'), 'spot/kline1H:BTC_USDT');
  assert.ok(isPrivateTopic(topics.order('BTC_USDT')));
  assert.ok(!isPrivateTopic(topics.ticker('BTC_USDT')));
  const list = Array.from({ length: 45 }, (_, i) => topics.ticker(`S${i}_USDT`));
  assert.deepEqual(batches(list).map((b) => b.length), [20, 20, 5]);
  const long = Array.from({ length: 10 }, (_, i) => `spot/ticker:${String(i).padEnd(1000, 'X')}`);
  for (const b of batches(long)) assert.ok(b.reduce((n, t) => n + Buffer.byteLength(t), 0) <= 4096);
  assert.equal(batches(long).flat().length, 10);
});
