import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { credentialsFromLines, readLines } from '../../../../src/commands/profile/ask.js';
import type { InStream } from '../../../../src/render/io.js';

const stream = () => new PassThrough() as unknown as InStream & PassThrough;

test('reads three lines, CRLF or LF, and leaves the rest unread', async () => {
  const s = stream();
  const p = readLines(s, 3);
  s.write('key1\r\nsec');
  s.write('ret1\nmemo1\nEXTRA\n');
  assert.deepEqual(await p, ['key1', 'secret1', 'memo1']);
});

test('stops at the third newline without waiting for the end of input', async () => {
  const s = stream();
  const p = readLines(s, 3);
  s.write('a\nb\nc\n');
  // the stream is never ended: the promise must still resolve
  assert.deepEqual(await p, ['a', 'b', 'c']);
});

test('a last line without newline counts; an empty memo line is allowed', async () => {
  const s = stream();
  const p = readLines(s, 3);
  s.end('a\nb\n\n');
  assert.deepEqual(credentialsFromLines(await p), { key: 'a', secret: 'b', memo: '' });
  const t = stream();
  const q = readLines(t, 3);
  t.end('a\nb\nc');
  assert.deepEqual(await q, ['a', 'b', 'c']);
});

test('too few lines or an empty secret is a usage error that never quotes the input', async () => {
  const s = stream();
  const p = readLines(s, 3);
  s.end('the-key\nthe-secret\n');
  const lines = await p;
  assert.deepEqual(lines, ['the-key', 'the-secret']);
  assert.throws(() => credentialsFromLines(lines), (e: Error & { exitCode?: number }) =>
    e.exitCode === 2 && /got 2/.test(e.message) && !e.message.includes('the-secret') && !e.message.includes('the-key'));
  assert.throws(() => credentialsFromLines(['k', '  ', 'm']), /secret \(line 2/);
  assert.throws(() => credentialsFromLines([]), /got 0/);
});
