// The official Node SDK 1.0.1's newer methods, unmodified, on the venue's later endpoints of the in-process
// sandbox, in both modes: the v2 ticker and ticker detail, v3 market data, the v4 order queries (on an order
// the SDK placed through the spec's v2 submit), fees, the funding wallet, deposit address, withdrawal and its
// history. Its KEYED calls send the key alone: served as the venue did, 401/30006 in strict mode.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { answer, sdkRest } from '../helpers/official-sdk.js';
import { useSandbox, type Harness } from '../helpers/sandbox-server.js';
import { newAccount, type Creds } from '../helpers/signed.js';

const MODES: ReadonlyArray<readonly [string, Harness, boolean]> = [
  ['as the venue did', useSandbox(47, { warm: true }), false],
  ['strict', useSandbox(47, { warm: true, strict: true }), true],
];

const accounts = new Map<Harness, Promise<Creds>>();
const acct = (h: Harness) => {
  let a = accounts.get(h);
  if (!a) accounts.set(h, (a = newAccount(h.base(), { deposit: { USDT: '100000', BTC: '2', SOL: '100' }, permissions: 'withdraw' })));
  return a;
};
const client = async (h: Harness) => sdkRest(h.base(), await acct(h));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function data(r: { status: number; data: any }): any {
  assert.equal(r.status, 200, JSON.stringify(r.data));
  assert.equal(Number(r.data.code), 1000, JSON.stringify(r.data));
  return r.data.data;
}

for (const [mode, h, strict] of MODES) {
  describe(`official Node SDK's newer methods, sandbox ${mode}`, () => {
    test('getTicker, getTickerDetail and the v3 market data', async () => {
      const s = await client(h);
      const v2 = data(await answer(s.getTicker()));
      assert.ok(v2.tickers.some((t: { symbol: string }) => t.symbol === 'BTC_USDT'));
      assert.equal(data(await answer(s.getTickerDetail('BTC_USDT'))).symbol, 'BTC_USDT');
      const t = data(await answer(s.getV3Ticker('BTC_USDT')));
      assert.ok(Number(t.bid_px) < Number(t.ask_px));
      assert.ok(data(await answer(s.getV3Tickers())).some((x: string[]) => x[0] === 'BTC_USDT'));
      assert.equal(data(await answer(s.getV3Depth('BTC_USDT', { limit: 5 }))).bids.length, 5);
      assert.ok(data(await answer(s.getV3Trades('BTC_USDT', { limit: 5 }))).length > 0);
      assert.equal(data(await answer(s.getV3LatestKline('BTC_USDT', { step: 1, limit: 3 }))).length, 3);
      const now = Math.floor(Date.now() / 1000);
      const hist = data(await answer(s.getV3HistoryKline('BTC_USDT', { step: 1, after: now - 600, before: now })));
      assert.ok(hist.length > 0 && hist.every((k: string[]) => Number(k[0]) > now - 600));
    });

    test('the v4 queries find an order the SDK placed on v2, by id and client id, open then in the history with its fills', async () => {
      const s = await client(h);
      const cid = `sdl${strict ? 's' : 'v'}1`;
      data(await answer(s.newSpotOrder('BTC_USDT', 'buy', 'limit', { size: '0.01', price: '1000', client_order_id: cid })));
      const o = data(await answer(s.queryOrderByClientOrderId(cid)));
      assert.deepEqual([o.state, o.clientOrderId], ['new', cid]);
      assert.equal(data(await answer(s.queryOrderById(o.orderId, { queryState: 'open' }))).orderId, o.orderId);
      assert.ok(data(await answer(s.queryCurrentOpenOrder({ symbol: 'BTC_USDT' }))).some((x: { orderId: string }) => x.orderId === o.orderId));
      data(await answer(s.cancelOrder('BTC_USDT', { client_order_id: cid })));
      const hist = data(await answer(s.queryAccountOrders({ symbol: 'BTC_USDT' })));
      assert.equal(hist.find((x: { orderId: string }) => x.orderId === o.orderId).state, 'canceled');
      const mid = `sdl${strict ? 's' : 'v'}2`;
      data(await answer(s.newSpotOrder('BTC_USDT', 'buy', 'market', { notional: '50', client_order_id: mid })));
      const filled = data(await answer(s.queryOrderByClientOrderId(mid)));
      assert.equal(filled.state, 'filled');
      const fills = data(await answer(s.queryOrderTrades(filled.orderId)));
      assert.ok(fills.length > 0 && fills.every((f: { orderId: string; tradeRole: string }) => f.orderId === filled.orderId && f.tradeRole === 'taker'));
      const all = data(await answer(s.queryAccountTrades({ symbol: 'BTC_USDT' })));
      assert.ok(fills.every((f: { tradeId: string }) => all.some((x: { tradeId: string }) => x.tradeId === f.tradeId)));
    });

    test('fees, funding wallet, deposit address, history (KEYED: the key alone) and a withdrawal (SIGNED)', async () => {
      const s = await client(h);
      const keyed = [
        await answer(s.getTradeFee('BTC_USDT')), await answer(s.getUserFee()), await answer(s.getSpotAccountBalance({ currency: 'SOL' })),
        await answer(s.getDepositAddress('USDT-TRC20')), await answer(s.getDepositAndWithdrawHistory('withdraw', 100)),
      ];
      const w = data(await answer(s.withdraw('SOL', '3', 'To Digital Address', 'sol-address')));
      assert.equal(typeof w.withdraw_id, 'string');
      if (strict) {
        for (const r of keyed) assert.deepEqual([r.status, r.data.code], [401, 30006], JSON.stringify(r.data));
        return;
      }
      const [fee, user, wallet, address] = keyed.map(data);
      assert.equal(fee.buy_taker_fee_rate, '0.001');
      assert.equal(user.maker_fee_rate_A, '0.0008');
      assert.deepEqual(wallet.wallet.map((b: { currency: string; available: string }) => [b.currency, b.available]), [['SOL', '100']]);
      assert.equal(address.chain, 'TRC20');
      const after = data(await answer(s.getDepositAndWithdrawHistory('withdraw', 100, { currency: 'SOL' })));
      assert.equal(after.records[0].withdraw_id, w.withdraw_id);
      assert.equal(data(await answer(s.getSpotAccountBalance({ currency: 'SOL' }))).wallet[0].available, '97');
    });
  });
}
