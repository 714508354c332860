// `bm record import`'s conversion: a CSV of trades becomes a recording whose trades are the CSV's, each
// after the book it implies; rows that are not trades are refused naming their line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bookAround, csvToRecording, CsvError } from '../../../../src/sandbox/replay/csv-import.js';
import { readRecording } from '../../../../src/sandbox/replay/recording.js';
import { csvOf, fileOf, T0, type Row } from '../../../helpers/recording-rows.js';

async function* linesOf(text: string) {
  yield* text.split('\n');
}

async function recordingText(csv: string, symbol = 'BTC_USDT'): Promise<string> {
  let out = '';
  for await (const l of csvToRecording(linesOf(csv), symbol, 'trades.csv', { spreadBps: '10', levels: 3, depth: '0.5' })) out += l;
  return out;
}

test('a CSV of trades round-trips: the recording\'s trade pushes give back every row, in order', async () => {
  const rows: Row[] = [[0, '100.5', '0.01', 'buy'], [0, '100.4', '0.2', 'sell'], [1.25, '101', '1.5', 'buy'], [60, '99.99', '0.003', 'sell']];
  const rec = await readRecording(fileOf('rt.ndjson', await recordingText(csvOf(rows))));
  assert.equal(rec.header.started, T0);
  assert.deepEqual((rec.header as unknown as { synthetic: unknown }).synthetic, { depth: '0.5', spread_bps: '10', levels: 3 });
  const trades = rec.events.map((e) => JSON.parse(e.raw) as { table: string; data: [{ price: string; size: string; side: string; ms_t: number }] })
    .filter((m) => m.table === 'spot/trade').map((m) => m.data[0]);
  assert.deepEqual(trades.map((d) => [(d.ms_t - T0) / 1000, d.price, d.size, d.side]), rows.map(([s, p, q, side]) => [s, p, q, side]));
  // Each trade comes after its book, at the same time.
  assert.deepEqual(rec.events.map((e) => JSON.parse(e.raw).table), rows.flatMap(() => ['spot/depth5', 'spot/trade']));
});

test('the book a trade implies: a sell met the best bid at its price, a buy the best ask; levels a spread apart, rounded away from the middle', () => {
  assert.deepEqual(bookAround('100', '1', 'sell', { spreadBps: '10', levels: 2, depth: '0.5' }, 2), { bids: [['100', '0.5'], ['99.9', '0.5']], asks: [['100.1', '0.5'], ['100.2', '0.5']] });
  assert.deepEqual(bookAround('100', '1', 'buy', { spreadBps: '1', levels: 2 }, 2), { bids: [['99.99', '1'], ['99.98', '1']], asks: [['100', '1'], ['100.01', '1']] });
  // 3 bps of 0.05 is 0.000015: bids down, asks up to 4 places.
  assert.deepEqual(bookAround('0.05', '2', 'sell', { spreadBps: '3', levels: 1 }, 4), { bids: [['0.05', '2']], asks: [['0.0501', '2']] });
});

test('a row that is not a trade, or that goes back in time, is refused with its line number', async () => {
  const cases: [string, RegExp][] = [
    ['time,price,size,side\n1793534400000,100,0.1,buy\n1793534401000,abc,0.1,sell\n', /^line 3: price "abc"/],
    ['1793534400000,100,0.1,buy\n1793534401000,100,0.1,hold\n', /^line 2: side "hold"/],
    ['1793534400000,100,0.1,buy\n1793534300000,100,0.1,sell\n', /^line 2: time .* earlier/],
    ['1793534400000,100,0.1\n', /^line 1: expected four columns/],
  ];
  for (const [csv, message] of cases) await assert.rejects(recordingText(csv), (e: unknown) => e instanceof CsvError && message.test(e.message));
});
