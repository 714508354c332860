/**
 * The library's streams against a loop that does not read: pushes injected by the fault proxy in front
 * of the sandbox's WebSocket (its market stands still) pile up; a trades stream keeps at most
 * MAX_WAITING, a book stream only the latest, and onNote says what was missed. A frame over the cap is
 * said through onNote and the stream goes on over a new connection.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client } from '../../src/lib/index.js';
import { MAX_WAITING } from '../../src/lib/watch.js';
import { MAX_FRAME_BYTES } from '../../src/ws/codec.js';
import { isolatedEnv, until } from '../helpers/bm.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { startWsServer, type TestServer } from '../helpers/ws-server.js';

let srv: TestServer;
let proxy: FaultProxy;
before(async () => {
  srv = await startWsServer();
  proxy = await startFaultProxy(srv.httpUrl);
});
after(async () => {
  await proxy.close();
  await srv.close();
});

const N = 3000;
const trade = (i: number) => JSON.stringify({ table: 'spot/trade', data: [{ symbol: 'BTC_USDT', side: 'buy', price: '1.00', size: '1', s_t: 1, i: String(i) }] });
const book = (i: number) => JSON.stringify({ table: 'spot/depth5', data: [{ symbol: 'BTC_USDT', asks: [['2.00', '1']], bids: [['1.00', '1']], i: String(i) }] });

test('a loop that falls behind: the newest trades up to the cap, the latest book, and onNote says what was missed; an over-cap frame is said and the stream goes on', async () => {
  const notes: string[] = [];
  const c = new Client({ baseUrl: proxy.url, env: isolatedEnv(), onNote: (l) => notes.push(l) });
  const trades = c.watch.trades('BTC_USDT');
  const depth = c.watch.depth('BTC_USDT', { levels: 5 });
  try {
    await Promise.all([trades.ready(), depth.ready()]);
    const opened = proxy.ws.opened();
    for (let i = 0; i < N; i++) proxy.ws.inject(trade(i), false);
    for (let i = 0; i < 50; i++) proxy.ws.inject(book(i), false);
    // 95000 makes each connection reconnect: once both did, every push before it was handled.
    proxy.ws.inject(JSON.stringify({ event: '', errorCode: '95000', errorMessage: 'test' }), false);
    await until(() => proxy.ws.opened() === opened + 2, 'both streams reconnected');

    const read: number[] = [];
    const caughtUp = () => notes.some((n) => n.includes('spot/trade:BTC_USDT: the loop fell behind'));
    while (!caughtUp()) {
      const r = await trades.next();
      if (!r.done && r.value.i !== undefined) read.push(Number(r.value.i));
    }
    assert.ok(read.length <= MAX_WAITING, `${read.length} trades read`);
    assert.equal(read.at(-1), N - 1, 'the newest kept');
    assert.deepEqual(read, [...read].sort((a, b) => a - b), 'in order');
    const said = notes.find((n) => n.includes('spot/trade:BTC_USDT: the loop fell behind'))!;
    const dropped = Number(/: (\d+) pushes dropped \(at most 1000 wait\)/.exec(said)?.[1]);
    assert.ok(dropped >= N - MAX_WAITING, said);

    // The book: one push waits however many came (the newest; the venue's snapshot after the resubscribe).
    const b = await depth.next();
    assert.equal(b.done, false);
    assert.match(notes.find((n) => n.includes('spot/depth5:BTC_USDT: the loop fell behind')) ?? '', /the loop fell behind the stream: (5\d|6\d) replaced by a newer one/);

    // Both streams subscribed again on their new connections before the frame goes to them.
    const again = (stream: string) => notes.includes(`bm: ${stream}: connected again`);
    await until(() => again('spot/trade:BTC_USDT') && again('spot/depth5:BTC_USDT'), 'both streams connected again');
    const before = proxy.ws.opened();
    proxy.ws.inject(Buffer.alloc(MAX_FRAME_BYTES + 1, 32), false);
    await until(() => proxy.ws.opened() === before + 2, 'both streams reconnected after the refused frame');
    assert.ok(notes.includes('bm: spot/trade:BTC_USDT: a frame over the 4 MiB cap was refused; reconnecting'), notes.join('\n'));
    // Trades until one comes through (the new connection's subscription may still be on its way).
    const trading = setInterval(() => srv.trade('BTC_USDT'), 200);
    const next = await trades.next().finally(() => clearInterval(trading));
    assert.equal(next.done, false, 'the stream goes on over the new connection');
    assert.equal(next.value.i, undefined, 'a trade of the venue');
  } finally {
    await c.close();
  }
});
