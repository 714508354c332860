// The official Node SDK (@bitmartexchange/bitmart-node-sdk-api 1.0.1, unmodified) against the in-process
// sandbox in both modes, pointed at it through its own options (baseURL, the WebSocket URL): the spec's
// endpoints and the streams; its newer methods (the venue's later endpoints) are client-sdk-later.test.ts's
// (docs/sandbox.md, "Real clients"). The SDK signs its WebSocket login with the constant
// bitmart.WebSocket, so these sandboxes run with the service `bitmart`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { answer, sdkRest, sdkStream, type SdkRest } from '../helpers/official-sdk.js';
import { useSandbox, type Harness } from '../helpers/sandbox-server.js';
import { call, newAccount, type Creds } from '../helpers/signed.js';

const MODES: ReadonlyArray<readonly [string, Harness, boolean]> = [
  ['as the venue did', useSandbox(43, { warm: true, service: 'bitmart' }), false],
  ['strict', useSandbox(43, { warm: true, service: 'bitmart', strict: true }), true],
];
/** A sandbox of the spec's own constant, exchange.WebSocket. */
const plain = useSandbox(44);

const accounts = new Map<Harness, Promise<Creds>>();
function acct(h: Harness): Promise<Creds> {
  let a = accounts.get(h);
  if (!a) accounts.set(h, (a = newAccount(h.base(), { deposit: { USDT: '100000', BTC: '2' } })));
  return a;
}
const client = async (h: Harness) => sdkRest(h.base(), await acct(h));
const wsUrl = (h: Harness, path: 'api' | 'user') => `${h.base().replace(/^http/, 'ws')}/${path}?protocol=1.1`;

/** What the venue answers, read with our own lossless client (the timestamp sent, so both modes serve it). */
async function openOrders(h: Harness): Promise<Array<{ clientOrderId: string; order_id: unknown }>> {
  const r = await call(h.base(), 'GET', '/spot/v2/orders', { query: 'symbol=BTC_USDT&N=100&status=9', creds: await acct(h), auth: 'KEYED' });
  assert.equal(r.json.code, 1000, r.text);
  return r.json.data.orders;
}
async function exactId(h: Harness, cid: string): Promise<string> {
  const r = await call(h.base(), 'GET', '/spot/v1/order_detail', { query: `symbol=BTC_USDT&clientOrderId=${cid}`, creds: await acct(h), auth: 'KEYED' });
  assert.equal(r.json.code, 1000, r.text);
  return String(r.json.data.order_id);
}

function served(r: { status: number; data: { code: unknown } }): void {
  assert.equal(r.status, 200, JSON.stringify(r.data));
  assert.equal(Number(r.data.code), 1000, JSON.stringify(r.data));
}
function refused(r: { status: number; data: { code: unknown } }, status: number, code: number): void {
  assert.equal(r.status, status, JSON.stringify(r.data));
  assert.equal(Number(r.data.code), code, JSON.stringify(r.data));
}

/** A buy far below the market: it rests. */
const resting = (cid: string) => ({ size: '0.01', price: '1000', client_order_id: cid });

for (const [mode, h, strict] of MODES) {
  describe(`official Node SDK, sandbox ${mode}`, () => {
    test('market data on the spec\'s paths', async () => {
      const s = await client(h);
      for (const p of [s.getSystemTime(), s.getSystemStatus(), s.getCurrencies(), s.getKlineStep()]) served(await answer(p));
      const symbols = await answer(s.getSymbols());
      served(symbols);
      assert.ok(symbols.data.data.symbols.includes('BTC_USDT'));
      const details = await answer(s.getSymbolsDetails());
      assert.equal(details.data.data.symbols.find((p: { symbol: string }) => p.symbol === 'BTC_USDT').base_currency, 'BTC');
      const now = Math.floor(Date.now() / 1000);
      const kline = await answer(s.getKline('BTC_USDT', now - 600, now));
      served(kline);
      assert.ok(kline.data.data.klines.length > 0);
      const book = await answer(s.getDepth('BTC_USDT', { size: 5 }));
      served(book);
      assert.equal(book.data.data.buys.length, 5);
      assert.ok(Number(book.data.data.buys[0].price) < Number(book.data.data.sells[0].price), 'bids below asks');
      const trades = await answer(s.getSymbolsTrades('BTC_USDT'));
      served(trades);
      assert.ok(trades.data.data.trades.length > 0, 'the warm market has trades on its tape');
    });

    test('keyed reads: the SDK sends X-BM-KEY alone (no timestamp): served as the venue did, 401/30006 in strict', async () => {
      const s = await client(h);
      const wallet = await answer(s.getSpotWallet());
      const detail = await answer(s.getDepositOrWithdrawDetail('nope'));
      if (strict) {
        for (const r of [wallet, detail]) refused(r, 401, 30006);
        return;
      }
      served(wallet);
      assert.equal(wallet.data.data.wallet.find((b: { id: string }) => b.id === 'USDT').available, '100000');
      refused(detail, 400, 60010);
    });

    test('submit, then cancel by the id the SDK read; a second cancel answers result false', async () => {
      const s = await client(h);
      const cid = `sdk${strict ? 's' : 'v'}1`;
      const placed = await answer(s.newSpotOrder('BTC_USDT', 'buy', 'limit', resting(cid)));
      served(placed);
      const read = placed.data.data.order_id;
      const exact = await exactId(h, cid);
      if (strict) {
        // Outside the SDK's reach: the spec's unquoted id beyond 2^53, read by JSON.parse as a double.
        assert.equal(typeof read, 'number');
        assert.notEqual(String(read), exact, 'the id the SDK read has lost digits');
        refused(await answer(s.cancelOrder('BTC_USDT', { order_id: String(read) })), 400, 50032);
        served(await answer(s.cancelOrder('BTC_USDT', { client_order_id: cid })));
      } else {
        assert.equal(read, exact, 'a string id reaches the SDK exactly');
        const cancelled = await answer(s.cancelOrder('BTC_USDT', { order_id: read }));
        served(cancelled);
        assert.equal(cancelled.data.data.result, true);
      }
      const again = await answer(s.cancelOrder('BTC_USDT', { client_order_id: cid }));
      served(again);
      assert.equal(again.data.data.result, false);
      assert.ok(!(await openOrders(h)).some((o) => o.clientOrderId === cid));
    });

    test('the option its documentation names for newSpotOrder, clientOrderId, is not the venue\'s field: ignored as the venue did', async () => {
      const s = await client(h);
      const cid = `sdkd${strict ? 's' : 'v'}1`;
      served(await answer(s.newSpotOrder('BTC_USDT', 'buy', 'limit', { size: '0.01', price: '1000', clientOrderId: cid })));
      const r = await call(h.base(), 'GET', '/spot/v1/order_detail', { query: `symbol=BTC_USDT&clientOrderId=${cid}`, creds: await acct(h), auth: 'KEYED' });
      assert.equal(r.json.code, 50005, 'placed without a client order id (facts.md 5 names client_order_id)');
      served(await answer(s.cancelBatchOrder({ symbol: 'BTC_USDT', side: 'buy' })));
    });

    test('batch, then cancel-all of the pair', async () => {
      const s = await client(h);
      const cids = [1, 2, 3].map((i) => `sdkb${strict ? 's' : 'v'}${i}`);
      const r = await answer(s.newBatchSpotOrder({ order_params: cids.map((c) => ({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', ...resting(c) })) }));
      served(r);
      assert.deepEqual(r.data.data.responses.map((x: { code: number }) => x.code), [0, 0, 0]);
      const open = (await openOrders(h)).map((o) => o.clientOrderId);
      for (const c of cids) assert.ok(open.includes(c), `${c} rests`);
      served(await answer(s.cancelBatchOrder({ symbol: 'BTC_USDT', side: 'buy' })));
      assert.deepEqual(await openOrders(h), []);
    });

    test('order detail, lists and fills: no spec method in the SDK; its own transport reaches the spec\'s paths, keyed without a timestamp', async () => {
      const s = await client(h);
      const cid = `sdkf${strict ? 's' : 'v'}1`;
      served(await answer(s.newSpotOrder('BTC_USDT', 'buy', 'market', { notional: '50', client_order_id: cid })));
      const id = await exactId(h, cid);
      const detail = await answer(s.request(1, 'GET', '/spot/v1/order_detail', { symbol: 'BTC_USDT', clientOrderId: cid }));
      const list = await answer(s.request(1, 'GET', '/spot/v2/orders', { symbol: 'BTC_USDT', N: 10, status: 6 }));
      const fills = await answer(s.request(1, 'GET', '/spot/v1/trades', { symbol: 'BTC_USDT', order_id: id }));
      if (strict) {
        for (const r of [detail, list, fills]) refused(r, 401, 30006);
        return;
      }
      served(detail);
      assert.equal(detail.data.data.status, '6', 'a market buy on a quoted book fills');
      assert.ok(list.data.data.orders.some((o: { clientOrderId: string }) => o.clientOrderId === cid));
      served(fills);
      assert.ok(fills.data.data.trades.length > 0);
    });

    test('public streams: ticker, depth5 and trade pushes', async () => {
      const ws = await sdkStream(wsUrl(h, 'api'));
      try {
        const topics = ['spot/ticker:BTC_USDT', 'spot/depth5:BTC_USDT', 'spot/trade:BTC_USDT'];
        ws.sock.send(JSON.stringify({ op: 'subscribe', args: topics }));
        for (const table of ['spot/ticker', 'spot/depth5', 'spot/trade']) {
          const m = await ws.next((x) => x?.table === table && Array.isArray(x.data) && x.data.length > 0);
          assert.equal(m.data[0].symbol, 'BTC_USDT', table);
        }
      } finally {
        ws.close();
      }
    });

    test('private stream: login with bitmart.WebSocket, an order of the SDK pushed', async () => {
      const ws = await sdkStream(wsUrl(h, 'user'), await acct(h));
      try {
        ws.sock.login();
        await ws.next((x) => x?.event === 'login');
        assert.ok(!ws.got.some((x) => x?.errorCode), JSON.stringify(ws.got));
        ws.sock.send(JSON.stringify({ op: 'subscribe', args: ['spot/user/order:BTC_USDT'] }));
        await ws.next((x) => x?.event === 'subscribe');
        const cid = `sdkw${strict ? 's' : 'v'}1`;
        served(await answer((await client(h)).newSpotOrder('BTC_USDT', 'buy', 'limit', resting(cid))));
        const push = await ws.next((x) => x?.table === 'spot/user/order' && x.data?.[0]?.client_order_id === cid);
        assert.equal(push.data[0].order_id, await exactId(h, cid), 'the push carries the id as a string');
        served(await answer((await client(h)).cancelOrder('BTC_USDT', { client_order_id: cid })));
      } finally {
        ws.close();
      }
    });
  });
}

test('outside the spec: the SDK signs its login with bitmart.WebSocket; a venue of the spec\'s exchange.WebSocket refuses it with 91011', async () => {
  const ws = await sdkStream(wsUrl(plain, 'user'), await acct(plain));
  try {
    ws.sock.login();
    const refusal = await ws.next((x) => x?.event === 'login');
    assert.equal(refusal.errorCode, '91011');
    assert.match(refusal.errorMessage, /exchange\.WebSocket/);
  } finally {
    ws.close();
  }
});
