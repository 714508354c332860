import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pairPnl, totalOf, type PnlFill } from '../../../../src/core/portfolio/pnl.js';
import { roundTo } from '../../../../src/core/portfolio/value.js';

let seq = 0;
const fill = (side: 'buy' | 'sell', size: string, price: string, notional: string, fee = '0', feeCoin = 'USDT', time = ++seq): PnlFill => ({ side, size, price, notional, fee, feeCoin, time, id: String(time) });
const pnl = (fills: PnlFill[], last = '') => pairPnl('BTC_USDT', 'BTC', 'USDT', fills, last);

test('buys raise the weighted average cost; a part sell realizes against it and keeps the average', () => {
  const buys = [fill('buy', '2', '100', '200'), fill('buy', '2', '200', '400')];
  assert.equal(pnl(buys).avg_cost, '150');
  const r = pnl([...buys, fill('sell', '1', '300', '300')], '250');
  // 600 cost for 4; one sold at 300 against 150: 150 realized; 3 left cost 450, worth 750 at 250.
  assert.deepEqual([r.position, r.avg_cost, r.realized, r.unrealized, r.fees, r.unmatched, r.fills], ['3', '150', '150', '300', '0', '0', 3]);
});

test('a fee in the base coin is base never received; a fee in the quote coin is proceeds lost; both in fees, in quote', () => {
  const buy = fill('buy', '1', '100', '100', '0.002', 'BTC');
  const half = fill('sell', '0.5', '120', '60', '0.12', 'USDT');
  const r = pnl([buy, half], '110');
  // 0.998 held at cost 100: half a coin takes 100 x 0.5 / 0.998 = 50.1002004008016032064... (cut at 18 places).
  assert.equal(r.position, '0.498');
  assert.equal(r.realized, '9.779799599198396794', '59.88 (60 less the fee) - 50.100200400801603206');
  assert.equal(r.avg_cost, '100.200400801603206413', 'cost left 49.899799599198396794 / 0.498');
  assert.equal(r.unrealized, '4.880200400801603206', '0.498 x 110 = 54.78, less the cost left');
  assert.equal(r.fees, '0.32', '0.002 BTC at 100 = 0.2, and 0.12 USDT');
  assert.equal(roundTo(r.realized, 2), '9.78');
  const closed = pnl([buy, half, fill('sell', '0.498', '130', '64.74', '0.12948', 'USDT')], '110');
  // Closing takes the whole cost left: no residue of the quotient. Proceeds 59.88 + 64.61052 on a cost of 100.
  assert.deepEqual([closed.position, closed.avg_cost, closed.realized, closed.unrealized, closed.fees], ['0', '', '24.49052', '0', '0.44948']);
});

test('a sell beyond the position (bought before the window) realizes only what the window bought; the rest is unmatched', () => {
  const r = pnl([fill('buy', '1', '100', '100'), fill('sell', '3', '110', '330')], '120');
  // One of three sold coins has a cost (100): its third of the proceeds (110) realizes 10.
  assert.deepEqual([r.position, r.avg_cost, r.realized, r.unrealized, r.unmatched], ['0', '', '10', '0', '2']);
  const only = pnl([fill('sell', '0.5', '110', '55', '0.055', 'USDT')], '120');
  assert.deepEqual([only.position, only.realized, only.unmatched, only.fees], ['0', '0', '0.5', '0.055']);
});

test('fills count oldest first whatever order they come in (the venue pages newest first); ties by trade id beyond 2^53', () => {
  const early = fill('buy', '1', '100', '100');
  const late = fill('sell', '1', '110', '110');
  assert.equal(pnl([late, early]).realized, '10');
  const sellFirst = pnl([{ ...early, time: late.time + 1 }, late]);
  assert.deepEqual([sellFirst.realized, sellFirst.unmatched, sellFirst.position], ['0', '1', '1']);
  const at = 5;
  const buy = { ...fill('buy', '1', '100', '100'), time: at, id: '9007199254740993' };
  const sell = { ...fill('sell', '1', '90', '90'), time: at, id: '9007199254740994' };
  assert.equal(pnl([sell, buy]).realized, '-10', 'the lower id first: bought, then sold at a loss');
});

test('a fee in another coin stays out of the P&L and is listed by coin; no last price leaves unrealized empty', () => {
  const r = pnl([fill('buy', '1', '100', '100', '0.5', 'BMX'), fill('buy', '1', '100', '100', '0.25', 'BMX')]);
  assert.deepEqual(r.other_fees, { BMX: '0.75' });
  assert.deepEqual([r.fees, r.avg_cost, r.position, r.unrealized], ['0', '100', '2', '']);
});

test('totals add the pairs, skipping what could not be priced', () => {
  const a = pnl([fill('buy', '1', '100', '100'), fill('sell', '0.5', '120', '60')], '130');
  const b = pairPnl('ETH_USDT', 'ETH', 'USDT', [fill('buy', '2', '10', '20', '0.1', 'USDT')], '');
  assert.equal(totalOf([a, b], 'realized'), '10');
  assert.equal(totalOf([a, b], 'unrealized'), '15', 'b has no price');
  assert.equal(totalOf([a, b], 'fees'), '0.1');
  assert.equal(totalOf([b], 'unrealized'), '', 'nothing priced: no total, rather than a zero');
});
