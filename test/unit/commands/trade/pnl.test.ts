// The pair's P&L in the terminal: drawn in the orders pane from the fills read at start (figures worked
// out by hand), a fill pushed by the order stream added once without reading every fill again, its fee
// put in by one read of its order's fills, all against the real sandbox behind a proxy that counts reads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ordersPane } from '../../../../src/commands/trade/panes.js';
import { applyPushedFill, pnlLines } from '../../../../src/commands/trade/pnl.js';
import { frame } from '../../../../src/commands/trade/screen.js';
import { orderEntry } from '../../../../src/sandbox/ws/payloads.js';
import { add, mul, norm, sub } from '../../../../src/util/decimal.js';
import { startFaultProxy } from '../../../helpers/fault-proxy.js';
import { useSandbox } from '../../../helpers/sandbox-server.js';
import { drivenFeed, setup } from './feed-fixture.js';
import { fixtureState, NOW } from './fixture.js';

test('the orders pane heads with the position at its average cost, realized, unrealized at the last price, and fees', () => {
  const s = fixtureState();
  // Bought 0.02 at 29950 for 599 USDT, 0.00002 BTC of it the fee: 0.01998 at 599 / 0.01998 = 29979.98 each.
  // Sold 0.0025 at 30001.24: 75.0031 less a 0.0750031 USDT fee, against 599 x 0.0025 / 0.01998 = 74.9499...: -0.02.
  // Left 0.01748 for 524.0500...; at the last 30000.25 worth 524.4043...: +0.35. Fees 0.00002 x 29950 + 0.0750031 = 0.67.
  assert.deepEqual(pnlLines(s, '30000.25'), ['POS 0.01748 BTC @ 29979.98 avg cost', 'P&L real -0.02 unreal +0.35 USDT, after fees of 0.67 USDT']);
  const pane = ordersPane(s, 60, 8, false);
  assert.equal(pane[1]!.trimEnd(), 'POS 0.01748 BTC @ 29979.98 avg cost');
  assert.equal(pane[2]!.trimEnd(), 'P&L real -0.02 unreal +0.35 USDT, after fees of 0.67 USDT');
  // Narrower, the line still says the figures are after fees, and how much they were, while it can.
  assert.equal(pnlLines(s, '30000.25', 45)[1], 'P&L after fees 0.67: real -0.02 unreal +0.35');
  assert.equal(pnlLines(s, '30000.25', 40)[1], 'P&L net of fees: real -0.02 unreal +0.35');
  assert.match(pane[3]!, /SIDE +PRICE/);
  // A frame draws the figures; it does not work them out again.
  const run = s.account.pnl.run;
  frame(s, { columns: 200, rows: 50 }, NOW, false);
  frame(s, { columns: 120, rows: 40 }, NOW, true);
  assert.equal(s.account.pnl.run, run);
});

test('a pushed fill counts once, its fee marked as to come', () => {
  const s = fixtureState();
  const push = { symbol: 'BTC_USDT', order_id: '77', side: 'buy', detail_id: '9100', last_fill_price: '30000.00', last_fill_count: '0.01', last_fill_time: String(NOW), state: '6' };
  assert.equal(applyPushedFill(s, push), '77');
  assert.equal(applyPushedFill(s, push), undefined, 'the same trade again is not counted twice');
  // 0.01748 for 524.0500... and 0.01 for 300: 0.02748 for 824.0500..., 29987.2652... each; at 30000.25, 824.4068...: +0.36.
  assert.deepEqual(pnlLines(s, '30000.25'), ['POS 0.02748 BTC @ 29987.27 avg cost', 'P&L real -0.02 unreal +0.36 USDT, after fees of 0.67 USDT (fee to come)']);
  assert.equal(applyPushedFill(s, { ...push, detail_id: '' }), undefined, 'a push without a trade id is not a fill');
});

const harness = useSandbox(53);

test('in the feed: every fill read once at start; a pushed fill added, then only its order\'s fills read for the fee', { timeout: 30_000 }, async () => {
  const sb = harness.sandbox();
  const ex = sb.exchange;
  const acct = ex.createAccount({ USDT: '10000' });
  ex.placeOrder(acct.id, { symbol: 'BTC_USDT', side: 'buy', type: 'market', notional: '900' });
  ex.placeOrder(acct.id, { symbol: 'BTC_USDT', side: 'sell', type: 'market', size: '0.004' });
  const proxy = await startFaultProxy(sb.url);
  const base = setup(proxy.url, acct);
  const { s, until } = base;
  const { feed, conns } = drivenFeed(base);
  const fillReads = () => proxy.seen.filter((r) => r.path === '/spot/v1/trades');
  const btc = () => ex.balances(acct.id).find((b) => b.currency === 'BTC')!;
  try {
    await feed.start();
    await until(() => s.account.pnl.status === 'ready');
    const first = fillReads().length;
    assert.equal(s.account.pnl.run.fills, ex.fills(acct.id, 'BTC_USDT').length);
    // It started with cash only: the base it holds is the position its fills built.
    assert.equal(s.account.pnl.run.position, norm(add(btc().available, btc().frozen)));

    const o = ex.placeOrder(acct.id, { symbol: 'BTC_USDT', side: 'buy', type: 'market', notional: '300' });
    const fill = ex.fills(acct.id, 'BTC_USDT', o.order_id)[0]!;
    const priv = conns[1]!;
    const before = s.account.pnl.run.position;
    priv.opts.onPush?.('spot/user/order:BTC_USDT', 'spot/user/order', orderEntry(ex.order(acct.id, 'BTC_USDT', { order_id: o.order_id })!, fill));
    assert.equal(s.account.pnl.run.position, norm(add(before, fill.size)), 'counted at once, without its fee');
    assert.equal(s.account.pnl.feeless.size, 1);
    await until(() => s.account.pnl.feeless.size === 0);
    const later = fillReads().slice(first);
    assert.ok(later.length >= 1 && later.every((r) => new URL(r.url, 'http://x').searchParams.get('order_id') === o.order_id), later.map((r) => r.url).join(', '));
    assert.equal(s.account.pnl.run.position, norm(add(btc().available, btc().frozen)), 'the fee put in');
    // realized + unrealized = the cash now and the position at the last price, less the cash it started with.
    const usdt = ex.balances(acct.id).find((b) => b.currency === 'USDT')!;
    const last = '30000';
    const r = s.account.pnl.run;
    assert.equal(norm(add(r.realized, sub(mul(r.position, last), r.cost))), norm(sub(add(add(usdt.available, usdt.frozen), mul(r.position, last)), '10000')));
  } finally {
    await feed.close();
    await proxy.close();
  }
});
