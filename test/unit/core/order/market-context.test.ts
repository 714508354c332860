import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDeviation, contextLines, crosses, deviationPct, estimateFill, type Book } from '../../../../src/core/order/market-context.js';
import { BmError } from '../../../../src/errors.js';

const BOOK: Book = {
  bids: [{ price: '99.9', amount: '1' }, { price: '99.5', amount: '2' }],
  asks: [{ price: '100.1', amount: '0.5' }, { price: '100.3', amount: '1.5' }, { price: '101', amount: '10' }],
};
const QUOTE = { last: '100', bid: '99.9', ask: '100.1' };

function refused(fn: () => unknown, re: RegExp): void {
  assert.throws(fn, (e: unknown) => e instanceof BmError && e.exitCode === 2 && re.test(e.message), `expected exit 2 matching ${re}`);
}

test('distance from the last price is exact and signed, truncated to 2 places', () => {
  assert.equal(deviationPct('110', '100'), '10');
  assert.equal(deviationPct('90.555', '100'), '-9.44');
  assert.equal(deviationPct('0.000000012', '0.00000001'), '20');
});

test('an order crosses the book when it takes the best price of the other side', () => {
  assert.equal(crosses({ side: 'buy', type: 'limit', price: '100.1' }, QUOTE), true);
  assert.equal(crosses({ side: 'buy', type: 'limit', price: '100.09' }, QUOTE), false);
  assert.equal(crosses({ side: 'sell', type: 'limit', price: '99.9' }, QUOTE), true);
  assert.equal(crosses({ side: 'sell', type: 'limit', price: '99.91' }, QUOTE), false);
  assert.equal(crosses({ side: 'buy', type: 'limit', price: '1000' }, { last: '100', bid: '', ask: '' }), false, 'no asks: nothing to cross');
  assert.equal(crosses({ side: 'buy', type: 'market', size: '1' }, QUOTE), true);
});

test('a market order is walked through the book: sized, by notional, and beyond what the book shows', () => {
  const sized = estimateFill({ side: 'buy', type: 'market', size: '1' }, BOOK);
  // 0.5 at 100.1 + 0.5 at 100.3 = 100.2 for 1
  assert.deepEqual(sized, { size: '1', cost: '100.2', average: '100.2', levels: 2, complete: true });
  const sell = estimateFill({ side: 'sell', type: 'market', size: '2' }, BOOK);
  assert.deepEqual(sell, { size: '2', cost: '199.4', average: '99.7', levels: 2, complete: true });
  const notional = estimateFill({ side: 'buy', type: 'market', notional: '100.1' }, BOOK);
  assert.equal(notional.complete, true);
  assert.match(notional.cost, /^100\.0999999999\d*$/, 'a notional ending inside a level buys what it can there, to 12 places');
  assert.equal(notional.levels, 2);
  const huge = estimateFill({ side: 'sell', type: 'market', size: '5' }, BOOK);
  assert.deepEqual(huge, { size: '3', cost: '298.9', average: '99.63333', levels: 2, complete: false });
  const empty = estimateFill({ side: 'buy', type: 'market', size: '1' }, { bids: [], asks: [] });
  assert.equal(empty.average, '');
});

test('the fat-finger guard refuses a price more than max-deviation through the last price, not at it', () => {
  checkDeviation({ side: 'buy', type: 'limit', price: '110' }, '100', '10');
  checkDeviation({ side: 'sell', type: 'limit', price: '90' }, '100', '10');
  checkDeviation({ side: 'buy', type: 'limit', price: '1' }, '100', '10'); // far below: not through the market
  checkDeviation({ side: 'buy', type: 'limit', price: '500' }, '100', undefined); // --max-deviation none
  refused(() => checkDeviation({ side: 'buy', type: 'limit', price: '110.01' }, '100', '10'), /^--price: 110\.01 is 10\.01% above the last price 100; a buy may be at most 10% above it \(up to 110\); nothing was sent$/);
  refused(() => checkDeviation({ side: 'sell', type: 'limit', price: '89.99' }, '100', '10'), /89\.99 is 10\.01% below .* at most 10% below it \(down to 90\)/);
  refused(() => checkDeviation({ side: 'buy', type: 'limit', price: '500' }, '100', '10'), /400% above/);
  refused(() => checkDeviation({ side: 'buy', type: 'limit', price: '101' }, '', '10'), /no last price/);
  try {
    checkDeviation({ side: 'buy', type: 'limit', price: '150.5' }, '100', '10');
  } catch (e) {
    assert.match((e as BmError).details.hint ?? '', /--max-deviation 51 /, 'the hint names a deviation that lets it through');
  }
});

test('confirmation lines: the market, where the price stands, and what crossing means for the type', () => {
  const rest = contextLines({ side: 'buy', type: 'limit', price: '95' }, QUOTE, undefined, 'BTC', 'USDT');
  assert.deepEqual(rest, ['market: last 100, best bid 99.9, best ask 100.1 USDT', 'price 95 (5% below last): does not cross: it rests in the book']);
  const take = contextLines({ side: 'buy', type: 'limit', price: '100.2' }, QUOTE, undefined, 'BTC', 'USDT');
  assert.equal(take[1], 'price 100.2 (0.2% above last): crosses the book: fills at once against the best ask and beyond, up to 100.2');
  const maker = contextLines({ side: 'sell', type: 'limit_maker', price: '99' }, QUOTE, undefined, 'BTC', 'USDT');
  assert.match(maker[1]!, /a limit_maker order that would cross is cancelled at once/);
  const ioc = contextLines({ side: 'sell', type: 'ioc', price: '100' }, QUOTE, undefined, 'BTC', 'USDT');
  assert.equal(ioc[1], 'price 100 (at the last price): does not cross: an ioc order fills nothing and is cancelled');
  const market = contextLines({ side: 'buy', type: 'market', notional: '10000' }, QUOTE, BOOK, 'BTC', 'USDT');
  assert.match(market[1]!, /^estimated fill: the book shows only 12 BTC \(1210\.5 USDT\) for 10000 USDT, at an average of 100\.875 USDT$/);
});
