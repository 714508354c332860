import assert from 'node:assert/strict';
import { test } from 'node:test';
import { amountText, canonicalText, fixedText, placesOf, toAmount, toUnits, unitsText } from '../../../../src/sandbox/engine/units.js';
import { Engine } from '../../../../src/sandbox/engine/engine.js';
import { Ledger } from '../../../../src/sandbox/engine/ledger.js';
import { Order } from '../../../../src/sandbox/engine/types.js';
import { unitsOf } from '../../../../src/sandbox/engine/units.js';
import { pairSpec } from '../../../../src/sandbox/engine/pairs.js';
import { Prng } from '../../../../src/sandbox/market/prng.js';
import { mul, norm, truncate } from '../../../../src/util/decimal.js';

test('decimal text and scaled integers convert both ways exactly', () => {
  assert.equal(toUnits('65000.1', 2), 6500010);
  assert.equal(toUnits('65000.10000', 2), 6500010);
  assert.equal(toUnits('0.001', 2), undefined, 'more decimals than the scale');
  assert.equal(toUnits('99999999999999999', 2), undefined, 'beyond a safe integer');
  assert.equal(unitsText(6500010, 2), '65000.1');
  assert.equal(unitsText(100, 2), '1');
  assert.equal(unitsText(5, 3), '0.005');
  assert.equal(fixedText(6500010, 2), '65000.10');
  assert.equal(placesOf('1.2300'), 2);
  assert.equal(toAmount('-0.000000000000000001'), -1n);
  assert.equal(toAmount('0.0000000000000000001'), undefined);
  assert.equal(amountText(123456789000000000000n), '123.456789');
  assert.equal(amountText(-5n), '-0.000000000000000005');
  // A canonical request keeps its own string; anything else is rewritten canonically.
  for (const [text, scale, want] of [['1.5', 1, '1.5'], ['1.50', 2, '1.5'], ['01.5', 1, '1.5'], ['.5', 1, '0.5'], ['2.', 0, '2'], ['0.5', 1, '0.5']] as const) {
    assert.equal(canonicalText(text, toUnits(text, scale)!, scale), want, text);
  }
});

test('every fill is exact: notional = price x size, fees truncated to 8 decimals of it', () => {
  const prng = new Prng(7);
  const ledger = new Ledger();
  let id = 183347420821295423n;
  const fills: { price: string; size: string; notional: string; fee: string; exec: string; feeCoin: string }[] = [];
  const engine = new Engine(ledger, {
    nextId: () => String(id++), trade() {}, book() {}, internal: () => false,
    order: (_o, f) => { if (f) fills.push(f); },
  });
  for (const a of ['m', 't']) {
    ledger.deposit(a, 'USDT', '100000000');
    ledger.deposit(a, 'BTC', '1000');
  }
  for (let i = 0; i < 400; i++) {
    const price = `${60000 + prng.int(-300, 300)}.${String(prng.int(0, 99)).padStart(2, '0')}`;
    const size = `0.${String(prng.int(1, 999)).padStart(5, '0')}`;
    try {
      engine.place(i % 2 ? 'm' : 't', { symbol: 'BTC_USDT', side: prng.chance(0.5) ? 'buy' : 'sell', type: 'limit', price, size }, i);
    } catch { /* a refused order (minimum amount) moves nothing */ }
  }
  assert.ok(fills.length > 50, `${fills.length} fills`);
  for (const f of fills) {
    assert.equal(f.notional, norm(mul(f.price, f.size)));
    const received = f.feeCoin === 'USDT' ? f.notional : f.size;
    const rate = f.exec === 'T' ? '0.001' : '0.0008';
    assert.equal(f.fee, norm(truncate(mul(received, rate), 8)));
  }
});

test('a saved order reloads into the same integers and the same record', () => {
  const spec = pairSpec('BTC_USDT')!;
  const u = unitsOf(spec.details, spec.maxPrice);
  const o = new Order('1', 'c', 'a', 'BTC_USDT', 'buy', 'limit', '65000.1', '0.25', undefined, 5, u, toUnits('65000.1', u.p)!, toUnits('0.25', u.s)!, 16250025000000000000000n);
  o.filled = toUnits('0.1', u.s)!;
  o.filledQuote = toAmount('6500.01')!;
  o.status = 5;
  const back = Order.from(o.record(), u)!;
  assert.deepEqual(back.record(), o.record());
  assert.equal(back.notional, '16250.025');
  assert.equal(back.px, o.px);
  assert.equal(back.filled, o.filled);
});
