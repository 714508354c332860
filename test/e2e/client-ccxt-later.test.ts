// ccxt 4.5.70's `bitmart`, unmodified, on the venue's later REST endpoints of the in-process sandbox, in
// both modes: market data (v3), the order queries and writes of v4 (with orders placed on the spec's v2 and
// the other way round), fees, the funding wallet, and the paper deposits and withdrawals. Each answer is
// checked for what a bot reads of it. BM_SKIP_CCXT=1 skips the file, loudly (test/helpers/ccxt-venue.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CCXT_VERSION } from '../helpers/ccxt-cache.js';
import { ccxtModes, ccxtModule, exchangeOn, skipCcxt as skip } from '../helpers/ccxt-venue.js';
import { call, newAccount, type Creds } from '../helpers/signed.js';

const MODES = ccxtModes(46);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let ccxt: any;
before(async () => {
  if (!skip) ccxt = await ccxtModule();
});

const ids = (list: Array<{ id: string }>) => list.map((o) => o.id);

for (const [mode, h, strict] of MODES) {
  describe(`ccxt ${CCXT_VERSION} bitmart on the later endpoints, sandbox ${mode}`, { skip: skip ? 'BM_SKIP_CCXT=1' : false }, () => {
    let creds: Creds;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let ex: any;
    before(async () => {
      creds = await newAccount(h.base(), { deposit: { USDT: '100000', BTC: '2', SOL: '100' }, permissions: 'withdraw' });
      ex = await exchangeOn(ccxt, h, creds);
      await ex.loadMarkets();
    });
    after(async () => {
      await ex?.close();
    });

    test('market data: fetchTicker(s), fetchOrderBook, fetchTrades, fetchOHLCV', async () => {
      const t = await ex.fetchTicker('BTC/USDT');
      assert.equal(t.symbol, 'BTC/USDT');
      assert.ok(t.bid > 0 && t.bid < t.ask && t.last > 0 && Number.isInteger(t.timestamp), JSON.stringify(t.info));
      const all = await ex.fetchTickers();
      assert.ok(all['BTC/USDT'] && all['ETH/USDT'], Object.keys(all).join());
      const book = await ex.fetchOrderBook('BTC/USDT', 5);
      assert.equal(book.bids.length, 5);
      assert.ok(book.bids[0][0] < book.asks[0][0]);
      const trades = await ex.fetchTrades('BTC/USDT', undefined, 5);
      assert.ok(trades.length > 0 && trades.length <= 5);
      assert.ok(trades.every((x: { symbol: string; price: number }) => x.symbol === 'BTC/USDT' && x.price > 0));
      const since = Date.now() - 10 * 60_000;
      const candles = await ex.fetchOHLCV('BTC/USDT', '1m', since, 5);
      assert.ok(candles.length > 0 && candles.length <= 5, String(candles.length));
      assert.ok(candles.every((c: number[]) => c.length === 6 && c[0]! >= since - 60_000 && c[2]! >= c[3]!));
    });

    test('an order ccxt placed: fetchOrder by its id and by client id, in fetchOpenOrders; cancelled, in fetchCanceledOrders', async () => {
      const cid = `ccl${strict ? 's' : 'v'}1`;
      const placed = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 1000, { clientOrderId: cid });
      const byId = await ex.fetchOrder(placed.id, 'BTC/USDT');
      assert.deepEqual([byId.id, byId.clientOrderId, byId.status, byId.symbol, byId.price, byId.amount], [placed.id, cid, 'open', 'BTC/USDT', 1000, 0.01]);
      assert.equal((await ex.fetchOrder(undefined, undefined, { clientOrderId: cid })).id, placed.id);
      assert.ok(ids(await ex.fetchOpenOrders('BTC/USDT')).includes(placed.id));
      await ex.cancelOrder(placed.id, 'BTC/USDT');
      assert.ok(!ids(await ex.fetchOpenOrders()).includes(placed.id));
      const cancelled = await ex.fetchCanceledOrders('BTC/USDT');
      assert.ok(ids(cancelled).includes(placed.id), 'the retired v3 list ccxt still calls');
      assert.equal((await ex.fetchOrder(placed.id)).status, 'canceled');
    });

    test('a market buy: closed, its fills by fetchOrderTrades and in fetchMyTrades; in fetchClosedOrders', async () => {
      const o = await ex.createOrder('BTC/USDT', 'market', 'buy', 100, undefined, { createMarketBuyOrderRequiresPrice: false });
      const read = await ex.fetchOrder(o.id);
      assert.equal(read.status, 'closed');
      const fills = await ex.fetchOrderTrades(o.id);
      assert.ok(fills.length > 0);
      for (const f of fills) assert.deepEqual([f.order, f.symbol, f.side, f.takerOrMaker, f.fee.currency], [o.id, 'BTC/USDT', 'buy', 'taker', 'BTC']);
      const amount = fills.reduce((s: number, f: { amount: number }) => s + f.amount, 0);
      assert.ok(Math.abs(amount - read.filled) < 1e-9, `fills ${amount} = filled ${read.filled}`);
      const mine = await ex.fetchMyTrades('BTC/USDT');
      for (const f of fills) assert.ok(ids(mine).includes(f.id), f.id);
      assert.ok(ids(await ex.fetchClosedOrders('BTC/USDT')).includes(o.id));
    });

    test('createOrders (v4 batch), cancelOrders of their ids; then cancelAllOrders leaves none open, a v2 order too', async () => {
      const batch = await ex.createOrders([
        { symbol: 'BTC/USDT', type: 'limit', side: 'buy', amount: 0.01, price: 1000 },
        { symbol: 'BTC/USDT', type: 'limit', side: 'buy', amount: 0.01, price: 1001, params: { clientOrderId: `ccb${strict ? 's' : 'v'}2` } },
      ]);
      const placed = ids(batch);
      assert.equal(placed.length, 2);
      assert.deepEqual(ids(await ex.fetchOpenOrders('BTC/USDT')).filter((i: string) => placed.includes(i)).sort(), [...placed].sort());
      await ex.cancelOrders(placed, 'BTC/USDT');
      assert.ok(!ids(await ex.fetchOpenOrders('BTC/USDT')).some((i: string) => placed.includes(i)));
      const more = ids(await ex.createOrders([{ symbol: 'SOL/USDT', type: 'limit', side: 'buy', amount: 1, price: 10 }]));
      const v2 = await call(h.base(), 'POST', '/spot/v2/submit_order', { body: { symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price: '999' }, creds });
      assert.equal(v2.json.code, 1000, v2.text);
      assert.ok(ids(await ex.fetchOpenOrders()).includes(more[0]!));
      await ex.cancelAllOrders();
      assert.deepEqual(await ex.fetchOpenOrders(), [], 'v4 cancel-all took the v2 order too');
    });

    test('fetchTradingFee, and fetchBalance of the funding wallet', async () => {
      const fee = await ex.fetchTradingFee('BTC/USDT');
      assert.deepEqual([fee.maker, fee.taker], [0.0008, 0.001]);
      const funding = await ex.fetchBalance({ type: 'account' });
      assert.equal(funding.SOL.total, 100);
      assert.ok(funding.USDT.free > 0);
    });

    test('fetchDepositAddress per network; withdraw (a JSON number amount: strict refuses it), in fetchWithdrawals; fetchDeposits', async () => {
      const a = await ex.fetchDepositAddress('USDT', { network: 'TRC20' });
      assert.match(a.address, /^0x[0-9a-f]{40}$/);
      assert.equal(a.currency, 'USDT');
      if (strict) {
        await assert.rejects(ex.withdraw('SOL', 5, 'sol-address'), (err: Error) => /"code":60000/.test(err.message));
      } else {
        const w = await ex.withdraw('SOL', 5, 'sol-address');
        assert.ok(w.id);
        const list = await ex.fetchWithdrawals('SOL');
        const mine = list.find((x: { id: string }) => x.id === w.id);
        assert.deepEqual([mine.type, mine.currency, mine.amount, mine.address, mine.status], ['withdraw', 'SOL', 4.99, 'sol-address', 'ok']);
        assert.equal((await ex.fetchBalance()).SOL.free, 95);
      }
      const deposits = await ex.fetchDeposits();
      assert.ok(deposits.length > 0 && deposits.every((d: { type: string }) => d.type === 'deposit'));
    });
  });
}
