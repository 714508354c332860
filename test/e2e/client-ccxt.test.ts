// ccxt 4.5.70's `bitmart` class and its WebSocket adapter (ccxt.pro), unmodified, against the in-process
// sandbox in both modes, its urls pointed at the sandbox (test/helpers/ccxt-venue.ts): the spec's surface
// (markets, balance, place, cancel) and the streams, public and private (the per-pair and all-pairs order
// channels, the balance channel). ccxt is installed on demand into a cache outside the repository
// (test/helpers/ccxt-cache.ts; CI installs it before the tests); a failed install fails this file, unless
// BM_SKIP_CCXT=1 says to skip it. The later REST methods are client-ccxt-later.test.ts's. ccxt signs its
// login with bitmart.WebSocket.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CCXT_VERSION } from '../helpers/ccxt-cache.js';
import { ccxtModes, acknowledged, ccxtModule, exchangeOn, skipCcxt as skip } from '../helpers/ccxt-venue.js';
import type { Harness } from '../helpers/sandbox-server.js';
import { call, newAccount, type Creds } from '../helpers/signed.js';

const MODES = ccxtModes(45);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let ccxt: any;
before(async () => {
  if (!skip) ccxt = await ccxtModule();
});

/** The order as the venue has it, read with our own lossless client (timestamped: served in both modes). */
async function venueOrder(h: Harness, creds: Creds, cid: string) {
  const r = await call(h.base(), 'GET', '/spot/v1/order_detail', { query: `symbol=BTC_USDT&clientOrderId=${cid}`, creds, auth: 'KEYED' });
  assert.equal(r.json.code, 1000, r.text);
  return { id: String(r.json.data.order_id), status: r.json.data.status as string };
}

for (const [mode, h, strict] of MODES) {
  describe(`ccxt ${CCXT_VERSION} bitmart, sandbox ${mode}`, { skip: skip ? 'BM_SKIP_CCXT=1' : false }, () => {
    let creds: Creds;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let ex: any;
    before(async () => {
      creds = await newAccount(h.base(), { deposit: { USDT: '100000', BTC: '2' } });
      ex = await exchangeOn(ccxt, h, creds);
    });
    after(async () => {
      await ex?.close();
    });

    test('loadMarkets (spot pair details and the contract list) gives the five spot pairs', async () => {
      const markets = await ex.loadMarkets();
      assert.deepEqual(Object.keys(markets).sort(), ['BMX/ETH', 'BTC/USDT', 'ETH/BTC', 'ETH/USDT', 'SOL/USDT']);
      assert.equal(markets['BTC/USDT'].id, 'BTC_USDT');
      assert.equal(markets['BTC/USDT'].spot, true);
    });

    test('fetchBalance: the funded account', async () => {
      const b = await ex.fetchBalance();
      assert.equal(b.USDT.free, 100000);
      assert.equal(b.BTC.total, 2);
    });

    test('createOrder, then cancelOrder by the id ccxt read (exact in both modes: ccxt quotes numbers before parsing)', async () => {
      const cid = `ccxt${strict ? 's' : 'v'}1`;
      const o = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 1000, { clientOrderId: cid });
      const venue = await venueOrder(h, creds, cid);
      assert.equal(o.id, venue.id);
      assert.equal(venue.status, '4', 'resting');
      await ex.cancelOrder(o.id, 'BTC/USDT');
      assert.equal((await venueOrder(h, creds, cid)).status, '8', 'cancelled');
    });

    test('WebSocket: watchTicker, watchOrderBook (its default, the incremental book), watchTrades', async () => {
      const t = await ex.watchTicker('BTC/USDT');
      assert.equal(t.symbol, 'BTC/USDT');
      assert.ok(t.bid < t.ask, `bid ${t.bid} below ask ${t.ask}`);
      const book = await ex.watchOrderBook('BTC/USDT');
      assert.ok(book.bids.length > 0 && book.asks.length > 0);
      assert.ok(book.bids[0][0] < book.asks[0][0], 'the book is not crossed');
      // The next call resolves on an update push; ccxt applies it to the same book in place.
      const updated = await ex.watchOrderBook('BTC/USDT');
      assert.ok(updated.bids.length <= 100 && updated.asks.length <= 100, 'the snapshot is at most 100 levels a side');
      assert.ok(updated.bids[0][0] < updated.asks[0][0], 'still not crossed after the update');
      const trades = await ex.watchTrades('BTC/USDT');
      assert.ok(trades.length > 0);
      assert.equal(trades[0].symbol, 'BTC/USDT');
    });

    test('WebSocket: watchOrders after login with bitmart.WebSocket sees an order ccxt placed', async () => {
      await ex.authenticate('spot');
      // The order is placed once the venue has acknowledged the subscription (seen on ccxt's own socket).
      const acked = acknowledged(ex, h, 'spot/user/order:BTC_USDT');
      const seen = ex.watchOrders('BTC/USDT');
      await acked;
      const cid = `ccxtw${strict ? 's' : 'v'}1`;
      const placed = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 1001, { clientOrderId: cid });
      let orders = await seen;
      while (!orders.some((o: { id: string }) => o.id === placed.id)) orders = await ex.watchOrders('BTC/USDT');
      const mine = orders.find((o: { id: string }) => o.id === placed.id);
      assert.deepEqual([mine.status, mine.side, mine.price, mine.amount], ['open', 'buy', 1001, 0.01]);
      await ex.cancelOrder(placed.id, 'BTC/USDT');
    });

    test('WebSocket: watchOrders() without a pair: its first result is the order placed after the subscription, not a list of older ones', async () => {
      // A ccxt of its own: ccxt keeps every order pushed to it in one cache, and this one has seen none.
      const fresh = await exchangeOn(ccxt, h, creds);
      try {
        const older = await fresh.createOrder('ETH/USDT', 'limit', 'buy', 0.1, 100);
        await fresh.authenticate('spot');
        const acked = acknowledged(fresh, h, 'spot/user/orders:ALL_SYMBOLS');
        const seen = fresh.watchOrders();
        await acked;
        const placed = await fresh.createOrder('SOL/USDT', 'limit', 'buy', 1, 10);
        const first = await seen;
        assert.deepEqual(first.map((o: { id: string }) => o.id), [placed.id], `not the order resting before the subscription (${older.id})`);
        assert.deepEqual([first[0].symbol, first[0].status, first[0].side], ['SOL/USDT', 'open', 'buy']);
        await fresh.cancelAllOrders();
      } finally {
        await fresh.close();
      }
    });

    test('WebSocket: watchBalance (the REST snapshot, then a push) shows a market buy\'s BTC', async () => {
      const snapshot = await ex.fetchBalance();
      const acked = acknowledged(ex, h, 'spot/user/balance:BALANCE_UPDATE');
      let next = ex.watchBalance();
      await acked;
      await ex.createOrder('BTC/USDT', 'market', 'buy', 100, undefined, { createMarketBuyOrderRequiresPrice: false });
      let b = await next;
      while (!(b.BTC && b.BTC.free > snapshot.BTC.free)) b = await (next = ex.watchBalance());
      assert.ok(b.BTC.free > snapshot.BTC.free, `BTC ${snapshot.BTC.free} -> ${b.BTC.free}`);
      const venue = await call(h.base(), 'GET', '/spot/v1/wallet', { query: 'currency=BTC', creds, auth: 'KEYED' });
      assert.equal(String(b.BTC.free), String(Number(venue.json.data.wallet[0].available)), 'the push carries the balance as it stands');
    });
  });
}
