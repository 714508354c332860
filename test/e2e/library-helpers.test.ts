/**
 * The command line's helpers in the library, against the sandbox behind the fault proxy: exact
 * decimals and rounding to a pair's step and tick (a rounded order passes the checks and is placed),
 * open orders and fills across pairs (one request a pair), and the portfolio valued as `bm portfolio`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BmError, Client, decimal } from '../../src/lib/index.js';
import { useLibraryVenue } from '../helpers/library-venue.js';
import { isolatedEnv } from '../helpers/bm.js';

const venue = useLibraryVenue(31, { USDT: '100000', BTC: '1', ETH: '10' });
const env = isolatedEnv();

type Api = Omit<Client, 'legacy'> & Record<string, any>;
const notes: string[] = [];
function client(): Api {
  return new Client({ baseUrl: venue.proxy.url, credentials: venue.credentials, env, timeoutMs: 30_000, onNote: (l) => notes.push(l) }) as Api;
}

const refusal = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
};

test('decimal: exact text in and out; numbers and scientific notation refused as usage errors', () => {
  assert.equal(decimal.mul('65336.29', '0.95'), '62069.4755');
  assert.equal(decimal.add('0.1', '0.2'), '0.3');
  assert.equal(decimal.sub('1.50', '1.5'), '0');
  assert.equal(decimal.sub('1', '1.25'), '-0.25');
  assert.equal(decimal.cmp('1.0', '1'), 0);
  assert.equal(decimal.cmp('0.30000000000000001', '0.3'), 1);
  assert.equal(decimal.div('1', '3', 4), '0.3333');
  assert.equal(decimal.mul('123456789012345678.9', '10'), '1234567890123456789');
  assert.equal(decimal.round('0.12345', '0.001'), '0.123', 'down by default');
  assert.equal(decimal.round('0.12345', '0.001', 'up'), '0.124');
  assert.equal(decimal.round('0.1225', '0.001', 'half-even'), '0.122');
  assert.equal(decimal.round('0.1235', '0.001', 'half-even'), '0.124');
  assert.equal(decimal.round('-0.1235', '0.001', 'down'), '-0.124', 'down is toward minus infinity');
  assert.equal(decimal.round('37', '5', 'half-even'), '35');
  for (const [fn, re] of [
    [() => decimal.mul(0.1 as unknown as string, '2'), /a: give a decimal as text, like '0\.95' \(got the number 0\.1\)/],
    [() => decimal.add('1e3', '1'), /a: '1e3' is not a plain decimal/],
    [() => decimal.round('1', '0'), /step: must be greater than 0/],
    [() => decimal.round('1', '0.1', 'nearest' as 'down'), /mode: one of down, up, half-even/],
    [() => decimal.div('1', '0'), /b: division by zero/],
  ] as const) {
    const err = refusal(fn);
    assert.ok(err instanceof BmError && err.exitCode === 2, String(err));
    assert.match(err.message, re);
  }
});

test('pair: rounding to the step and tick the order checks use; a price 5% under the bid, rounded, is placed', async () => {
  const c = client();
  const pair = await c.pair('BTC_USDT');
  assert.equal(pair.rules.symbol, 'BTC_USDT');
  assert.equal(pair.tick, decimal.round(pair.tick, pair.tick), 'the tick is a step of itself');
  assert.match(pair.tick, /^(1|0\.0*1)$/);
  const book = await c.book({ symbol: 'BTC_USDT' });
  const bid = (book.buys ?? book.bids)[0].price as string;
  const raw = decimal.mul(bid, '0.95');
  const price = pair.roundPrice(raw, 'buy');
  assert.ok(decimal.cmp(price, raw) <= 0, 'a buy rounds down');
  assert.equal(pair.roundPrice(raw, 'sell'), decimal.cmp(price, raw) === 0 ? price : decimal.add(price, pair.tick), 'a sell rounds up, one tick above');
  const size = pair.roundSize(decimal.add(pair.rules.base_min_size, decimal.mul(pair.step, '0.5')));
  assert.equal(size, decimal.round(pair.rules.base_min_size, pair.step), 'a size rounds down to the step');
  const placed = await c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: decimal.round(decimal.div('20', price, 12), pair.step, 'up'), price });
  assert.ok(placed.orderId ?? placed.order_id, 'placed');
  const err = await c.pair('NOPE_USDT').then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof BmError && err.exitCode === 2, String(err));
  assert.match(err.message, /no pair NOPE_USDT/);
  await c.order.cancelAll({ symbol: 'BTC_USDT' });
});

test('order.open and order.fills without a pair: every pair the wallet can trade, one request a pair, newest first', async () => {
  const c = client();
  const btc = await c.pair('BTC_USDT');
  const eth = await c.pair('ETH_USDT');
  const low = async (symbol: string, p: typeof btc) => {
    const last = (await c.ticker({ symbol })).tickers[0].last_price as string;
    return p.roundPrice(decimal.mul(last, '0.5'), 'buy');
  };
  const a = await c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: btc.roundSize('0.001', 'up'), price: await low('BTC_USDT', btc) });
  const b = await c.order.place({ symbol: 'ETH_USDT', side: 'buy', type: 'limit', size: eth.roundSize('0.01', 'up'), price: await low('ETH_USDT', eth) });
  const before = venue.proxy.count('GET', '/spot/v2/orders');
  notes.length = 0;
  const open = await c.order.open();
  assert.ok(open.pairs.includes('BTC_USDT') && open.pairs.includes('ETH_USDT'), open.pairs.join());
  const ids = open.orders.map((o: { order_id: string }) => o.order_id);
  for (const placed of [a, b]) assert.ok(ids.includes(placed.orderId ?? placed.order_id), 'both pairs\' orders');
  assert.ok(notes.some((l) => /fetching open orders of \d+ pairs? .*at most \d+ requests per \d+ s/.test(l)), notes.join('\n'));
  assert.equal(venue.proxy.count('GET', '/spot/v2/orders') - before, open.pairs.length, 'one request a pair');
  await c.order.cancelAll({ symbol: 'BTC_USDT' });
  await c.order.cancelAll({ symbol: 'ETH_USDT' });

  const ask = (await c.book({ symbol: 'BTC_USDT' }));
  const askPrice = (ask.sells ?? ask.asks)[0].price as string;
  await c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: btc.roundSize('0.001', 'up'), price: btc.roundPrice(decimal.mul(askPrice, '1.01'), 'up') });
  const fillsBefore = venue.proxy.count('GET', '/spot/v1/trades');
  const recent = await c.order.fills({ since: '-1h' });
  assert.equal(venue.proxy.count('GET', '/spot/v1/trades') - fillsBefore, recent.pairs.length, 'one request a pair');
  assert.ok(recent.pairs.length > 2, 'every pair of a currency held, not only those with frozen funds');
  assert.ok(recent.fills.length >= 1, 'the fill just made');
  assert.ok(recent.fills.every((f: { symbol: string }) => recent.pairs.includes(f.symbol)));
  const times = recent.fills.map((f: { create_time: string }) => BigInt(f.create_time));
  assert.deepEqual(times, [...times].sort((x, y) => (y > x ? 1 : y < x ? -1 : 0)), 'newest first');
  const future = await c.order.fills({ since: String(Date.now() + 3_600_000) });
  assert.equal(future.fills.length, 0, 'none since a time to come');
  const bad = await c.order.fills({ since: 'yesterday' }).then(() => undefined, (e: unknown) => e);
  assert.ok(bad instanceof BmError && bad.exitCode === 2, String(bad));
  const one = await c.order.fills({ symbol: 'BTC_USDT' });
  assert.ok(one !== undefined, 'with a pair: the venue\'s own call');
});

test('portfolio: balances valued in the quote currency, exact and rounded to its precision; an unknown currency refused', async () => {
  const c = client();
  const p = await c.portfolio({ in: 'usdt' });
  assert.equal(p.in, 'USDT');
  const tick = p.places === 0 ? '1' : `0.${'0'.repeat(p.places - 1)}1`;
  const usdt = p.balances.find((b: { currency: string }) => b.currency === 'USDT');
  assert.equal(usdt?.price, '1');
  let sum = '0';
  for (const b of p.balances) {
    assert.equal(b.total, decimal.add(b.available, b.frozen));
    if (b.value === '') continue;
    assert.equal(b.value, decimal.round(b.value, tick), `${b.value} at ${p.places} places`);
    assert.equal(b.value, decimal.round(decimal.mul(b.total, b.price), tick, 'half-even'), 'total x price, rounded');
    sum = decimal.add(sum, b.value);
  }
  // Values and total are each rounded half to even: they differ by at most half a tick per balance.
  const gap = decimal.sub(sum, p.total);
  const most = decimal.mul(tick, String(p.balances.length));
  assert.ok(decimal.cmp(gap, most) <= 0 && decimal.cmp(gap, decimal.sub('0', most)) >= 0, `total ${p.total}, sum ${sum}`);
  assert.equal(p.total, decimal.round(p.total, tick), 'the total at the currency\'s precision');
  assert.ok(decimal.cmp(p.total, '100000') > 0, 'USDT, BTC and ETH valued');
  const err = await c.portfolio({ in: 'XYZ' }).then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof BmError && err.exitCode === 2, String(err));
  assert.match(err.message, /in: no pair trades XYZ: nothing can be valued in it/);
});
