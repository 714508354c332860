// Many pairs' tickers at once (the watchlist's source): each pair's figures as pushed, and a spark of its
// last price minute by minute, seeded from one-minute candles and kept by the pushes, on injected times.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SPARK_MINUTES, TickerBoard } from '../../../../src/core/live/tickers.js';

/** 12:00:00 UTC on 2026-11-02, ms. */
const NOW = Date.UTC(2026, 10, 2, 12, 0, 0);
const MIN = 60_000;
const ticker = (symbol: string, last: string) => ({ symbol, last_price: last, open_24h: '100', high_24h: '110', low_24h: '90', base_volume_24h: '5.5' });

test('a ticker sets its pair\'s figures (decimals as sent) and the spark\'s current minute; pairs are apart', () => {
  const b = new TickerBoard();
  assert.equal(b.apply(ticker('BTC_USDT', '101.50'), NOW), 'BTC_USDT');
  b.apply(ticker('ETH_USDT', '7'), NOW);
  assert.deepEqual(b.figures('BTC_USDT'), { last: '101.50', open24h: '100', high24h: '110', low24h: '90', volume24h: '5.5' });
  assert.equal(b.figures('ETH_USDT')?.last, '7');
  assert.equal(b.figures('SOL_USDT'), undefined);
  assert.equal(b.version, 2);
  const spark = b.spark('BTC_USDT', NOW);
  assert.equal(spark.length, SPARK_MINUTES);
  assert.deepEqual([spark.at(-1), spark.at(-2)], ['101.50', ''], 'the minute of the push; none known before it');
});

test('candles seed the minutes before the pushes; a pushed minute keeps the push\'s price; a minute with none carries the one before', () => {
  const b = new TickerBoard();
  b.apply(ticker('BTC_USDT', '105'), NOW);
  const start = (m: number) => (NOW - m * MIN) / 1000;
  b.seed('BTC_USDT', [[start(5), '100'], [start(3), '102'], [start(0), '999']]);
  const spark = b.spark('BTC_USDT', NOW);
  assert.deepEqual(spark.slice(-6), ['100', '100', '102', '102', '102', '105'], 'minutes 5 to 0 ago: carried, and the push kept over the candle');
  // A later push, two minutes on: the minutes between carry the last price.
  b.apply(ticker('BTC_USDT', '106'), NOW + 2 * MIN);
  assert.deepEqual(b.spark('BTC_USDT', NOW + 2 * MIN).slice(-3), ['105', '105', '106']);
});

test('only the window\'s minutes are kept: an older price carries into the window\'s first minutes', () => {
  const b = new TickerBoard();
  const start = (m: number) => (NOW - m * MIN) / 1000;
  b.seed('BTC_USDT', Array.from({ length: 90 }, (_, i) => [start(89 - i), String(1000 + i)] as const));
  const spark = b.spark('BTC_USDT', NOW);
  assert.equal(spark[0], String(1000 + 90 - SPARK_MINUTES), 'the window opens on its own minute');
  assert.equal(spark.at(-1), '1089');
  assert.equal(b.spark('BTC_USDT', NOW + 10 * MIN).at(-1), '1089', 'nothing new: the last price carries');
});
