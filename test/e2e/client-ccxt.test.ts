// ccxt 4.5.70's `bitmart` class and its WebSocket adapter (ccxt.pro), unmodified, against the in-process
// sandbox in both modes, its urls pointed at the sandbox. ccxt is installed on demand into a cache outside
// the repository (test/helpers/ccxt-cache.ts; CI installs it before the tests). A failed install fails
// this file, unless BM_SKIP_CCXT=1 says to skip it. Each ccxt call outside the spec is in OFF_SPEC with
// the sandbox's answer (docs/sandbox.md, "Real clients"). ccxt signs its login with bitmart.WebSocket.
import assert from 'node:assert/strict';
import { inflateRawSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { CCXT_VERSION, ensureCcxt, loadCcxt } from '../helpers/ccxt-cache.js';
import { useSandbox, type Harness } from '../helpers/sandbox-server.js';
import { call, newAccount, type Creds } from '../helpers/signed.js';

const skip = process.env.BM_SKIP_CCXT === '1';
if (skip) console.error(`\n*** BM_SKIP_CCXT=1: the ccxt ${CCXT_VERSION} client tests are SKIPPED ***\n`);

const MODES: ReadonlyArray<readonly [string, Harness, boolean]> = [
  ['as the venue did', useSandbox(45, { warm: true, service: 'bitmart' }), false],
  ['strict', useSandbox(45, { warm: true, service: 'bitmart', strict: true }), true],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let ccxt: any;
before(async () => {
  if (skip) return;
  try {
    ccxt = loadCcxt(await ensureCcxt());
  } catch (err) {
    throw new Error(`ccxt ${CCXT_VERSION} could not be installed for the client tests (BM_SKIP_CCXT=1 skips them): ${(err as Error).message}`);
  }
});

const sockets = (h: Harness) => {
  const ws = h.base().replace(/^http/, 'ws');
  return { public: `${ws}/api?protocol=1.1`, private: `${ws}/user?protocol=1.1` };
};

/** A ccxt bitmart on the sandbox `h` (REST and WebSocket urls), keyed with `creds` (the memo as ccxt's uid). */
async function exchangeOn(h: Harness, creds: Creds) {
  const ex = new ccxt.pro.bitmart({
    apiKey: creds.key, secret: creds.secret, uid: creds.memo,
    urls: { api: { spot: h.base(), swap: h.base(), ws: { spot: sockets(h), swap: sockets(h) } } },
  });
  // ccxt refuses ws:// (not wss://) addresses until its plain HTTP agent is loaded.
  await ex.loadHttpProxyAgent();
  return ex;
}

/** The order as the venue has it, read with our own lossless client (timestamped: served in both modes). */
async function venueOrder(h: Harness, creds: Creds, cid: string) {
  const r = await call(h.base(), 'GET', '/spot/v1/order_detail', { query: `symbol=BTC_USDT&clientOrderId=${cid}`, creds, auth: 'KEYED' });
  assert.equal(r.json.code, 1000, r.text);
  return { id: String(r.json.data.order_id), status: r.json.data.status as string };
}

/** ccxt's calls outside the spec: the paths it asks are not the spec's, and the sandbox answers 404/30000. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const OFF_SPEC: ReadonlyArray<readonly [string, (ex: any) => Promise<unknown>]> = [
  ['fetchTicker: GET /spot/quotation/v3/ticker', (ex) => ex.fetchTicker('BTC/USDT')],
  ['fetchOrderBook: GET /spot/quotation/v3/books', (ex) => ex.fetchOrderBook('BTC/USDT')],
  ['fetchTrades: GET /spot/quotation/v3/trades', (ex) => ex.fetchTrades('BTC/USDT')],
  ['fetchOrder: POST /spot/v4/query/order', (ex) => ex.fetchOrder('1', 'BTC/USDT')],
  ['fetchOpenOrders: POST /spot/v4/query/open-orders', (ex) => ex.fetchOpenOrders('BTC/USDT')],
  ['fetchMyTrades: POST /spot/v4/query/trades', (ex) => ex.fetchMyTrades('BTC/USDT')],
];

for (const [mode, h, strict] of MODES) {
  describe(`ccxt ${CCXT_VERSION} bitmart, sandbox ${mode}`, { skip: skip ? 'BM_SKIP_CCXT=1' : false }, () => {
    let creds: Creds;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let ex: any;
    before(async () => {
      creds = await newAccount(h.base(), { deposit: { USDT: '100000', BTC: '2' } });
      ex = await exchangeOn(h, creds);
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

    test('calls outside the spec: ccxt raises ExchangeError with the sandbox\'s 30000', async () => {
      for (const [name, send] of OFF_SPEC) {
        await assert.rejects(send(ex), (err: Error) => err instanceof ccxt.ExchangeError && /"code":30000/.test(err.message), name);
      }
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
      const socket = ex.client(sockets(h).private).connection;
      const acked = new Promise<void>((ok) => socket.on('message', (data: Buffer, binary: boolean) => {
        const text = (binary ? inflateRawSync(data) : data).toString('utf8');
        if (text.includes('"event":"subscribe"') && text.includes('spot/user/order:BTC_USDT')) ok();
      }));
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
  });
}
