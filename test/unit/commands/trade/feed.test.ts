// The terminal's feed across a reconnect: the connections are injected (so the test decides when a
// stream drops and comes back), the REST side is the real sandbox behind a proxy that counts reads.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { test } from 'node:test';
import { AlgoJournal, algoJournalPath } from '../../../../src/core/algo/journal.js';
import { planAlgo } from '../../../../src/core/algo/plan.js';
import { checkOrder } from '../../../../src/core/order/check.js';
import { TradeFeed } from '../../../../src/commands/trade/feed.js';
import { TickerBoard } from '../../../../src/core/live/tickers.js';
import { placeOrder } from '../../../../src/commands/trade/orders.js';
import { statusLine } from '../../../../src/commands/trade/chrome.js';
import { startFaultProxy } from '../../../helpers/fault-proxy.js';
import { useSandbox } from '../../../helpers/sandbox-server.js';
import { drivenFeed, setup } from './feed-fixture.js';
import { RULES } from './fixture.js';

const harness = useSandbox(31, { moving: true });

test('a stream back after a drop reads the snapshots again: the book over REST replaces what the stream left; orders and balances too', { timeout: 30_000 }, async () => {
  const sb = harness.sandbox();
  const acct = sb.exchange.createAccount({ USDT: '1000', BTC: '1' });
  const proxy = await startFaultProxy(sb.url);
  const base = setup(proxy.url, acct);
  const { ctx, s, until } = base;
  const { feed, conns } = drivenFeed(base);
  const reads = (path: string) => proxy.count('GET', path);
  try {
    await feed.start();
    await feed.snapshot();
    const [pub, priv] = conns;
    assert.ok(pub && priv, 'a market and an order connection');
    assert.deepEqual(pub.topics, ['spot/depth20:BTC_USDT', 'spot/trade:BTC_USDT', 'spot/kline1m:BTC_USDT', 'spot/ticker:BTC_USDT']);
    for (const c of [pub, priv]) (c.opts.onState?.('connecting'), c.opts.onState?.('ready'));
    // Logged in is not subscribed: a fill pushed before the venue acknowledges the order topic reaches no one.
    feed.sync();
    assert.match(statusLine(s, Date.now(), 200, false), /ws market ready, orders subscribing │/);
    priv.opts.onAck?.(priv.topics[0]!);
    assert.match(statusLine(s, Date.now(), 200, false), /│ ws ready │/);
    assert.equal(reads('/spot/v1/symbols/book'), 1, 'the first ready reads nothing again');
    assert.equal(reads('/spot/v1/wallet'), 1);
    const venueBook = s.market.asks;
    assert.ok(venueBook.length > 0, 'the snapshot read the book');

    // The stream then shows a book the venue never had; the socket is cut while it is on screen.
    pub.opts.onPush?.('spot/depth20:BTC_USDT', 'spot/depth20', { symbol: 'BTC_USDT', asks: [['1.00', '7']], bids: [['0.50', '7']] });
    assert.deepEqual(s.market.asks, [['1.00', '7']]);
    pub.cut();
    assert.equal(s.feed.state, 'connecting');
    feed.sync();
    assert.match(statusLine(s, Date.now(), 200, false), /ws market connecting, orders ready │ .* │ reconnects 1 │/);
    pub.opts.onState?.('ready');
    await until(() => reads('/spot/v1/symbols/book') === 2 && s.market.asks[0]?.[0] !== '1.00');
    assert.ok(s.ui.log.some((e) => e.text === 'market stream back after a drop: reading snapshots again'), 'said in the log');
    assert.notEqual(s.market.asks[0]![0], '1.00', 'the book is the venue\'s again');
    for (const path of ['/spot/v1/ticker', '/spot/v1/symbols/trades', '/spot/v1/symbols/kline']) assert.equal(reads(path), 2, `${path} read again`);

    // The order stream back after its own drop reads balances and open orders again.
    const placed = await placeOrder(ctx, checkOrder({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price: '1000.00' }, RULES));
    assert.equal(placed.kind, 'ok', `an order placed while the order stream was away: ${placed.text}`);
    const walletReads = reads('/spot/v1/wallet');
    priv.cut();
    priv.opts.onState?.('login');
    priv.opts.onState?.('ready');
    priv.opts.onAck?.(priv.topics[0]!);
    await until(() => reads('/spot/v1/wallet') > walletReads && s.account.orders.size === 1);
    assert.ok(s.ui.log.some((e) => e.text === 'order stream back after a drop: reading snapshots again'));
    feed.sync();
    assert.equal(s.feed.reconnects, 2);
  } finally {
    await feed.close();
    await proxy.close();
  }
});

/** A TCP relay in front of the sandbox whose `cut()` destroys every connection through it (the WebSockets). */
async function relay(target: string): Promise<{ url: string; cut: () => number; close: () => Promise<void> }> {
  const up = new URL(target);
  const open = new Set<Socket>();
  const server = createServer((socket) => {
    const to = connect(Number(up.port), up.hostname);
    for (const s of [socket, to]) (open.add(s), s.on('close', () => open.delete(s)), s.on('error', () => (socket.destroy(), to.destroy())));
    socket.pipe(to).pipe(socket);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut: () => {
      const n = open.size;
      for (const s of open) s.destroy();
      return n;
    },
    close: () => new Promise<void>((r) => (server.close(() => r()), void [...open].forEach((s) => s.destroy()))),
  };
}

test('real WebSockets cut under the terminal: both streams come back, say so, read the snapshots again and stream again', { timeout: 60_000 }, async () => {
  const sb = harness.sandbox();
  const acct = sb.exchange.createAccount({ USDT: '1000', BTC: '1' });
  const r = await relay(sb.url);
  const { ctx, s, until, changed, credentials } = setup(r.url, acct);
  const feed = new TradeFeed({
    ctx, state: s, wsUrl: r.url.replace(/^http/, 'ws'), service: 'exchange', credentials,
    changed: () => (feed.sync(), changed()),
    failed: (e) => assert.fail(e.message),
  });
  try {
    await feed.start();
    await feed.snapshot();
    await until(() => s.feed.state === 'ready' && s.feed.privateState === 'ready' && s.market.trades.length > 0 && s.feed.lastMessageAt > 0);
    const before = s.versions.book;
    await until(() => s.versions.book > before + 1);
    assert.ok(r.cut() >= 2, 'the two WebSockets (and any REST connection) were cut');
    await until(() => s.feed.reconnects === 2);
    await until(() => s.feed.state === 'ready' && s.feed.privateState === 'ready');
    await until(() => ['market', 'order'].every((w) => s.ui.log.some((e) => e.text === `${w} stream back after a drop: reading snapshots again`)));
    // And the market streams again after the snapshot.
    const at = s.feed.lastMessageAt;
    await until(() => s.feed.lastMessageAt > at);
  } finally {
    await feed.close();
    await r.close();
  }
});

test('a conditional order of the pair that fails while the terminal is open: the account read says so as an alarm (the bell with --bell), once', { timeout: 30_000 }, async () => {
  const sb = harness.sandbox();
  const acct = sb.exchange.createAccount({ USDT: '1000', BTC: '1' });
  const dir = mkdtempSync(join(tmpdir(), 'bm-feed-algos-'));
  const { ctx, s, credentials } = setup(sb.url, acct, { BM_STATE_DIR: dir });
  const said: string[] = [];
  const feed = new TradeFeed({ ctx, state: s, wsUrl: 'ws://127.0.0.1:9', service: 'exchange', credentials, changed: (what) => said.push(what), failed: (e) => assert.fail(e.message) });
  try {
    const spec = planAlgo({ kind: 'stop', symbol: 'BTC_USDT', side: 'sell', trigger: '1', size: '0.01' }, RULES, Date.now());
    const j = AlgoJournal.create(algoJournalPath({ BM_STATE_DIR: dir }, spec.id), spec);
    j.write({ at: Date.now(), st: { legs: { stop: { status: 'armed' } } }, notes: [] }, false);
    const alarms = () => said.filter((w) => w === 'alarm').length;
    await feed.snapshot();
    assert.deepEqual([alarms(), s.account.algos.map((a) => a.id)], [0, [spec.id]]);
    j.write({ at: Date.now(), st: { legs: { stop: { status: 'failed', why: 'the venue refused it' } }, end: 'failed' }, notes: [] }, false);
    j.close();
    await feed.snapshot();
    assert.equal(alarms(), 1);
    assert.deepEqual(s.account.algos.map((a) => [a.id, a.end]), [[spec.id, 'failed']]);
    await feed.snapshot();
    assert.equal(alarms(), 1, 'rung once');
  } finally {
    await feed.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the watchlist on the same connections: its pairs\' tickers and orders subscribed, read over REST, pushed into the watch slice; an added pair followed', { timeout: 30_000 }, async () => {
  const sb = harness.sandbox();
  const acct = sb.exchange.createAccount({ USDT: '1000', BTC: '1' });
  const proxy = await startFaultProxy(sb.url);
  const base = setup(proxy.url, acct);
  const { s, until } = base;
  s.watch.pairs = ['BTC_USDT', 'ETH_USDT', 'SOL_USDT'];
  s.watch.board = new TickerBoard();
  const { feed, conns } = drivenFeed(base);
  try {
    await feed.start();
    const [pub, priv] = conns;
    assert.deepEqual(pub!.topics.slice(4), ['spot/ticker:ETH_USDT', 'spot/ticker:SOL_USDT'], 'the pair\'s own ticker once');
    assert.deepEqual(priv!.topics, ['spot/user/order:BTC_USDT', 'spot/user/order:ETH_USDT', 'spot/user/order:SOL_USDT']);
    await feed.snapshot();
    await until(() => ['BTC_USDT', 'ETH_USDT', 'SOL_USDT'].every((p) => s.watch.board!.figures(p)?.last));
    assert.equal(proxy.count('GET', '/spot/v1/symbols/kline'), 4, 'the pair\'s candles, and one-minute candles of each followed pair');
    assert.equal(proxy.count('GET', '/spot/v2/orders'), 3, 'the pair\'s open orders, and those of each other followed pair');
    pub!.opts.onPush?.('spot/ticker:ETH_USDT', 'spot/ticker', { symbol: 'ETH_USDT', last_price: '4000.00', open_24h: '3200', high_24h: '4000', low_24h: '3100', base_volume_24h: '1' });
    assert.equal(s.watch.board!.figures('ETH_USDT')?.last, '4000.00');
    assert.equal(s.market.ticker?.last !== '4000.00', true, 'another pair\'s ticker is not the pair\'s');
    feed.run({ kind: 'watch', pairs: [...s.watch.pairs, 'ETH_BTC'], added: 'ETH_BTC' });
    assert.ok(pub!.topics.includes('spot/ticker:ETH_BTC') && priv!.topics.includes('spot/user/order:ETH_BTC'));
  } finally {
    await feed.close();
    await proxy.close();
  }
});
