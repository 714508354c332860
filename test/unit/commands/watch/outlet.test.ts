/** Piped watch output against a reader that stalls: a bounded queue, snapshots merged, drops said; a terminal view that waits for 'drain'. */
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { NOTICE_MS, Outlet } from '../../../../src/commands/watch/outlet.js';
import { planOf } from '../../../../src/commands/watch/plan.js';
import { LiveScreen } from '../../../../src/render/live.js';

/** A pipe whose reader takes `room` chunks, then nothing until `drain(n)` lets it take `n` more. */
class StalledPipe extends EventEmitter {
  readonly taken: string[] = [];
  /** Chunks handed over while the pipe was already full (what node would queue in memory). */
  queued = 0;
  constructor(private room: number) {
    super();
  }
  write(chunk: string): boolean {
    if (this.room <= 0) this.queued++;
    this.taken.push(chunk);
    return --this.room > 0;
  }
  drain(n = Infinity): void {
    this.room = n;
    this.emit('drain');
  }
}

const trade = (i: number) => `{"table":"spot/trade","i":${i}}\n`;
const book = (i: number) => `{"table":"spot/depth5","i":${i}}\n`;

test('a reader that never drains: events wait in a bounded queue, books as the latest only, and nothing more is handed to stdout', () => {
  const pipe = new StalledPipe(3);
  const notes: string[] = [];
  const clock = { now: 0 };
  const out = new Outlet(pipe, (l) => notes.push(l), { maxEvents: 100, now: () => clock.now });
  for (let i = 0; i < 50_000; i++) {
    out.write(trade(i));
    out.write(book(i), 'spot/depth5:BTC_USDT');
  }
  assert.equal(pipe.taken.length, 3, 'written until the pipe said it was full, then held');
  assert.equal(pipe.queued, 0, 'never a write past a full pipe');
  assert.ok(out.waiting <= 101, `${out.waiting} lines waiting`);
  assert.equal(out.dropped, 50_000 - 2 - 100);
  assert.equal(out.replaced, 50_000 - 1 - 1);
  assert.deepEqual(notes, [], 'said once the reader catches up or the stream ends');
  out.finish();
  assert.deepEqual(pipe.taken.slice(3), [...Array.from({ length: 100 }, (_, k) => trade(49_900 + k)), book(49_999)], 'at the end, what waited is handed over');
  assert.deepEqual(notes, ['bm: the reader of stdout fell behind: 49898 trade or order events dropped (at most 100 wait for the reader); 49998 book, ticker or candle updates skipped for a newer one']);
});

test('once the reader drains, what waited is written in arrival order (the newest events, the latest book), then the drops are said', () => {
  const pipe = new StalledPipe(1);
  const notes: string[] = [];
  const out = new Outlet(pipe, (l) => notes.push(l), { maxEvents: 2 });
  out.write(trade(0));
  out.write(book(1), 'k');
  for (let i = 2; i < 6; i++) out.write(trade(i));
  out.write(book(6), 'k');
  pipe.drain();
  assert.deepEqual(pipe.taken, [trade(0), trade(4), trade(5), book(6)]);
  assert.deepEqual(notes, ['bm: the reader of stdout fell behind: 2 trade or order events dropped (at most 2 wait for the reader); 1 book, ticker or candle update skipped for a newer one']);
  out.write(trade(7));
  assert.equal(pipe.taken.at(-1), trade(7), 'caught up: written at once');
  out.finish();
  assert.equal(notes.length, 1, 'nothing new to say');
});

test('a reader that stays behind hears of the drops every 10 s of the fake clock, not on every drain', () => {
  const pipe = new StalledPipe(1);
  const notes: string[] = [];
  const clock = { now: 0 };
  const out = new Outlet(pipe, (l) => notes.push(l), { maxEvents: 1, now: () => clock.now });
  const behind = () => {
    for (let i = 0; i < 5; i++) out.write(trade(i));
    pipe.drain(1);
  };
  behind();
  behind();
  assert.deepEqual(notes, []);
  clock.now += NOTICE_MS;
  behind();
  assert.equal(notes.length, 1);
  assert.match(notes[0]!, /^bm: the reader of stdout fell behind: \d+ trade or order events dropped/);
});

test('which pushes merge while the reader is behind: books and tickers by topic, candles by their start, trades and orders never', () => {
  const depth = planOf({ kind: 'depth', symbols: ['BTC_USDT'] });
  assert.equal(depth.snapshotKey('spot/depth5:BTC_USDT', {}), 'spot/depth5:BTC_USDT');
  assert.equal(planOf({ kind: 'ticker', symbols: ['BTC_USDT'] }).snapshotKey('spot/ticker:BTC_USDT', {}), 'spot/ticker:BTC_USDT');
  const kline = planOf({ kind: 'kline', symbols: ['BTC_USDT'] });
  assert.notEqual(kline.snapshotKey('k', { candle: ['60', '1'] }), kline.snapshotKey('k', { candle: ['120', '1'] }));
  assert.equal(kline.snapshotKey('k', { candle: ['60', '1'] }), kline.snapshotKey('k', { candle: ['60', '2'] }));
  assert.equal(planOf({ kind: 'trades', symbols: ['BTC_USDT'] }).snapshotKey('spot/trade:BTC_USDT', {}), undefined);
  assert.equal(planOf({ kind: 'orders', symbols: ['BTC_USDT'] }).snapshotKey('spot/user/order:BTC_USDT', {}), undefined);
});

test('a terminal that does not take a frame: no more frames until it drains, then one from the latest state', () => {
  const tty = new StalledPipe(2);
  let state = 'AAAA';
  const screen = new LiveScreen(tty, () => [state], { fps: Infinity, tickMs: 1e9 });
  screen.start();
  for (const s of ['BBBB', 'CCCC', 'DDDD', 'EEEE']) {
    state = s;
    screen.invalidate();
  }
  assert.equal(tty.queued, 0, 'nothing written past the full terminal');
  const frames = screen.frames;
  tty.drain();
  assert.equal(screen.frames, frames + 1, 'one frame after the drain');
  assert.match(tty.taken.at(-1)!, /EEEE/);
  assert.doesNotMatch(tty.taken.join(''), /BBBB|CCCC|DDDD/, 'the frames in between were never drawn');
  screen.stop();
});
