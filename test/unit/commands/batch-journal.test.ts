import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readBatchAnswer } from '../../../src/commands/order/batch-answer.js';
import { Journal, readJournal } from '../../../src/commands/order/batch-journal.js';
import { parseJson } from '../../../src/util/json.js';

test('batch answers: both documented shapes read, anything else unknown', () => {
  const responses = parseJson('{"responses":[{"code":0,"msg":"ok","data":{"order_id":"18334742082130496012"}},{"code":50020,"msg":"balance not enough"}]}');
  assert.deepEqual(readBatchAnswer(responses, 2).map((r) => r.result), ['placed', 'failed']);
  const placed = readBatchAnswer(responses, 2)[0] as { order_id: unknown };
  assert.equal(String(placed.order_id), '18334742082130496012');
  assert.deepEqual(readBatchAnswer(parseJson('{"order_ids":["1","2"]}'), 2).map((r) => r.result), ['placed', 'placed']);
  assert.deepEqual(readBatchAnswer(parseJson('{"code":0,"msg":"success","data":{"order_ids":["1","2"]}}'), 2).map((r) => r.result), ['placed', 'placed'], 'an envelope left inside data');
  for (const odd of ['{}', '{"order_ids":["1"]}', '{"order_ids":["1","x"]}', '{"responses":[{"code":0}, {}]}', '[1,2]', 'null']) {
    assert.deepEqual(readBatchAnswer(parseJson(odd), 2).map((r) => r.result), ['unknown', 'unknown'], odd);
  }
});

test('journal: sending before outcomes; read back with the last word per order; a line cut short at the end ignored', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'bm-journal-')), 'j.ndjson');
  const j = Journal.create(path, { batch: 1, symbol: 'BTC_USDT', file: '/x', digest: 'd', ids: ['a', 'b', 'c'], started: '2026-01-01T00:00:00.000Z' });
  j.sending([{ index: 1, client_order_id: 'a' }, { index: 2, client_order_id: 'b' }]);
  j.outcome({ index: 1, client_order_id: 'a', order_id: '7', result: 'placed', code: '0', message: '' });
  j.outcome({ index: 2, client_order_id: 'b', order_id: '', result: 'unknown', code: '', message: 'no answer' });
  j.close();
  appendFileSync(path, '{"i":3,"client_ord');
  const s = readJournal(path);
  assert.equal(s.header.symbol, 'BTC_USDT');
  assert.equal((s.last.get(1) as { result: string }).result, 'placed');
  assert.equal((s.last.get(2) as { result: string }).result, 'unknown');
  assert.equal(s.last.has(3), false);
  assert.throws(() => Journal.create(path, s.header), /exists; resume it with --resume/);
  assert.equal(readFileSync(path, 'utf8').split('\n')[0], JSON.stringify(s.header));
});
