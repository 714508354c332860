// The later endpoints' handlers through the real sandbox on port 0 (one per file, its market quoted at
// once): each answer's shape, and the errors of each family (v3 quotation with HTTP 200, v4, funding).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useSandbox } from '../../../helpers/sandbox-server.js';
import { call, newAccount, type Creds } from '../../../helpers/signed.js';

// Held still: the candles asked for are the generated history's, one for every minute, whatever the machine's speed.
const h = useSandbox(61);
let account: Promise<Creds> | undefined;
/** The file's account, made on first use (the sandbox is up by then). */
const acct = () => (account ??= newAccount(h.base(), { deposit: { USDT: '100000', BTC: '2', SOL: '100' }, permissions: 'withdraw' }));

const get = async (path: string, query = '', auth: 'NONE' | 'KEYED' | 'SIGNED' = 'NONE') => call(h.base(), 'GET', path, { query, ...(auth === 'NONE' ? {} : { creds: await acct(), auth }) });
const post = async (path: string, body: object) => call(h.base(), 'POST', path, { body, creds: await acct() });
function ok(r: Awaited<ReturnType<typeof call>>) {
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.code, 1000, r.text);
  return r.json.data;
}
function fails(r: Awaited<ReturnType<typeof call>>, code: number, status: number) {
  assert.deepEqual([r.status, r.json.code], [status, code], r.text);
}
const strings = (xs: unknown[]) => xs.every((x) => typeof x === 'string');

describe('v3 market data', () => {
  test('ticker as an object of strings, tickers as 13-string arrays, the same figures', async () => {
    const t = ok(await get('/spot/quotation/v3/ticker', 'symbol=BTC_USDT'));
    assert.deepEqual(Object.keys(t), ['symbol', 'last', 'v_24h', 'qv_24h', 'open_24h', 'high_24h', 'low_24h', 'fluctuation', 'bid_px', 'bid_sz', 'ask_px', 'ask_sz', 'ts']);
    assert.ok(strings(Object.values(t)));
    assert.ok(Number(t.bid_px) < Number(t.ask_px));
    const all = ok(await get('/spot/quotation/v3/tickers'));
    const btc = all.find((a: string[]) => a[0] === 'BTC_USDT');
    assert.equal(btc.length, 13);
    assert.ok(strings(btc));
    assert.equal(btc[1], t.last);
  });

  test('books: the levels asked, asks up and bids down; trades: [symbol, ms, price, size, side]', async () => {
    const b = ok(await get('/spot/quotation/v3/books', 'symbol=BTC_USDT&limit=5'));
    assert.deepEqual([b.symbol, b.asks.length, b.bids.length], ['BTC_USDT', 5, 5]);
    assert.match(b.ts, /^[0-9]{13}$/);
    assert.ok(Number(b.asks[0][0]) < Number(b.asks[4][0]) && Number(b.bids[0][0]) > Number(b.bids[4][0]));
    const trades = ok(await get('/spot/quotation/v3/trades', 'symbol=BTC_USDT&limit=3'));
    assert.ok(Array.isArray(trades) && trades.length <= 3);
    for (const tr of trades) {
      assert.equal(tr.length, 5);
      assert.ok(strings(tr));
      assert.ok(['buy', 'sell'].includes(String(tr[4])));
    }
  });

  test('klines: 7 strings, seconds, oldest first; after walks forward, before back, both bound an interval', async () => {
    const latest = ok(await get('/spot/quotation/v3/klines', 'symbol=BTC_USDT&step=1&limit=5'));
    assert.equal(latest.length, 5);
    for (const k of latest) assert.ok(k.length === 7 && strings(k));
    const times = latest.map((k: string[]) => Number(k[0]));
    assert.deepEqual(times, [...times].sort((a, b) => a - b));
    assert.ok(times.every((t: number, i: number) => i === 0 || t - times[i - 1] === 60));
    const after = ok(await get('/spot/quotation/v3/klines', `symbol=BTC_USDT&step=1&limit=2&after=${times[0]}`));
    assert.deepEqual(after.map((k: string[]) => Number(k[0])), [times[1], times[2]]);
    const before = ok(await get('/spot/quotation/v3/lite-klines', `symbol=BTC_USDT&step=1&limit=2&before=${times[2]}`));
    assert.deepEqual(before.map((k: string[]) => Number(k[0])), [times[0], times[1]]);
    const both = ok(await get('/spot/quotation/v3/klines', `symbol=BTC_USDT&step=1&after=${times[0]}&before=${times[3]}`));
    assert.deepEqual(both.map((k: string[]) => Number(k[0])), [times[1], times[2]]);
  });

  test('klines: the latest are the latest there are, however long the market has been without a trade', async () => {
    const before = ok(await get('/spot/quotation/v3/klines', 'symbol=BTC_USDT&step=1&limit=5'));
    h.skip(20 * 60_000); // twenty minutes on the venue's clock; the held market trades nothing meanwhile
    try {
      assert.deepEqual(ok(await get('/spot/quotation/v3/lite-klines', 'symbol=BTC_USDT&step=1&limit=5')), before);
    } finally {
      h.skip(-20 * 60_000); // the signed calls of the next tests are on the venue's time again
    }
  });

  test('errors come with HTTP 200: 70001 missing, 70002 unknown pair, 71003 after not before before, 71005 step, 70001 limit too high', async () => {
    fails(await get('/spot/quotation/v3/ticker'), 70001, 200);
    fails(await get('/spot/quotation/v3/books', 'symbol=NOPE_USDT'), 70002, 200);
    fails(await get('/spot/quotation/v3/klines', 'symbol=BTC_USDT&after=200&before=100'), 71003, 200);
    fails(await get('/spot/quotation/v3/klines', 'symbol=BTC_USDT&step=7'), 71005, 200);
    fails(await get('/spot/quotation/v3/klines', 'symbol=BTC_USDT&after=x'), 71001, 200);
    fails(await get('/spot/quotation/v3/books', 'symbol=BTC_USDT&limit=51'), 70001, 200);
  });

  test('the v2 ticker lists every pair, the v1 detail one, timestamp a number', async () => {
    const v2 = ok(await get('/spot/v2/ticker'));
    assert.equal(v2.tickers.length, 5);
    assert.equal(typeof v2.tickers[0].timestamp, 'number');
    assert.equal(typeof v2.tickers[0].best_bid, 'string');
    const one = ok(await get('/spot/v1/ticker_detail', 'symbol=ETH_USDT'));
    assert.equal(one.symbol, 'ETH_USDT');
    fails(await get('/spot/v1/ticker_detail', 'symbol=NOPE'), 50001, 400);
  });
});

describe('v4 orders', () => {
  test('an order placed on v2 is read on v4 by id and client id, listed open, then cancelled by v4 and read in the history', async () => {
    ok(await post('/spot/v2/submit_order', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price: '1000', client_order_id: 'lr1' }));
    const o = ok(await post('/spot/v4/query/client-order', { clientOrderId: 'lr1' }));
    assert.deepEqual([o.symbol, o.side, o.type, o.state, o.orderMode, o.cancelSource, o.price, o.size], ['BTC_USDT', 'buy', 'limit', 'new', 'spot', '', '1000', '0.01']);
    assert.equal(typeof o.orderId, 'string');
    assert.equal(typeof o.createTime, 'number');
    assert.deepEqual(ok(await post('/spot/v4/query/order', { orderId: o.orderId })), o);
    fails(await post('/spot/v4/query/order', { orderId: o.orderId, queryState: 'history' }), 50005, 400);
    const open = ok(await post('/spot/v4/query/open-orders', { symbol: 'BTC_USDT' }));
    assert.ok(open.some((x: { orderId: string }) => x.orderId === o.orderId));
    assert.deepEqual(ok(await post('/spot/v4/query/open-orders', { orderMode: 'iso_margin' })), [], 'the sandbox trades spot only');
    const cancelled = ok(await post('/spot/v4/cancel_orders', { symbol: 'BTC_USDT', orderIds: [o.orderId, '1'] }));
    assert.deepEqual(cancelled, { successIds: [o.orderId], failIds: ['1'], totalCount: 2, successCount: 1, failedCount: 1 });
    const hist = ok(await post('/spot/v4/query/history-orders', { symbol: 'BTC_USDT' }));
    const mine = hist.find((x: { orderId: string }) => x.orderId === o.orderId);
    assert.deepEqual([mine.state, mine.cancelSource], ['canceled', 'user']);
  });

  test('a market buy\'s fills on v4 trades and order-trades: taker, fee in the base currency', async () => {
    ok(await post('/spot/v2/submit_order', { symbol: 'BTC_USDT', side: 'buy', type: 'market', notional: '100', client_order_id: 'lr2' }));
    const o = ok(await post('/spot/v4/query/client-order', { clientOrderId: 'lr2' }));
    assert.equal(o.state, 'filled');
    const fills = ok(await post('/spot/v4/query/order-trades', { orderId: o.orderId }));
    assert.ok(fills.length > 0);
    for (const f of fills) {
      assert.deepEqual([f.orderId, f.clientOrderId, f.type, f.tradeRole, f.feeCoinName], [o.orderId, 'lr2', 'market', 'taker', 'BTC']);
      assert.equal(typeof f.tradeId, 'string');
    }
    const all = ok(await post('/spot/v4/query/trades', { symbol: 'BTC_USDT' }));
    assert.ok(fills.every((f: { tradeId: string }) => all.some((x: { tradeId: string }) => x.tradeId === f.tradeId)));
    assert.deepEqual(ok(await post('/spot/v4/query/order-trades', { orderId: '1' })), [], 'an unknown order has no fills');
  });

  test('batch: every line checked before any is placed; placed lines found by their client ids; cancel-all leaves none open', async () => {
    const line = (cid: string, price = '1000') => ({ side: 'buy', type: 'limit', size: '0.01', price, clientOrderId: cid });
    fails(await post('/spot/v4/batch_orders', { symbol: 'BTC_USDT', orderParams: [line('lb1'), line('lb2', '-1')] }), 50021, 400);
    fails(await post('/spot/v4/query/client-order', { clientOrderId: 'lb1' }), 50005, 400);
    fails(await post('/spot/v4/batch_orders', { symbol: 'BTC_USDT', orderParams: [] }), 50033, 400);
    fails(await post('/spot/v4/batch_orders', { symbol: 'BTC_USDT', orderParams: [line('lb1'), line('lb1')] }), 50042, 400);
    const r = ok(await post('/spot/v4/batch_orders', { symbol: 'BTC_USDT', orderParams: [line('lb1'), { ...line(''), clientOrderId: undefined, client_order_id: 'lb2' }] }));
    assert.deepEqual([r.code, r.msg, r.data.orderIds.length], [0, 'success', 2]);
    const second = ok(await post('/spot/v4/query/client-order', { clientOrderId: 'lb2' }));
    assert.equal(second.orderId, r.data.orderIds[1], 'the snake_case client id ccxt sends is read too');
    assert.deepEqual(ok(await post('/spot/v4/cancel_all', {})), {});
    assert.deepEqual(ok(await post('/spot/v4/query/open-orders', {})), []);
  });

  test('v4 errors: unknown order 50005, queryState 52003, orderMode 52000, end before start 52004, no ids 50039; v3 orders keeps the spec shape', async () => {
    fails(await post('/spot/v4/query/order', { orderId: 'abc' }), 50005, 400);
    fails(await post('/spot/v4/query/order', { orderId: '1', queryState: 'closed' }), 52003, 400);
    fails(await post('/spot/v4/query/open-orders', { orderMode: 'margin' }), 52000, 400);
    fails(await post('/spot/v4/query/history-orders', { startTime: 2000, endTime: 1000 }), 52004, 400);
    fails(await post('/spot/v4/cancel_orders', { symbol: 'BTC_USDT' }), 50039, 400);
    const v3 = ok(await get('/spot/v3/orders', 'symbol=BTC_USDT&N=10&status=8', 'KEYED'));
    assert.equal(v3.current_page, 1);
    assert.ok(v3.orders.length > 0 && v3.orders.every((o: { status: string }) => o.status === '8'));
  });
});

describe('fees and funding', () => {
  test('fee rates: the documented four and the two names ccxt reads; the base rates of every level', async () => {
    const f = ok(await get('/spot/v1/trade_fee', 'symbol=BTC_USDT', 'KEYED'));
    assert.deepEqual([f.buy_taker_fee_rate, f.sell_maker_fee_rate, f.taker_fee_rate, f.maker_fee_rate], ['0.001', '0.0008', '0.001', '0.0008']);
    const u = ok(await get('/spot/v1/user_fee', '', 'KEYED'));
    assert.deepEqual([u.user_rate_type, u.level, u.taker_fee_rate_D], [0, 'LV1', '0.001']);
  });

  test('the funding wallet lists the currencies held, the valuation when asked', async () => {
    const w = ok(await get('/account/v1/wallet', 'needUsdValuation=true', 'KEYED')).wallet;
    const cur = w.map((b: { currency: string }) => b.currency);
    assert.ok(cur.includes('USDT') && cur.includes('SOL') && !cur.includes('BMX'), cur.join());
    const usdt = w.find((b: { currency: string }) => b.currency === 'USDT');
    assert.deepEqual(Object.keys(usdt), ['currency', 'name', 'available', 'frozen', 'unAvailable', 'available_usd_valuation']);
    assert.equal(ok(await get('/account/v1/wallet', 'currency=BTC', 'KEYED')).wallet.length, 1);
  });

  test('deposit address: stable per currency and network; 60002 for an unknown coin', async () => {
    const a = ok(await get('/account/v1/deposit/address', 'currency=USDT-TRC20', 'KEYED'));
    assert.deepEqual([a.currency, a.chain, a.address_memo], ['USDT-TRC20', 'TRC20', '']);
    assert.match(a.address, /^0x[0-9a-f]{40}$/);
    assert.deepEqual(ok(await get('/account/v1/deposit/address', 'currency=USDT-TRC20', 'KEYED')), a);
    assert.notEqual(ok(await get('/account/v1/deposit/address', 'currency=USDT-ERC20', 'KEYED')).address, a.address);
    fails(await get('/account/v1/deposit/address', 'currency=DOGE', 'KEYED'), 60002, 400);
  });

  test('withdraw: debited, in the v2 and v1 histories with the fee taken from it; funding-family refusals', async () => {
    const before = ok(await get('/spot/v1/wallet', 'currency=SOL', 'KEYED')).wallet[0].available;
    const r = ok(await post('/account/v1/withdraw/apply', { currency: 'SOL', amount: '10', address: 'sol1', destination: 'To Digital Address' }));
    assert.equal(typeof r.withdraw_id, 'string');
    assert.equal(ok(await get('/spot/v1/wallet', 'currency=SOL', 'KEYED')).wallet[0].available, String(Number(before) - 10));
    const h2 = ok(await get('/account/v2/deposit-withdraw/history', 'operation_type=withdraw&N=1000', 'KEYED')).records;
    assert.deepEqual([h2[0].withdraw_id, h2[0].arrival_amount, h2[0].fee, h2[0].address], [r.withdraw_id, '9.99', '0.01', 'sol1']);
    assert.equal(ok(await get('/account/v1/deposit-withdraw/detail', `id=${r.withdraw_id}`, 'KEYED')).record.currency, 'SOL');
    fails(await post('/account/v1/withdraw/apply', { currency: 'SOL', amount: '1000000', address: 'a' }), 60008, 400);
    fails(await post('/account/v1/withdraw/apply', { currency: 'SOL', amount: '0.01', address: 'a' }), 60005, 400);
    fails(await post('/account/v1/withdraw/apply', { currency: 'BMX', amount: '10', address: 'a' }), 60004, 400);
    fails(await post('/account/v1/withdraw/apply', { currency: 'SOL', amount: '1' }), 60011, 400);
    fails(await get('/account/v2/deposit-withdraw/history', 'operation_type=deposit&N=5&startTime=0&endTime=99999999999', 'KEYED'), 60000, 400);
    const trader = await newAccount(h.base(), { deposit: { SOL: '10' } });
    fails(await call(h.base(), 'POST', '/account/v1/withdraw/apply', { body: { currency: 'SOL', amount: '1', address: 'a' }, creds: trader }), 30012, 403);
  });
});
