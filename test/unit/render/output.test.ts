import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IO, type Stream } from '../../../src/render/io.js';
import { render, table } from '../../../src/render/output.js';
import { parseJson } from '../../../src/util/json.js';

function capture(tty = false): { io: IO; out: () => string } {
  let text = '';
  const stdout: Stream = { write: (s: string) => ((text += s), true), isTTY: tty };
  const io = new IO(stdout, { write: () => true }, process.stdin, {}, 'never');
  return { io, out: () => text };
}

const DATA = parseJson('{"tickers":[{"symbol":"BTC_USDT","last_price":"30000.5","fluctuation":"0.0123","id":183347420821295423},{"symbol":"ETH_USDT","last_price":"1999.12345","fluctuation":"-0.5","id":7}]}') as { tickers: Array<Record<string, unknown>> };

test('table aligns decimals on the point and signs changes', () => {
  const t = table(DATA.tickers, ['symbol', 'last_price', 'fluctuation'], false, ['fluctuation']);
  assert.equal(t, [
    'symbol     last_price  fluctuation',
    'BTC_USDT  30000.5          +0.0123',
    'ETH_USDT   1999.12345      -0.5',
  ].join('\n') + '\n');
});

test('tsv has no header, csv has one, both exact', () => {
  const a = capture();
  render(a.io, DATA, DATA.tickers, { format: 'tsv', columns: ['symbol', 'id'] });
  assert.equal(a.out(), 'BTC_USDT\t183347420821295423\nETH_USDT\t7\n');
  const b = capture();
  render(b.io, DATA, DATA.tickers, { format: 'csv', fields: ['id', 'last_price'] });
  assert.equal(b.out(), 'id,last_price\n183347420821295423,30000.5\n7,1999.12345\n');
});

test('json prints the payload as sent but ids as strings; ndjson one row per line; --fields projects', () => {
  const a = capture();
  render(a.io, DATA, DATA.tickers, { format: 'json' });
  assert.match(a.out(), /"id": "183347420821295423"/);
  assert.match(a.out(), /"last_price": "30000.5"/);
  const b = capture();
  render(b.io, DATA, DATA.tickers, { format: 'ndjson', fields: ['symbol', 'id'] });
  assert.equal(b.out(), '{"symbol":"BTC_USDT","id":"183347420821295423"}\n{"symbol":"ETH_USDT","id":"7"}\n');
});

test('--raw-ids: json and ndjson print ids exactly as sent', () => {
  const a = capture();
  render(a.io, DATA, DATA.tickers, { format: 'json', rawIds: true });
  assert.match(a.out(), /"id": 183347420821295423/);
  const b = capture();
  render(b.io, DATA, DATA.tickers, { format: 'ndjson', fields: ['symbol', 'id'], rawIds: true });
  assert.equal(b.out(), '{"symbol":"BTC_USDT","id":183347420821295423}\n{"symbol":"ETH_USDT","id":7}\n');
});

test('times show as ISO in tables only', () => {
  const t = table([{ create_time: 1700000000000, price: '1' }], ['create_time', 'price'], false);
  assert.match(t, /2023-11-14T22:13:20Z/);
});
