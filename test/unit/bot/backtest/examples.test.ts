// The three example bots of docs/bots.md backtested on recordings made for them, their fills and P&L
// checked against figures worked out by hand (in the comments): the sandbox's fees (maker 0.08%, taker
// 0.1%, in the coin received, cut to 8 places) and the weighted-average P&L of `bm pnl`.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { backtestOf, recordingOf } from '../../../helpers/recording-rows.js';

const BOTS = join(import.meta.dirname, '../../../../examples/bots');
const fills = (r: Awaited<ReturnType<typeof backtestOf>>) => r.trades.map((t) => `${t.side} ${t.size} @ ${t.price} ${t.role} fee ${t.fee} ${t.fee_coin} realized ${t.realized}`);

test('grid: a buy a step below fills when the market sells down to it, its sell a step above when the market buys up to it', async () => {
  // Books of 0.1 a level, 2 bps apart: at 12:00:00 bids 100, 99.98...; the grid buys 0.1 at 99 (a step of 1 below 100).
  const rec = await recordingOf([[0, '100', '0.05', 'sell'], [10, '99', '0.3', 'sell'], [20, '100', '0.5', 'buy'], [30, '100', '0.01', 'sell']], { spreadBps: '2', levels: 5, depth: '0.1' });
  const r = await backtestOf(join(BOTS, 'grid.mjs'), rec, { params: { levels: '1', step: '1', size: '0.1' } });
  assert.equal(r.error, undefined);
  assert.deepEqual(fills(r), [
    // No recorded depth stood at 99 when it was placed: the sell of 0.3 at 99 fills it whole. Fee 0.1 x 0.0008 BTC.
    'buy 0.1 @ 99 maker fee 0.00008 BTC realized 0',
    // The buy's 0.09992 BTC offered at 100, lifted by the buy of 0.5 at 100: fee 9.992 x 0.0008 = 0.0079936 USDT;
    // realized 9.992 - 0.0079936 - 9.9 = 0.0840064.
    'sell 0.09992 @ 100 maker fee 0.0079936 USDT realized 0.0840064',
  ]);
  const t = r.report.total;
  assert.deepEqual([t.orders, t.fills, t.realized, t.unrealized, t.fees, t.end_equity, t.win_rate], [3, 2, '0.0840064', '0', '0.0159136', '10000.0840064', '100']);
  // A position was open from 12:00:10 to 12:00:20 of a run of 30 s.
  assert.equal(t.exposure, '33.3333');
});

test('breakout: buys above the window\'s high, and the stop sells when the price falls 1% under the entry', async () => {
  const rec = await recordingOf([
    [0, '100', '0.05', 'sell'], [1, '100', '0.05', 'sell'], [2, '100', '0.05', 'sell'], [3, '100', '0.05', 'sell'],
    [4, '101', '0.5', 'buy'], [5, '101.5', '0.5', 'buy'], [6, '99.9', '0.5', 'sell'], [7, '99.9', '0.01', 'sell'],
  ], { spreadBps: '2', levels: 5, depth: '1' });
  const r = await backtestOf(join(BOTS, 'breakout.mjs'), rec, { params: { lookback: '3', notional: '20', stop: '1' } });
  assert.equal(r.error, undefined);
  assert.deepEqual(fills(r), [
    // 20 USDT at the recorded ask of 101: 0.19801 BTC (whole size steps), 19.99901 USDT; fee 0.1% of it in BTC.
    'buy 0.19801 @ 101 taker fee 0.00019801 BTC realized 0',
    // 101 x 0.99 = 99.99: at 99.9 the stop sells the 0.19781199 held, cut to the size step: 0.19781 at the bid of 99.9.
    // Proceeds 19.761219 - 0.01976121 fee; cost taken 19.99901 x 0.19781 / 0.19781199; realized the difference.
    'sell 0.19781 @ 99.9 taker fee 0.01976121 USDT realized -0.257351018808808808',
  ]);
  assert.equal(r.report.total.win_rate, '0');
  assert.match(r.report.log.join('\n'), /stop at 99\.9: sold 0\.19781/);
});

test('twap: half of 1000 USDT into BTC in two slices a second apart, each a market buy at the recorded asks', async () => {
  const rec = await recordingOf([[0, '100', '0.05', 'sell'], [1, '100', '0.05', 'buy'], [2, '100', '0.05', 'sell']], { spreadBps: '2', levels: 5, depth: '10' });
  const r = await backtestOf(join(BOTS, 'twap.mjs'), rec, { params: { slices: '2', every: '1000' }, balance: { USDT: '1000' } });
  assert.equal(r.error, undefined);
  assert.deepEqual(fills(r), [
    // After a sell at 100 the best ask is 100.02: 250 USDT buys 2.4995 (249.99999 USDT).
    'buy 2.4995 @ 100.02 taker fee 0.0024995 BTC realized 0',
    // After a buy at 100 the best ask is 100: 250 USDT buys 2.5.
    'buy 2.5 @ 100 taker fee 0.0025 BTC realized 0',
  ]);
  const t = r.report.total;
  // 4.9925005 BTC at 100 plus 500.00001 USDT left: 999.45006.
  assert.deepEqual([t.end_equity, t.unrealized, t.exposure], ['999.45006', '-0.54994', '100']);
  assert.match(r.report.log.at(-1) ?? '', /rebalanced in 2 slices/);
});
