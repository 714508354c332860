import assert from 'node:assert/strict';
import { test } from 'node:test';
import { currencyPlaces, roundTo } from '../../../../src/core/portfolio/value.js';

const pair = (symbol: string, price_max_precision: string, base_min_size: string) => {
  const [base_currency, quote_currency] = symbol.split('_') as [string, string];
  return { base_currency, quote_currency, price_max_precision, base_min_size };
};
const PAIRS = [pair('BTC_USDT', '2', '0.00001'), pair('SOL_USDT', '3', '0.01'), pair('ETH_BTC', '6', '0.001'), pair('DOGE_ETH', '8', '10')];

test('values round half to even at exact decimals, printed with exactly that many places', () => {
  assert.equal(roundTo('65336.2996010023', 2), '65336.30');
  assert.equal(roundTo('65336.2949999999999', 2), '65336.29');
  assert.equal(roundTo('0.005', 2), '0.00', 'a tie goes to the even cent');
  assert.equal(roundTo('0.015', 2), '0.02');
  assert.equal(roundTo('100000', 2), '100000.00');
  assert.equal(roundTo('123456789012345678.999', 2), '123456789012345679.00', 'beyond 2^53 stays exact');
  assert.equal(roundTo('0.123456789', 0), '0');
});

test('a currency is read at the coarsest price precision of its pairs, else at the size step where it is the base', () => {
  assert.equal(currencyPlaces('USDT', PAIRS), 2);
  assert.equal(currencyPlaces('BTC', PAIRS), 6);
  assert.equal(currencyPlaces('SOL', PAIRS), 2);
  assert.equal(currencyPlaces('DOGE', PAIRS), 0);
  assert.equal(currencyPlaces('XYZ', PAIRS), 8);
});
