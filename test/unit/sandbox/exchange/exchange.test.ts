import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Exchange } from '../../../../src/sandbox/exchange/exchange.js';
import { MAKER } from '../../../../src/sandbox/market/sim.js';
import { cmp } from '../../../../src/util/decimal.js';

const START = Date.UTC(2026, 10, 22, 8, 0, 0);
const CURRENCIES = ['USDT', 'BTC', 'ETH', 'SOL', 'BMX'];

function clocked(seed = 3) {
  const clock = { now: START };
  const ex = new Exchange({ seed, clock: () => clock.now });
  return { ex, clock };
}

describe('sandbox exchange', () => {
  test('the simulated market keeps books on both sides, uncrossed, and conserves every currency', () => {
    const { ex, clock } = clocked();
    const totals = CURRENCIES.map((c) => ex.ledger.total(c));
    for (let i = 0; i < 40; i++) {
      clock.now += 500;
      ex.advance();
      for (const s of ex.symbols()) {
        const d = ex.depth(s, 5);
        assert.ok(d.bids.length > 0 && d.asks.length > 0, `${s} has both sides`);
        assert.ok(cmp(d.bids[0]![0], d.asks[0]![0]) < 0, `${s} uncrossed`);
      }
    }
    assert.deepEqual(CURRENCIES.map((c) => ex.ledger.total(c)), totals);
    const t = ex.ticker('BTC_USDT');
    assert.equal(t.best_bid, ex.depth('BTC_USDT', 1).bids[0]![0]);
    assert.ok(ex.trades('BTC_USDT', 50).length >= 10);
    assert.equal(t.last_price, ex.trades('BTC_USDT', 1)[0]!.price);
  });

  test('the same seed gives the same market', () => {
    const a = clocked(9);
    const b = clocked(9);
    a.clock.now = b.clock.now = START + 10_000;
    assert.deepEqual(a.ex.depth('ETH_USDT', 10), b.ex.depth('ETH_USDT', 10));
    assert.deepEqual(a.ex.klines('ETH_USDT', 60, START / 1000 - 86400, START / 1000), b.ex.klines('ETH_USDT', 60, START / 1000 - 86400, START / 1000));
    const c = clocked(10);
    c.clock.now = START + 10_000;
    assert.notDeepEqual(c.ex.depth('ETH_USDT', 10), a.ex.depth('ETH_USDT', 10));
  });

  test('a user limit buy crossing the best ask trades with the market maker', () => {
    const { ex, clock } = clocked();
    clock.now += 2000;
    const a = ex.createAccount({ USDT: '100000' });
    const ask = ex.depth('BTC_USDT', 1).asks[0]!;
    const o = ex.placeOrder(a.id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: ask[0], size: '0.001' });
    assert.equal(o.status, 6);
    assert.equal(o.price_avg, ask[0]);
    const fills = ex.fills(a.id, 'BTC_USDT');
    assert.equal(fills.length, 1);
    assert.equal(fills[0]!.exec_type, 'T');
    assert.equal(ex.balances(a.id).find((b) => b.currency === 'BTC')!.available, '0.000999');
  });

  test('history: 1-minute candles for days before the start, contiguous into live trading', () => {
    const { ex, clock } = clocked();
    // The timer runs the market in small steps; a jump of over a minute would count as a stop.
    for (let i = 0; i < 3; i++) {
      clock.now += 30_000;
      ex.advance();
    }
    const from = START / 1000 - 2 * 86400;
    const old = ex.klines('SOL_USDT', 1, from, from + 499 * 60);
    assert.equal(old.length, 500);
    assert.equal(old[0]!.timestamp, from);
    const live = ex.klines('SOL_USDT', 1, START / 1000 - 120, clock.now / 1000);
    assert.deepEqual(live.map((k) => k.timestamp), [-120, -60, 0, 60].map((d) => START / 1000 + d));
  });

  test('a snapshot restores accounts, balances, orders, fills and the market', () => {
    const { ex, clock } = clocked();
    clock.now += 1000;
    const a = ex.createAccount({ USDT: '50000', BTC: '1' });
    const resting = ex.placeOrder(a.id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '30000', size: '0.1', client_order_id: 'keep1' });
    const filled = ex.placeOrder(a.id, { symbol: 'BTC_USDT', side: 'buy', type: 'market', notional: '100' });
    const saved = JSON.parse(JSON.stringify(ex.snapshot()));
    const back = new Exchange({ clock: () => clock.now }, saved);
    assert.equal(back.accountByKey(a.key)?.secret, a.secret);
    assert.deepEqual(back.balances(a.id), ex.balances(a.id));
    assert.deepEqual(back.order(a.id, 'BTC_USDT', { client_order_id: 'keep1' }), ex.order(a.id, 'BTC_USDT', { order_id: resting.order_id }));
    assert.equal(back.order(a.id, 'BTC_USDT', { order_id: filled.order_id })?.status, 6);
    assert.deepEqual(back.fills(a.id, 'BTC_USDT'), ex.fills(a.id, 'BTC_USDT'));
    assert.deepEqual(CURRENCIES.map((c) => back.ledger.total(c)), CURRENCIES.map((c) => ex.ledger.total(c)));
    // The user's order is back in the book; the simulated makers quote again at once, 200 levels deep.
    assert.ok(back.depth('BTC_USDT', 400).bids.some(([p]) => p === '30000.00'));
    assert.ok(back.depth('BTC_USDT', 200).asks.length >= 195);
    // The next id continues above the saved ones.
    const next = back.placeOrder(a.id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '30000', size: '0.1' });
    assert.ok(BigInt(next.order_id) > BigInt(filled.order_id));
    assert.ok(back.engine.openOrders(MAKER).length > 0);
  });

  test('after a long stop the gap is filled with candles and trading goes on', () => {
    const { ex, clock } = clocked();
    clock.now += 5000;
    const saved = JSON.parse(JSON.stringify(ex.snapshot()));
    clock.now += 3_600_000;
    const back = new Exchange({ clock: () => clock.now }, saved);
    const hour = back.klines('BTC_USDT', 1, (clock.now - 3_600_000) / 1000, clock.now / 1000);
    assert.ok(hour.length >= 59, `${hour.length} candles in the gap`);
    assert.ok(back.depth('BTC_USDT', 1).asks.length === 1);
  });

  test('listeners may read the exchange while it changes; book events come once per change', () => {
    const { ex, clock } = clocked();
    const totals = CURRENCIES.map((c) => ex.ledger.total(c));
    const seen: string[] = [];
    const books: string[] = [];
    ex.on('trade', (t) => {
      seen.push(ex.ticker(t.symbol).last_price);
      assert.ok(ex.depth(t.symbol, 5).bids.length >= 0);
    });
    ex.on('book', (s) => books.push(s));
    clock.now += 5000;
    ex.advance();
    assert.ok(seen.length > 0);
    assert.deepEqual([...books].sort(), [...ex.symbols()].sort());
    for (const s of ex.symbols()) assert.ok(!ex.engine.book(s).crossed());
    assert.deepEqual(CURRENCIES.map((c) => ex.ledger.total(c)), totals);
  });
});
