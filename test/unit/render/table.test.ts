import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BmError } from '../../../src/errors.js';
import { fillHint } from '../../../src/commands/hints.js';
import { resolveFields } from '../../../src/render/columns.js';
import { IO, type Stream } from '../../../src/render/io.js';
import { render } from '../../../src/render/output.js';
import { table } from '../../../src/render/table.js';

function capture(tty = false, columns?: number): { io: IO; out: () => string; err: () => string } {
  let text = '';
  let errText = '';
  const stdout = { write: (s: string) => ((text += s), true), isTTY: tty, ...(columns ? { columns } : {}) } as Stream;
  const io = new IO(stdout, { write: (s: string) => ((errText += s), true) }, process.stdin, {}, 'never');
  return { io, out: () => text, err: () => errText };
}

test('a change the venue sent with its sign prints once signed: +0.0211, never ++0.0211', () => {
  const t = table([{ f: '+0.0211' }, { f: '0.5' }, { f: '-0.1' }, { f: '0' }], ['f'], { signed: ['f'] });
  const lines = t.trimEnd().split('\n').map((l) => l.trim());
  assert.deepEqual(lines, ['f', '+0.0211', '+0.5', '-0.1', '0']);
  assert.doesNotMatch(t, /\+\+/);
});

test('--fields: wire names or headers, any case; unknown is a usage error listing the valid names', () => {
  const keys = ['symbol', 'last_price', 'clientOrderId', 'count'];
  const headers = { count: 'size' };
  assert.deepEqual(resolveFields(['SYMBOL', 'Last_Price', 'client_order_id', 'CLIENTORDERID', 'size', 'count'], keys, headers),
    ['symbol', 'last_price', 'clientOrderId', 'clientOrderId', 'count', 'count']);
  assert.throws(() => resolveFields(['nope'], keys, headers), (e: unknown) => e instanceof BmError && e.exitCode === 2
    && e.message === "--fields: no column 'nope' here (valid: symbol, last_price, client_order_id (clientOrderId), size (count))");
});

test('headers are snake_case as the venue names fields, in every format; tsv has a header line only with --header', () => {
  const rows = [{ clientOrderId: 'a1', price: '1.5' }];
  const csv = capture();
  render(csv.io, rows, rows, { format: 'csv' });
  assert.equal(csv.out(), 'client_order_id,price\na1,1.5\n');
  const tsv = capture();
  render(tsv.io, rows, rows, { format: 'tsv' });
  assert.equal(tsv.out(), 'a1\t1.5\n');
  const head = capture();
  render(head.io, rows, rows, { format: 'tsv', header: true, fields: ['CLIENT_ORDER_ID'] });
  assert.equal(head.out(), 'client_order_id\na1\n');
  const empty = capture();
  render(empty.io, { x: [] }, [], { format: 'tsv', header: true, columns: ['symbol'] });
  assert.equal(empty.out(), 'symbol\n');
});

test('tables fit the terminal: text columns are cut, numbers never split; columns that cannot fit are left out with a note', () => {
  const rows = [
    { symbol: 'BTC_USDT', note: 'a long description of this pair that runs on and on', price: '30000.123456', size: '0.000001' },
    { symbol: 'ETH_USDT', note: 'short', price: '2000.5', size: '12' },
  ];
  const wide = table(rows, ['symbol', 'note', 'price', 'size']);
  assert.ok(wide.split('\n').some((l) => l.length > 60));
  const fitted = table(rows, ['symbol', 'note', 'price', 'size'], { width: 60 });
  for (const l of fitted.trimEnd().split('\n')) assert.ok(l.length <= 60, `${l.length}: ${l}`);
  assert.match(fitted, /30000\.123456/);
  assert.match(fitted, /0\.000001/);
  assert.match(fitted, /…/);
  const notes: string[] = [];
  const narrow = table(rows, ['symbol', 'price', 'size'], { width: 24, note: (l) => notes.push(l) });
  for (const l of narrow.trimEnd().split('\n')) assert.ok(l.length <= 24, l);
  assert.match(narrow, /30000\.123456/);
  assert.doesNotMatch(narrow, /0\.000001/);
  assert.deepEqual(notes, ['bm: 1 column does not fit the terminal (size): pick columns with --fields, or widen the terminal']);
  // On a terminal, render fits the table to its width.
  const tty = capture(true, 40);
  render(tty.io, rows, rows, { format: 'table', columns: ['symbol', 'note', 'price'] });
  for (const l of tty.out().trimEnd().split('\n')) assert.ok(l.length <= 40, l);
});

test('hints show the values of the request instead of placeholders', () => {
  assert.equal(fillHint('see it with: bm order get SYMBOL --order-id ID', [['symbol', 'BTC_USDT'], ['order_id', '183347420821295423']]),
    'see it with: bm order get BTC_USDT --order-id 183347420821295423');
  assert.equal(fillHint('look the order up with: bm order get SYMBOL --client-order-id ID', [['symbol', 'ETH_USDT'], ['client_order_id', 'abc1']]),
    'look the order up with: bm order get ETH_USDT --client-order-id abc1');
  assert.equal(fillHint('list orders with: bm order list SYMBOL', []), 'list orders with: bm order list SYMBOL');
});

test('colour level: --color and NO_COLOR decide first, then chalk detection (FORCE_COLOR levels, not a terminal)', async () => {
  const { colorLevel } = await import('../../../src/render/io.js');
  const saved = { FORCE_COLOR: process.env.FORCE_COLOR, NO_COLOR: process.env.NO_COLOR, CI: process.env.CI, TERM: process.env.TERM, COLORTERM: process.env.COLORTERM };
  try {
    delete process.env.NO_COLOR;
    delete process.env.CI;
    delete process.env.FORCE_COLOR;
    // No terminal type: FORCE_COLOR's level stands (a TERM would name its own level).
    delete process.env.TERM;
    delete process.env.COLORTERM;
    assert.equal(colorLevel('never', {}, { isTTY: true }), 0);
    assert.equal(colorLevel('auto', { NO_COLOR: '1' }, { isTTY: true }), 0);
    assert.equal(colorLevel('auto', {}, { isTTY: false }), 0);
    assert.ok(colorLevel('always', {}, { isTTY: false }) >= 1);
    process.env.FORCE_COLOR = '3';
    assert.equal(colorLevel('auto', {}, { isTTY: false }), 3);
    process.env.FORCE_COLOR = '2';
    assert.equal(colorLevel('auto', {}, { isTTY: false }), 2);
    assert.equal(colorLevel('auto', { NO_COLOR: '1' }, { isTTY: false }), 0);
  } finally {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  }
  const t = table([{ f: '-1' }, { f: '2' }], ['f'], { signed: ['f'], color: 1 });
  assert.match(t, /\u001b\[31m-1\u001b\[39m/);
  assert.match(t, /\u001b\[32m\+2\u001b\[39m/);
});
