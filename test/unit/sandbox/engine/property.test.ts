import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ExchangeError, type OrderType } from '../../../../src/sandbox/exchange-api.js';
import { Engine } from '../../../../src/sandbox/engine/engine.js';
import { Ledger } from '../../../../src/sandbox/engine/ledger.js';
import type { OrderRec } from '../../../../src/sandbox/engine/types.js';
import { Prng } from '../../../../src/sandbox/market/prng.js';
import { add, cmp, norm, type Dec } from '../../../../src/util/decimal.js';

const ACCOUNTS = ['a1', 'a2', 'a3', 'a4'];
const CURRENCIES = ['USDT', 'BTC', 'ETH'];
const PAIRS = [
  { symbol: 'BTC_USDT', base: 'BTC', quote: 'USDT', mid: 60000, tick: 0.01, priceDp: 2, lot: '0.001', maxLots: 200 },
  { symbol: 'ETH_BTC', base: 'ETH', quote: 'BTC', mid: 0.05, tick: 0.000001, priceDp: 6, lot: '0.01', maxLots: 300 },
];
const TYPES: OrderType[] = ['limit', 'limit', 'limit', 'market', 'limit_maker', 'ioc'];
const STP = ['none', 'none', 'cancel_maker', 'cancel_taker', 'cancel_both'] as const;

test('random orders and cancels keep balances non-negative, totals conserved, books uncrossed', () => {
  const prng = new Prng(20261122);
  const ledger = new Ledger();
  let id = 183347420821295423n;
  const engine = new Engine(ledger, { nextId: () => String(id++), trade: () => {}, order: () => {}, book: () => {}, internal: () => false });
  for (const a of ACCOUNTS) {
    ledger.deposit(a, 'USDT', '1000000');
    ledger.deposit(a, 'BTC', '20');
    ledger.deposit(a, 'ETH', '300');
  }
  const totals = CURRENCIES.map((c) => ledger.total(c));
  const placed: OrderRec[] = [];
  let fills = 0;
  let refused = 0;
  for (let step = 0; step < 3000; step++) {
    const acct = ACCOUNTS[prng.int(0, ACCOUNTS.length - 1)]!;
    const p = PAIRS[prng.int(0, PAIRS.length - 1)]!;
    try {
      if (prng.chance(0.25) && placed.length) {
        const o = placed[prng.int(0, placed.length - 1)]!;
        engine.cancel(o.acct, o.symbol, prng.chance(0.5) ? { order_id: o.id } : { client_order_id: o.cid }, step);
      } else {
        const side = prng.chance(0.5) ? 'buy' : 'sell';
        const type = TYPES[prng.int(0, TYPES.length - 1)]!;
        const price = (p.mid * (1 + (prng.next() - 0.5) * 0.02)).toFixed(p.priceDp);
        const size = norm({ units: BigInt(prng.int(1, p.maxLots)) * BigInt(p.lot.replace('0.', '')), scale: p.lot.length - 2 });
        const req = type === 'market'
          ? side === 'buy' ? { notional: (prng.int(20, 5000) * (p.quote === 'USDT' ? 1 : 0.0001)).toFixed(4) } : { size }
          : { price, size };
        const stpMode = STP[prng.int(0, STP.length - 1)]!;
        const o = engine.place(acct, { symbol: p.symbol, side, type, stpMode, ...req }, step);
        if (o.filledSize !== '0') fills++;
        placed.push(o);
      }
    } catch (err) {
      if (!(err instanceof ExchangeError)) throw err;
      refused++;
    }
    CURRENCIES.forEach((c, i) => assert.equal(ledger.total(c), totals[i], `total of ${c} at step ${step}`));
    for (const a of ACCOUNTS) {
      for (const c of CURRENCIES) {
        const s = ledger.slot(a, c);
        assert.ok(cmp(s.available, '0') >= 0 && cmp(s.frozen, '0') >= 0, `negative ${a} ${c} at step ${step}`);
        // What is frozen is exactly what the open orders still hold.
        let held: Dec | string = '0';
        for (const o of engine.openOrders(a)) {
          const pair = PAIRS.find((x) => x.symbol === o.symbol)!;
          if ((o.side === 'buy' ? pair.quote : pair.base) === c) held = add(held, o.frozen);
        }
        assert.equal(cmp(s.frozen, held), 0, `frozen ${a} ${c} at step ${step}`);
      }
    }
    for (const p2 of PAIRS) assert.ok(!engine.book(p2.symbol).crossed(), `book ${p2.symbol} crossed at step ${step}`);
  }
  for (const o of placed) {
    assert.ok([4, 5, 6, 8].includes(o.status));
    if (o.status === 6 && o.type !== 'market') assert.equal(o.filledSize, o.size);
    if (o.status === 4) assert.equal(o.filledSize, '0');
  }
  assert.ok(fills > 200, `only ${fills} orders traded`);
  assert.ok(refused < 1500, `${refused} orders refused`);
});
