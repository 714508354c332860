/** The replayed market in process on a fake clock, the recording reader's edges, and the channel words of bm record. */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { test } from 'node:test';
import { Exchange } from '../../../src/sandbox/exchange.js';
import { eventLine, headerLine } from '../../../src/sandbox/replay/format.js';
import { IncrementalLevels } from '../../../src/sandbox/replay/levels.js';
import { readRecording, RecordingFileError } from '../../../src/sandbox/replay/recording.js';
import { replayMarket } from '../../../src/sandbox/replay/start.js';
import { topicsOf } from '../../../src/commands/record/channels.js';
import type { TradeView } from '../../../src/sandbox/exchange-api.js';

const dir = mkdtempSync(join(tmpdir(), 'bm-replay-unit-'));
const T = 1_800_000_000_000;

function file(name: string, pushes: ReadonlyArray<readonly [number, object | string]>, gz = false): string {
  const text = headerLine('ws://venue/api', ['spot/trade:BTC_USDT'], T) + pushes.map(([t, m]) => eventLine(T + t, typeof m === 'string' ? m : JSON.stringify(m))).join('');
  const path = join(dir, name);
  writeFileSync(path, gz ? gzipSync(text) : text);
  return path;
}

const trade = (price: string, size: string, side = 'buy', symbol = 'BTC_USDT') => ({ table: 'spot/trade', data: [{ symbol, price, size, side, s_t: 1 }] });

/** An exchange replaying `path` at `speed` on a clock the test moves. */
function replaying(path: string, speed: number) {
  const clock = { now: T + 5_000_000 };
  const log: string[] = [];
  const ex = new Exchange({ clock: () => clock.now, log: (l) => log.push(l), market: replayMarket(path, speed) });
  const trades: TradeView[] = [];
  ex.on('trade', (t) => trades.push(t));
  return { ex, clock, log, trades, start: clock.now };
}

test('recorded pushes are applied at their recorded distance divided by the speed, in order, each at its own time', () => {
  const path = file('speed.ndjson', [[0, trade('65000.1', '0.01')], [1000, trade('65000.2', '0.02', 'sell')], [1000, trade('65000.3', '0.03')], [4000, trade('65000.4', '0.04')]]);
  const r = replaying(path, 2);
  r.ex.advance();
  assert.deepEqual(r.trades.map((t) => [t.price, t.time - r.start]), [['65000.10', 0]]);
  r.clock.now = r.start + 499;
  r.ex.advance();
  assert.equal(r.trades.length, 1);
  r.clock.now = r.start + 10_000;
  r.ex.advance();
  assert.deepEqual(r.trades.map((t) => [t.price, t.size, t.side, t.time - r.start]), [
    ['65000.10', '0.01', 'buy', 0], ['65000.20', '0.02', 'sell', 500], ['65000.30', '0.03', 'buy', 500], ['65000.40', '0.04', 'buy', 2000],
  ]);
  // The candle and the ticker follow the recorded trades.
  assert.equal(r.ex.ticker('BTC_USDT').last_price, '65000.40');
  assert.match(r.log.join('\n'), /all 4 recorded pushes applied/);
});

test('the incremental book channel is replayed as snapshot then changes; unknown pairs are skipped with one line', () => {
  const path = file('inc.ndjson', [
    [0, { table: 'spot/depth/increase100', data: [{ symbol: 'BTC_USDT', type: 'snapshot', version: 1, asks: [['65010', '0.5'], ['65020', '1']], bids: [['64990', '0.4']] }] }],
    [100, { table: 'spot/depth/increase100', data: [{ symbol: 'BTC_USDT', type: 'update', version: 2, asks: [['65010', '0'], ['65015', '0.2']], bids: [['64995', '0.1']] }] }],
    [200, trade('1', '1', 'buy', 'DOGE_USDT')],
    [300, trade('1', '1', 'buy', 'DOGE_USDT')],
  ]);
  const r = replaying(path, 1);
  r.clock.now = r.start + 1000;
  const d = r.ex.depth('BTC_USDT', 5);
  assert.deepEqual(d.asks, [['65015.00', '0.2'], ['65020.00', '1']]);
  assert.deepEqual(d.bids, [['64995.00', '0.1'], ['64990.00', '0.4']]);
  assert.equal(r.log.filter((l) => l.includes('DOGE_USDT')).length, 1);
});

test('a crossed recorded book does not trade with itself; a user order crossing it does', () => {
  const path = file('crossed.ndjson', [[0, { table: 'spot/depth5', data: [{ symbol: 'BTC_USDT', asks: [['65000', '0.5']], bids: [['65001', '0.3'], ['64000', '1']] }] }]]);
  const r = replaying(path, 1);
  r.ex.advance();
  assert.equal(r.trades.length, 0, "no trade of the crossed book with itself");
  const a = r.ex.createAccount({ USDT: '100000' });
  const o = r.ex.placeOrder(a.id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '65000', size: '0.2' });
  assert.deepEqual([o.status, o.filled_size, o.filled_notional], [6, '0.2', '13000']);
  assert.deepEqual(r.trades.map((t) => [t.price, t.size, t.side]), [['65000.00', '0.2', 'buy']]);
});

test('the reader: gzip by magic bytes, a file cut short reads to its last whole line, times never go back', () => {
  const pushes: Array<readonly [number, object]> = [[0, trade('1', '1')], [50, trade('2', '1')], [20, trade('3', '1')]];
  const gz = file('cut.bin', pushes, true);
  assert.deepEqual(readRecording(gz).events.map((e) => e.t - T), [0, 50, 50]);
  const plain = file('cut.ndjson', pushes);
  const text = `${headerLine('ws://venue/api', [], T)}${eventLine(T, '{}')}${eventLine(T + 1, '{}').slice(0, 9)}`;
  writeFileSync(plain, text);
  assert.equal(readRecording(plain).events.length, 1);
  const zipped = gzipSync(Buffer.from(text.repeat(1)));
  writeFileSync(plain, zipped.subarray(0, zipped.length - 6));
  assert.equal(readRecording(plain).events.length, 1);
  writeFileSync(plain, `${headerLine('ws://venue/api', [], T)}{"t":1}\n${eventLine(T, '{}')}`);
  assert.throws(() => readRecording(plain), (e: Error) => e instanceof RecordingFileError && /line 2 is not a recorded event/.test(e.message) && e.message.startsWith(plain));
});

test('incremental levels: a snapshot replaces, an update changes, size 0 removes; best first', () => {
  const l = new IncrementalLevels();
  l.apply({ type: 'snapshot', asks: [['2', '1'], ['1.5', '1']], bids: [['1', '1']] });
  assert.deepEqual(l.apply({ type: 'update', asks: [['1.5', '0'], ['1.75', '3']], bids: [['1.25', '2']] }), { asks: [['1.75', '3'], ['2', '1']], bids: [['1.25', '2'], ['1', '1']] });
  assert.deepEqual(l.apply({ type: 'snapshot', asks: [], bids: [['0.5', '1']] }), { asks: [], bids: [['0.5', '1']] });
});

test('--channels words become topics of every pair, once each', () => {
  assert.deepEqual(topicsOf(['BTC_USDT', 'ETH_USDT'], 'trades,spot/depth5,kline60,kline1h,increase100,ticker'), [
    'spot/trade:BTC_USDT', 'spot/depth5:BTC_USDT', 'spot/kline1H:BTC_USDT', 'spot/depth/increase100:BTC_USDT', 'spot/ticker:BTC_USDT',
    'spot/trade:ETH_USDT', 'spot/depth5:ETH_USDT', 'spot/kline1H:ETH_USDT', 'spot/depth/increase100:ETH_USDT', 'spot/ticker:ETH_USDT',
  ]);
  for (const bad of ['depth100', 'user/order', 'kline2m', 'candles']) assert.throws(() => topicsOf(['BTC_USDT'], bad), /--channels:/);
});
