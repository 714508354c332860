import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { test } from 'node:test';
import { reusedInflater } from '../../../src/ws/inflate.js';

test('the reused handle inflates frame after frame exactly as inflateRawSync does', () => {
  const inflate = reusedInflater();
  for (let i = 0; i < 500; i++) {
    const text = JSON.stringify({ table: 'spot/depth5', i, data: [{ symbol: 'BTC_USDT', asks: [[`${30000 + i}.5`, '0.1']], noise: randomBytes(i % 97).toString('hex') }] });
    const frame = deflateRawSync(Buffer.from(text));
    assert.equal(inflate(frame), text);
    assert.equal(inflate(frame), inflateRawSync(frame).toString('utf8'));
  }
});

test('a corrupt frame fails as inflateRawSync fails, and the next frame still inflates', () => {
  const inflate = reusedInflater();
  const good = deflateRawSync(Buffer.from('{"a":1}'));
  assert.equal(inflate(good), '{"a":1}');
  assert.throws(() => inflate(Buffer.from([0xff, 0xff, 0xff, 0x00, 0x12])));
  assert.equal(inflate(good), '{"a":1}');
});

test('a frame larger than the buffer, and a truncated one, take the fallback', () => {
  const inflate = reusedInflater();
  const big = JSON.stringify({ data: 'x'.repeat(600_000) + randomBytes(1000).toString('hex') });
  assert.equal(inflate(deflateRawSync(Buffer.from(big))), big);
  const frame = deflateRawSync(Buffer.from('{"table":"spot/ticker","data":[]}'));
  assert.throws(() => inflateRawSync(frame.subarray(0, frame.length - 3)), /unexpected end of file/);
  assert.throws(() => inflate(frame.subarray(0, frame.length - 3)), /unexpected end of file/);
  assert.equal(inflate(frame), '{"table":"spot/ticker","data":[]}');
});
