import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RowCells } from '../../../src/render/row-cells.js';

test('a line read into cells: characters, where they start, styles; other escapes skipped; at most max cells', () => {
  const r = new RowCells();
  const line = `a\x1b[31mb\x1b[2Kc\x1b[1;7m😀d\x1b[0me`;
  r.read(line);
  assert.equal(r.count, 6);
  assert.deepEqual(Array.from({ length: r.count }, (_, k) => line.slice(r.starts[k], r.end(k))), ['a', 'b', 'c', '😀', 'd', 'e']);
  assert.deepEqual(Array.from({ length: r.count }, (_, k) => r.style(k)), ['', '31', '31', '1;7;31', '1;7;31', '']);
  assert.equal(r.read(`${line}`, 3).count, 3, 'cut at max cells');
});

test('the arrays are kept and grow: a long line after a short one, then a short one again', () => {
  const r = new RowCells();
  r.read('ab');
  const long = 'x'.repeat(500);
  r.read(long);
  assert.equal(r.count, 500);
  assert.equal(r.starts[499], 499);
  const codes = r.codes;
  r.read('yz');
  assert.equal(r.count, 2);
  assert.equal(r.codes, codes, 'a shorter line reuses the arrays');
  const other = new RowCells().read('yq');
  assert.equal(r.same(0, other), true);
  assert.equal(r.same(1, other), false);
});

test('a lone ESC is a cell of its own; an escape that never ends ends the line', () => {
  const r = new RowCells().read('a\x1bb\x1b[31mc\x1b[3');
  assert.equal(r.count, 4);
  assert.deepEqual(Array.from(r.codes.subarray(0, 4)), [0x61, 0x1b, 0x62, 0x63]);
  assert.deepEqual(Array.from({ length: 4 }, (_, k) => r.style(k)), ['', '', '', '31']);
});
