import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readBatchAnswer } from '../../../../src/core/order/batch-answer.js';
import { Journal, type JournalHeader } from '../../../../src/core/order/batch-journal.js';
import { readJournal, settled, unproven } from '../../../../src/core/order/batch-journal-read.js';
import { BmError } from '../../../../src/errors.js';
import { parseJson } from '../../../../src/util/json.js';

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

const HEADER: JournalHeader = { batch: 2, symbol: 'BTC_USDT', file: '/x', digest: 'd', ids: ['a', 'b', 'c', 'd'], started: '2026-01-01T00:00:00.000Z' };

/** A journal of a run: a placed, b unknown, c refused whole for the rate, d never sent. */
function written(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'bm-journal-')), 'j.ndjson');
  const j = Journal.create(path, HEADER);
  j.sending([{ index: 1, client_order_id: 'a' }, { index: 2, client_order_id: 'b' }, { index: 3, client_order_id: 'c' }]);
  j.outcome({ index: 1, client_order_id: 'a', order_id: '7', result: 'placed', code: '0', message: '' });
  j.outcome({ index: 2, client_order_id: 'b', order_id: '', result: 'unknown', code: '', message: 'no answer' });
  j.unsent([{ index: 3, client_order_id: 'c' }], '30017', 'blocked');
  j.close();
  return path;
}

const refused = (path: string, re: RegExp) => assert.throws(() => readJournal(path), (e: unknown) => e instanceof BmError && e.exitCode === 2 && re.test(e.message));

test('journal: read back with the last word per order; a run that ended proves what it never sent', () => {
  const path = written();
  const s = readJournal(path);
  assert.equal(s.header.symbol, 'BTC_USDT');
  assert.equal(s.complete, true);
  assert.deepEqual([1, 2, 3, 4].map((i) => [settled(s, i), unproven(s, i)]), [[true, false], [false, true], [false, false], [false, false]]);
  assert.throws(() => Journal.create(path, s.header), /exists; resume it with --resume/);
});

test('journal: a torn last line is dropped and the run counts as cut short, so orders with no record are looked up; a resume cuts the torn line off', () => {
  const path = written();
  const lines = readFileSync(path, 'utf8').split('\n');
  // Killed before the run's end line: the last intact line, then half a line.
  writeFileSync(path, `${lines.slice(0, -2).join('\n')}\n{"i":4,"client_ord`);
  const s = readJournal(path);
  assert.equal(s.torn, true);
  assert.equal(s.complete, false);
  assert.equal(unproven(s, 4), true, 'no record, in a journal cut short: looked up');
  assert.equal(unproven(s, 3), false, 'refused whole for the rate: sent again');
  Journal.reopen(path, s).close();
  const again = readJournal(path);
  assert.equal(again.torn, false);
  assert.doesNotMatch(readFileSync(path, 'utf8'), /client_ord\n/);
  assert.equal(again.complete, false, 'the earlier run stays cut short');
});

test('journal: a header or a line edited after it was written is refused; a truncated header is called truncated', () => {
  const path = written();
  const text = readFileSync(path, 'utf8');
  writeFileSync(path, text.replace('"ids":["a","b"', '"ids":["x","b"'));
  refused(path, /line 1 was changed after it was written/);
  writeFileSync(path, text.replace('"order_id":"7"', '"order_id":"8"'));
  refused(path, /line 5 was changed after it was written/);
  writeFileSync(path, text.split('\n').filter((_, n) => n !== 2).join('\n'));
  refused(path, /line 3 was changed after it was written/);
  writeFileSync(path, text.slice(0, 40));
  refused(path, /is truncated: its first line \(the batch's header\) is cut short at byte 40/);
  writeFileSync(path, '');
  refused(path, /is truncated to nothing \(0 bytes\)/);
  writeFileSync(path, `${JSON.stringify({ ...HEADER, batch: 1 })}\n`);
  refused(path, /not a batch journal of this version/);
});
