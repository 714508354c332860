/** The replayed market in process on a fake clock, the recording reader's edges, and the channel words of bm record. */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { test } from 'node:test';
import { Exchange } from '../../../../src/sandbox/exchange/exchange.js';
import { eventLine, headerLine } from '../../../../src/sandbox/replay/format.js';
import { IncrementalLevels } from '../../../../src/sandbox/replay/levels.js';
import { readRecording, RecordingFileError, REPLAY_CAPS } from '../../../../src/sandbox/replay/recording.js';
import { replayMarket } from '../../../../src/sandbox/replay/start.js';
import { topicsOf } from '../../../../src/commands/record-channels.js';
import type { TradeView } from '../../../../src/sandbox/exchange-api.js';

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
async function replaying(path: string, speed: number, opts?: Parameters<typeof replayMarket>[2]) {
  const clock = { now: T + 5_000_000 };
  const log: string[] = [];
  const ex = new Exchange({ clock: () => clock.now, log: (l) => log.push(l), market: await replayMarket(path, speed, opts) });
  const trades: TradeView[] = [];
  ex.on('trade', (t) => trades.push(t));
  return { ex, clock, log, trades, start: clock.now };
}

test('recorded pushes are applied at their recorded distance divided by the speed, in order, each at its own time', async () => {
  const path = file('speed.ndjson', [[0, trade('65000.1', '0.01')], [1000, trade('65000.2', '0.02', 'sell')], [1000, trade('65000.3', '0.03')], [4000, trade('65000.4', '0.04')]]);
  const r = await replaying(path, 2);
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

test('the incremental book channel is replayed as snapshot then changes; unknown pairs are skipped with one line', async () => {
  const path = file('inc.ndjson', [
    [0, { table: 'spot/depth/increase100', data: [{ symbol: 'BTC_USDT', type: 'snapshot', version: 1, asks: [['65010', '0.5'], ['65020', '1']], bids: [['64990', '0.4']] }] }],
    [100, { table: 'spot/depth/increase100', data: [{ symbol: 'BTC_USDT', type: 'update', version: 2, asks: [['65010', '0'], ['65015', '0.2']], bids: [['64995', '0.1']] }] }],
    [200, trade('1', '1', 'buy', 'DOGE_USDT')],
    [300, trade('1', '1', 'buy', 'DOGE_USDT')],
  ]);
  const r = await replaying(path, 1);
  r.clock.now = r.start + 1000;
  const d = r.ex.depth('BTC_USDT', 5);
  assert.deepEqual(d.asks, [['65015.00', '0.2'], ['65020.00', '1']]);
  assert.deepEqual(d.bids, [['64995.00', '0.1'], ['64990.00', '0.4']]);
  assert.equal(r.log.filter((l) => l.includes('DOGE_USDT')).length, 1);
});

test('a crossed recorded book does not trade with itself; a user order crossing it does', async () => {
  const path = file('crossed.ndjson', [[0, { table: 'spot/depth5', data: [{ symbol: 'BTC_USDT', asks: [['65000', '0.5']], bids: [['65001', '0.3'], ['64000', '1']] }] }]]);
  const r = await replaying(path, 1);
  r.ex.advance();
  assert.equal(r.trades.length, 0, "no trade of the crossed book with itself");
  const a = r.ex.createAccount({ USDT: '100000' });
  const o = r.ex.placeOrder(a.id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '65000', size: '0.2' });
  assert.deepEqual([o.status, o.filled_size, o.filled_notional], [6, '0.2', '13000']);
  assert.deepEqual(r.trades.map((t) => [t.price, t.size, t.side]), [['65000.00', '0.2', 'buy']]);
});

/** Rejects with a RecordingFileError whose message names `path` and matches `what`. */
async function refused(p: Promise<unknown>, path: string, what: RegExp): Promise<RecordingFileError> {
  let err: unknown;
  await p.then(() => assert.fail(`${path} was read`), (e: unknown) => (err = e));
  assert.ok(err instanceof RecordingFileError, String(err));
  assert.ok(err.message.startsWith(`${path}: `), err.message);
  assert.match(err.message, what);
  return err;
}

test('the reader: gzip by magic bytes; a bad line, a time going back, a cut line or gzip are refused naming the line', async () => {
  const pushes: Array<readonly [number, object]> = [[0, trade('1', '1')], [50, trade('2', '1')], [50, trade('3', '1')]];
  assert.deepEqual((await readRecording(file('ok.bin', pushes, true))).events.map((e) => e.t - T), [0, 50, 50]);
  await refused(readRecording(file('back.ndjson', [[0, trade('1', '1')], [50, trade('2', '1')], [20, trade('3', '1')]])), join(dir, 'back.ndjson'),
    new RegExp(`line 4 goes back in time: its t ${T + 20} is earlier than ${T + 50}`));
  const plain = join(dir, 'cut.ndjson');
  const text = `${headerLine('ws://venue/api', [], T)}${eventLine(T, '{}')}${eventLine(T + 1, '{}').slice(0, 9)}`;
  writeFileSync(plain, text);
  const cut = await refused(readRecording(plain), plain, /line 3 is cut short \(the file ends inside it\)/);
  assert.equal(cut.hint, `keep its whole lines with: head -n 2 ${plain} > part.ndjson`);
  const zipped = gzipSync(Buffer.from(`${headerLine('ws://venue/api', [], T)}${eventLine(T, '{}')}`));
  writeFileSync(plain, zipped.subarray(0, zipped.length - 6));
  const gz = await refused(readRecording(plain), plain, /the gzip stream ends early after line 2 \(unexpected end of file\)/);
  assert.match(gz.hint ?? '', /gzip -dc .* \| head -n 2 > part\.ndjson/);
  writeFileSync(plain, `${headerLine('ws://venue/api', [], T)}{"t":1}\n${eventLine(T, '{}')}`);
  await refused(readRecording(plain), plain, /line 2 is not a recorded event/);
  // A last line without its newline that is whole is read.
  writeFileSync(plain, `${headerLine('ws://venue/api', [], T)}${eventLine(T, '{}').trimEnd()}`);
  assert.equal((await readRecording(plain)).events.length, 1);
});

test('caps: a line or a file over its cap (decompressed) is refused at once, without reading the rest', async () => {
  const caps = { lineBytes: 64 * 1024, fileBytes: 1024 * 1024 };
  // A gzip bomb of one line: 64 MiB of blanks in about 64 KiB, refused after the first 64 KiB.
  const bomb = join(dir, 'bomb.gz');
  writeFileSync(bomb, Buffer.concat([gzipSync(headerLine('ws://venue/api', [], T)), gzipSync(Buffer.alloc(64 * 1024 * 1024, 32), { level: 9 })]));
  const before = process.memoryUsage().rss;
  await refused(readRecording(bomb, caps), bomb, /line 2 is longer than 0\.06 MiB decompressed \(the cap on one line\)/);
  assert.ok(process.memoryUsage().rss - before < 32 * 1024 * 1024, 'never held the inflated line');
  // Many good lines: the whole file is over its cap.
  const many = file('many.ndjson.gz', Array.from({ length: 20_000 }, (_, i) => [i, trade('1', '1')] as const), true);
  const err = await refused(readRecording(many, caps), many, /it holds more than 1 MiB decompressed \(the cap on a recording; reached in line \d+\)/);
  assert.match(err.hint ?? '', /replay it in parts/);
  await refused(replayMarket(many, 1, { caps }), many, /more than 1 MiB/);
  assert.equal(REPLAY_CAPS.lineBytes, 16 * 1024 * 1024);
  assert.equal(REPLAY_CAPS.fileBytes, 512 * 1024 * 1024);
});

test('the replay reads ahead a window of the file: pushes beyond it are applied once read, each at its own time', async () => {
  const pushes = Array.from({ length: 40 }, (_, i) => [i * 10, trade(`65000.${i + 10}`, '0.01')] as const);
  const r = await replaying(file('window.ndjson', pushes), 1, { readAheadBytes: 1000 });
  r.clock.now = r.start + 10_000;
  r.ex.advance();
  assert.ok(r.trades.length > 0 && r.trades.length < 40, `a window, not the whole file (${r.trades.length})`);
  const ended = () => r.log.some((l) => /all 40 recorded pushes applied/.test(l));
  for (const end = Date.now() + 10_000; !ended() && Date.now() < end; await new Promise((ok) => setTimeout(ok, 5))) r.ex.advance();
  assert.ok(ended(), r.log.join('\n'));
  assert.deepEqual(r.trades.map((t) => [t.price, t.time - r.start]), pushes.map(([t, m]) => [m.data[0]!.price, t]));
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
