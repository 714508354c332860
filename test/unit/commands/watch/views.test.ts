import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DepthView } from '../../../../src/commands/watch/depth.js';
import { spreadOf } from '../../../../src/commands/spread.js';
import { planOf } from '../../../../src/commands/watch/plan.js';
import { statusLine } from '../../../../src/commands/watch/screen.js';
import { klineView, ordersView, tickerView, tradesView } from '../../../../src/commands/watch/views.js';
import { LOCAL_COLUMNS } from '../../../../src/commands/local-columns.js';
import { LiveScreen, SCREEN } from '../../../../src/render/live.js';
import { FLASH_MS, Flashes } from '../../../../src/commands/grid.js';
import { MarketState } from '../../../../src/core/usecases/live.js';
import { watchState, type WatchState } from '../../../../src/commands/watch/state.js';
import { update } from '../../../../src/commands/watch/update.js';
import type { Entry } from '../../../../src/ws/codec.js';

/** A state fed by messages alone, as the update takes them. */
const fresh = () => watchState(new MarketState());
const push = (s: WatchState, table: string, entry: Entry) => update(s, { kind: 'push', table, entry });
const order = (s: WatchState, entry: Entry) => update(s, { kind: 'order', entry });

const INVERSE = '\x1b[7m';
const size = { columns: 100, rows: 20 };
const book = (ask: string, askSize: string) => ({
  symbol: 'BTC_USDT', asks: [[ask, askSize], ['100.60', '2.000']], bids: [['100.00', '2.000'], ['99.90', '1.000']], ms_t: 1,
});

test('depth: cumulative totals, bars, spread; a changed size flashes, then stops after a second', () => {
  const v = new DepthView(5, 'BTC_USDT');
  const s = fresh();
  push(s, 'spot/depth5', book('100.50', '1.500'));
  const first = v.lines(s, size, 1000, false);
  assert.match(first[0]!, /spread 0\.50 \(0\.500%\)/);
  assert.ok(first.some((l) => /^ask\s+100\.60\s+2\.000\s+3\.500\s+█+$/.test(l)), first.join('\n'));
  assert.ok(first.some((l) => /^bid\s+99\.90\s+1\.000\s+3\.000\s+█+$/.test(l)));
  assert.ok(!v.lines(s, size, 1000, true).join('').includes(INVERSE), 'nothing flashes on the first frame');
  push(s, 'spot/depth5', book('100.50', '0.700'));
  const lit = v.lines(s, size, 2000, true).find((l) => l.includes('100.50') && !l.includes('spread'))!;
  assert.ok(lit.includes(`${INVERSE}0.700`), JSON.stringify(lit));
  assert.ok(!v.lines(s, size, 3100, true).join('').includes(INVERSE), 'the flash ends');
  assert.deepEqual(v.rows(s)[0], { side: 'ask', price: '100.60', size: '2.000', total: '2.700' });
});

test('live headers are the snake_case names help lists (one naming with one-shot tables)', () => {
  const wide = { columns: 400, rows: 20 };
  const views = { ticker: tickerView(), trades: tradesView('BTC_USDT'), kline: klineView('BTC_USDT'), orders: ordersView(), depth: new DepthView(5, 'BTC_USDT') } as const;
  const s = fresh();
  push(s, 'spot/depth5', book('100.50', '1.500'));
  for (const [kind, v] of Object.entries(views)) {
    const header = v.lines(s, wide, 0, false).find((l) => /^[a-z_]+ {2}/.test(l));
    assert.deepEqual(header?.trim().split(/\s+/), [...LOCAL_COLUMNS[`watch ${kind}` as keyof typeof LOCAL_COLUMNS]], kind);
  }
});

test('spread is exact decimal arithmetic', () => {
  assert.deepEqual(spreadOf({ asks: [['30000.01', '1']], bids: [['29999.99', '1']] }), { abs: '0.02', pct: '0.000' });
  assert.equal(spreadOf({ asks: [], bids: [['1', '1']] }), undefined);
});

test('ticker: one row per symbol in order; a changed cell flashes', () => {
  const v = tickerView();
  const s = fresh();
  push(s, 'spot/ticker', { symbol: 'ETH_USDT', last_price: '2000.1', s_t: 1700000000 });
  push(s, 'spot/ticker', { symbol: 'BTC_USDT', last_price: '30000.5', s_t: 1700000000 });
  const lines = v.lines(s, size, 0, false);
  assert.match(lines[0]!, /^symbol\s+last_price/);
  assert.match(lines[1]!, /^BTC_USDT\s+30000\.5/);
  assert.match(lines[2]!, /^ETH_USDT\s+2000\.1/);
  push(s, 'spot/ticker', { symbol: 'BTC_USDT', last_price: '30001.0', s_t: 1700000000 });
  const lit = v.lines(s, size, 100, true)[1]!;
  assert.ok(lit.includes(INVERSE) && lit.includes('30001.0'));
  assert.ok(!v.lines(s, size, 100, true)[2]!.includes(INVERSE));
});

test('orders: keyed by order id, state named, newest first', () => {
  const v = ordersView();
  const s = fresh();
  order(s, { order_id: '1', side: 'buy', state: '4', ms_t: '1000' });
  order(s, { order_id: '2', side: 'sell', state: '5', ms_t: '2000' });
  order(s, { order_id: '1', side: 'buy', state: '8', ms_t: '3000' });
  assert.deepEqual(v.rows(s).map((r) => [r.order_id, r.state]), [['1', 'cancelled'], ['2', 'partially_filled']]);
});

test('orders: a push with no fill keeps the last fill\'s price; the time column is headed time', () => {
  const v = ordersView();
  const s = fresh();
  order(s, { order_id: '1', side: 'buy', state: '5', ms_t: '1000', last_fill_price: '100.5', filled_size: '1' });
  order(s, { order_id: '1', side: 'buy', state: '8', ms_t: '2000', last_fill_price: '', filled_size: '1' });
  const [row] = v.rows(s);
  assert.equal(row!.state, 'cancelled');
  assert.equal(row!.last_fill_price, '100.5');
  assert.ok('time' in row! && !('ms_t' in row!), Object.keys(row!).join(','));
  order(s, { order_id: '1', side: 'buy', state: '6', ms_t: '3000', last_fill_price: '101', filled_size: '2' });
  assert.equal(v.rows(s)[0]!.last_fill_price, '101');
  v.only!(['state', 'last_fill_price']);
  assert.deepEqual(v.rows(s), [{ state: 'filled', last_fill_price: '101' }]);
  assert.match(v.lines(s, { columns: 80, rows: 10 }, 0, false)[0]!, /^state +last_fill_price$/);
});

test('status line: state, age, STALE after 5 s, reconnects', () => {
  const conn = { state: 'ready' as const, lastMessageAt: 10_000, reconnects: 2, messages: 7 };
  assert.match(statusLine(conn, 'ws://h/api', 10_400, false, 200), /^ready .*last message 0\.4s ago.*reconnects 2/);
  assert.match(statusLine(conn, 'ws://h/api', 16_000, false, 200), /STALE: last message 6\.0s ago/);
  assert.ok(statusLine(conn, 'ws://h/api', 16_000, false, 40).length <= 40);
});

test('live screen: one write per frame, at most 10 frames a second however often data comes', (t) => {
  // The screen's clock and timers are the test's: 0.45 s of data every 5 ms takes no time.
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  let clock = 0;
  t.mock.method(performance, 'now', () => clock);
  const step = (ms: number) => {
    clock += ms;
    t.mock.timers.tick(ms);
  };
  const writes: string[] = [];
  const out = { isTTY: true, columns: 40, rows: 5, write: (s: string) => (writes.push(s), true) };
  let n = 0;
  const screen = new LiveScreen(out, () => [`a ${n++}`, 'b'], { tickMs: 10_000 });
  screen.start();
  assert.ok(writes[0]!.startsWith(SCREEN.enter));
  for (let ms = 0; ms < 450; ms += 5) {
    screen.invalidate();
    step(5);
  }
  step(120);
  screen.stop();
  const frames = writes.filter((w) => w.startsWith(SCREEN.syncOn));
  // At 0 ms, then one per 100 ms: 100, 200, 300, 400, and the change still owed at 500.
  assert.equal(frames.length, 6, `${frames.length} frames in 0.45 s`);
  // After the first frame only the counter changes: each frame rewrites that one cell run (the pen is plain already).
  for (const f of frames.slice(1)) assert.match(f, /^\x1b\[\?2026h\x1b\[1;3H\d+\x1b\[\?2026l$/);
  assert.equal(writes.at(-1), SCREEN.leave);
});

test('plans check their options before anything is sent', () => {
  assert.deepEqual(planOf({ kind: 'depth', symbols: ['btc_usdt'], levels: '20' }).topics, ['spot/depth20:BTC_USDT']);
  assert.deepEqual(planOf({ kind: 'kline', symbols: ['BTC_USDT'], interval: '1H' }).topics, ['spot/kline1H:BTC_USDT']);
  assert.deepEqual(planOf({ kind: 'kline', symbols: ['BTC_USDT'], interval: '1h' }).topics, ['spot/kline1H:BTC_USDT']);
  assert.ok(planOf({ kind: 'orders', symbols: ['BTC_USDT'] }).private);
  assert.equal(planOf({ kind: 'ticker', symbols: ['A_B'], duration: '1.5' }).durationMs, 1500);
  assert.throws(() => planOf({ kind: 'depth', symbols: ['BTC_USDT'], levels: '7' }), /--levels/);
  assert.throws(() => planOf({ kind: 'kline', symbols: ['BTC_USDT'], interval: '2m' }), /--interval/);
  assert.throws(() => planOf({ kind: 'ticker', symbols: ['BTCUSDT'] }), /not a spot pair/);
  assert.throws(() => planOf({ kind: 'ticker', symbols: ['A_B'], duration: '0' }), /--duration/);
});

test('long sessions stay bounded: rows that left a view and prices no longer drawn are forgotten', () => {
  const v = tradesView('BTC_USDT');
  const s = fresh();
  for (let i = 0; i < 3000; i++) {
    push(s, 'spot/trade', { symbol: 'BTC_USDT', side: 'buy', price: `${i}.5`, size: '1', ms_t: String(i) });
    if (i % 10 === 0) v.lines(s, { columns: 100, rows: 600 }, i, false);
  }
  assert.ok((v as unknown as { remembered: number }).remembered <= 500, 'at most the rows the view keeps');
  const f = new Flashes();
  for (let i = 0; i < 10_000; i++) f.note(`asks|${i}`, '1', '2', i * 10);
  assert.ok(f.size <= 1024 + FLASH_MS / 10, `${f.size} changes remembered`);
  assert.equal(f.on('asks|9999', 99_990), true, 'a fresh change still flashes');
});

test('depth: --fields picks and orders the full screen\'s columns, as in every other view', () => {
  const v = new DepthView(5, 'BTC_USDT');
  assert.deepEqual(v.names(), [...LOCAL_COLUMNS['watch depth']]);
  const s = fresh();
  push(s, 'spot/depth5', book('100.50', '1.500'));
  v.only(['total', 'price']);
  const lines = v.lines(s, size, 1000, false);
  assert.match(lines[1]!, /^ *total +price$/);
  assert.ok(lines.some((l) => /^ *3\.500 +100\.60$/.test(l)), lines.join('\n'));
  assert.ok(lines.some((l) => /^ *3\.000 +99\.90$/.test(l)), lines.join('\n'));
  assert.ok(!lines.join('\n').includes('█'), 'no bars when depth is not named');
  assert.ok(lines.some((l) => l.includes('spread 0.50')), 'the spread line stays');
});
