import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ExchangeError, type PlaceRequest } from '../../../../src/sandbox/exchange-api.js';
import { Engine } from '../../../../src/sandbox/engine/engine.js';
import { Ledger } from '../../../../src/sandbox/engine/ledger.js';
import { FEE_ACCOUNT } from '../../../../src/sandbox/engine/settle.js';
import type { FillRec, OrderRec, TradeRec } from '../../../../src/sandbox/engine/types.js';

const NOW = 1_700_000_000_000;

function setup() {
  const ledger = new Ledger();
  let id = 183347420821295423n;
  const trades: TradeRec[] = [];
  const events: Array<[OrderRec, FillRec | undefined]> = [];
  const engine = new Engine(ledger, {
    nextId: () => String(id++),
    trade: (t) => trades.push(t),
    order: (o, f) => events.push([o.record(), f]),
    book: () => {},
    internal: () => false,
  });
  for (const a of ['maker', 'taker']) {
    ledger.deposit(a, 'USDT', '100000');
    ledger.deposit(a, 'BTC', '10');
  }
  const place = (acct: string, req: Omit<PlaceRequest, 'symbol'>) => engine.place(acct, { symbol: 'BTC_USDT', ...req }, NOW);
  const bal = (acct: string, cur: string) => ledger.slot(acct, cur);
  return { ledger, engine, trades, events, place, bal };
}

function code(fn: () => unknown): number {
  try {
    fn();
  } catch (err) {
    if (err instanceof ExchangeError) return err.code;
    throw err;
  }
  return 1000;
}

describe('sandbox engine', () => {
  test('a limit order rests and freezes price*size of quote', () => {
    const { place, bal, engine } = setup();
    const o = place('maker', { side: 'buy', type: 'limit', price: '60000', size: '0.5' });
    assert.equal(o.status, 4);
    assert.deepEqual(bal('maker', 'USDT'), { available: '70000', frozen: '30000' });
    assert.equal(engine.book('BTC_USDT').bids[0], o);
  });

  test('a crossing limit buy fills at the maker price, with fees in the received currency', () => {
    const { place, bal, ledger, trades } = setup();
    place('maker', { side: 'sell', type: 'limit', price: '60000', size: '0.5' });
    const o = place('taker', { side: 'buy', type: 'limit', price: '61000', size: '0.5' });
    assert.equal(o.status, 6);
    assert.equal(o.filledNotional, '30000');
    assert.equal(trades.length, 1);
    assert.equal(trades[0]!.side, 'buy');
    // taker fee 0.1% of 0.5 BTC; maker fee 0.08% of 30000 USDT; the price improvement is released.
    assert.deepEqual(bal('taker', 'BTC'), { available: '10.4995', frozen: '0' });
    assert.deepEqual(bal('taker', 'USDT'), { available: '70000', frozen: '0' });
    assert.deepEqual(bal('maker', 'USDT'), { available: '129976', frozen: '0' });
    assert.deepEqual(bal('maker', 'BTC'), { available: '9.5', frozen: '0' });
    assert.equal(ledger.slot(FEE_ACCOUNT, 'BTC').available, '0.0005');
    assert.equal(ledger.slot(FEE_ACCOUNT, 'USDT').available, '24');
  });

  test('partial fills walk the book in price-time priority', () => {
    const { place, engine } = setup();
    const first = place('maker', { side: 'sell', type: 'limit', price: '60000', size: '0.1' });
    const second = place('maker', { side: 'sell', type: 'limit', price: '60000', size: '0.1' });
    const better = place('maker', { side: 'sell', type: 'limit', price: '59990', size: '0.1' });
    const o = place('taker', { side: 'buy', type: 'limit', price: '60000', size: '0.15' });
    assert.equal(o.status, 6);
    assert.equal(better.status, 6);
    assert.equal(first.status, 5);
    assert.equal(first.filledSize, '0.05');
    assert.equal(second.status, 4);
    assert.equal(o.filledNotional, '8999');
    assert.deepEqual(engine.book('BTC_USDT').asks.map((x) => x.id), [first.id, second.id]);
  });

  test('a limit order larger than the book rests partially filled (status 5)', () => {
    const { place, engine } = setup();
    place('maker', { side: 'sell', type: 'limit', price: '60000', size: '0.1' });
    const o = place('taker', { side: 'buy', type: 'limit', price: '60000', size: '0.3' });
    assert.equal(o.status, 5);
    assert.equal(o.filledSize, '0.1');
    assert.equal(engine.book('BTC_USDT').bids[0], o);
    assert.equal(o.frozen, '12000');
  });

  test('a market buy spends at most its notional; the unspent rest is released', () => {
    const { place, bal } = setup();
    place('maker', { side: 'sell', type: 'limit', price: '60000', size: '1' });
    const o = place('taker', { side: 'buy', type: 'market', notional: '100' });
    assert.equal(o.status, 6);
    assert.equal(o.filledSize, '0.00166');
    assert.equal(o.filledNotional, '99.6');
    assert.deepEqual(bal('taker', 'USDT'), { available: '99900.4', frozen: '0' });
  });

  test('a market sell sells its size; an empty book cancels the rest', () => {
    const { place, bal } = setup();
    place('maker', { side: 'buy', type: 'limit', price: '50000', size: '0.2' });
    const o = place('taker', { side: 'sell', type: 'market', size: '0.5' });
    assert.equal(o.status, 8);
    assert.equal(o.filledSize, '0.2');
    assert.deepEqual(bal('taker', 'BTC'), { available: '9.8', frozen: '0' });
  });

  test('limit_maker that would cross is cancelled at once without an error', () => {
    const { place, bal, trades } = setup();
    place('maker', { side: 'sell', type: 'limit', price: '60000', size: '0.1' });
    const o = place('taker', { side: 'buy', type: 'limit_maker', price: '60000', size: '0.1' });
    assert.equal(o.status, 8);
    assert.equal(trades.length, 0);
    assert.deepEqual(bal('taker', 'USDT'), { available: '100000', frozen: '0' });
    const resting = place('taker', { side: 'buy', type: 'limit_maker', price: '59000', size: '0.1' });
    assert.equal(resting.status, 4);
  });

  test('ioc fills what it can and cancels the rest', () => {
    const { place, engine, bal } = setup();
    place('maker', { side: 'sell', type: 'limit', price: '60000', size: '0.1' });
    const o = place('taker', { side: 'buy', type: 'ioc', price: '60000', size: '0.3' });
    assert.equal(o.status, 8);
    assert.equal(o.filledSize, '0.1');
    assert.equal(engine.book('BTC_USDT').bids.length, 0);
    assert.equal(bal('taker', 'USDT').frozen, '0');
  });

  test('cancel releases the frozen funds; cancelling again or a filled order fails', () => {
    const { place, engine, bal } = setup();
    const o = place('maker', { side: 'sell', type: 'limit', price: '70000', size: '2' });
    assert.deepEqual(bal('maker', 'BTC'), { available: '8', frozen: '2' });
    engine.cancel('maker', 'BTC_USDT', { order_id: o.id }, NOW);
    assert.equal(o.status, 8);
    assert.deepEqual(bal('maker', 'BTC'), { available: '10', frozen: '0' });
    assert.equal(code(() => engine.cancel('maker', 'BTC_USDT', { order_id: o.id }, NOW)), 50030);
    const f = place('maker', { side: 'sell', type: 'limit', price: '60000', size: '0.1' });
    place('taker', { side: 'buy', type: 'market', notional: '6006' });
    assert.equal(f.status, 6);
    assert.equal(code(() => engine.cancel('maker', 'BTC_USDT', { order_id: f.id }, NOW)), 50031);
    assert.equal(code(() => engine.cancel('maker', 'BTC_USDT', { order_id: '1' }, NOW)), 50032);
    assert.equal(code(() => engine.cancel('taker', 'BTC_USDT', { order_id: o.id }, NOW)), 50032);
  });

  test('client order ids: lookup, cancel, duplicates and format', () => {
    const { place, engine } = setup();
    const o = place('maker', { side: 'buy', type: 'limit', price: '100', size: '0.1', client_order_id: 'abc123' });
    assert.equal(engine.find('maker', 'BTC_USDT', { client_order_id: 'abc123' }), o);
    assert.equal(code(() => place('maker', { side: 'buy', type: 'limit', price: '100', size: '0.1', client_order_id: 'abc123' })), 50042);
    assert.equal(code(() => place('maker', { side: 'buy', type: 'limit', price: '100', size: '0.1', client_order_id: 'x'.repeat(33) })), 50037);
    assert.equal(code(() => place('maker', { side: 'buy', type: 'limit', price: '100', size: '0.1', client_order_id: 'a-b' })), 50038);
    engine.cancel('maker', 'BTC_USDT', { client_order_id: 'abc123' }, NOW);
    assert.equal(o.status, 8);
    const generated = place('maker', { side: 'buy', type: 'limit', price: '100', size: '0.1' });
    assert.match(generated.cid, /^[0-9a-f]{32}$/);
  });

  test('order rules give the spec codes', () => {
    const { place } = setup();
    const cases: Array<[Omit<PlaceRequest, 'symbol'>, number]> = [
      [{ side: 'buy', type: 'limit', price: '60000', size: '0.000015' }, 50021],
      [{ side: 'buy', type: 'limit', price: '60000', size: '0.000009' }, 50006],
      [{ side: 'buy', type: 'limit', price: '60000', size: '100000001' }, 50007],
      [{ side: 'buy', type: 'limit', price: '0.001', size: '1' }, 50021],
      [{ side: 'buy', type: 'limit', price: '0', size: '1' }, 50008],
      [{ side: 'buy', type: 'limit', price: '20000000', size: '1' }, 50025],
      [{ side: 'buy', type: 'limit', price: '100', size: '0.01' }, 50009],
      [{ side: 'buy', type: 'limit', price: '100' }, 50010],
      [{ side: 'buy', type: 'limit', size: '1' }, 50011],
      [{ side: 'buy', type: 'market' }, 50012],
      [{ side: 'buy', type: 'market', size: '1' }, 50021],
      [{ side: 'buy', type: 'market', notional: '1' }, 50009],
      [{ side: 'buy', type: 'limit', price: '60000', size: '2' }, 50020],
      [{ side: 'sell', type: 'limit', price: '60000', size: '11' }, 50020],
      [{ side: 'sell', type: 'market' }, 50010],
    ];
    for (const [req, expected] of cases) assert.equal(code(() => place('taker', req)), expected, JSON.stringify(req));
    assert.equal(code(() => setup().engine.place('taker', { symbol: 'NOPE_USDT', side: 'buy', type: 'limit', price: '1', size: '1' }, NOW)), 50001);
  });

  test('order events report placement, each fill and the end', () => {
    const { place, events } = setup();
    place('maker', { side: 'sell', type: 'limit', price: '60000', size: '0.1' });
    events.length = 0;
    place('taker', { side: 'buy', type: 'limit', price: '60000', size: '0.1' });
    const taker = events.filter(([o]) => o.acct === 'taker');
    assert.deepEqual(taker.map(([o]) => o.status), [4, 6]);
    assert.equal(taker[1]![1]!.exec, 'T');
    const maker = events.filter(([o]) => o.acct === 'maker');
    assert.equal(maker[0]![1]!.exec, 'M');
  });

  test('self-trade prevention: none trades, cancel_maker, cancel_taker and cancel_both cancel', () => {
    const run = (stpMode: 'none' | 'cancel_maker' | 'cancel_taker' | 'cancel_both') => {
      const { place, bal } = setup();
      const own = place('taker', { side: 'sell', type: 'limit', price: '60000', size: '0.1' });
      const other = place('maker', { side: 'sell', type: 'limit', price: '60001', size: '0.1' });
      const o = place('taker', { side: 'buy', type: 'limit', price: '60001', size: '0.1', stpMode });
      return { own: own.status, other: other.status, taker: o.status, frozen: bal('taker', 'USDT').frozen };
    };
    assert.deepEqual(run('none'), { own: 6, other: 4, taker: 6, frozen: '0' });
    assert.deepEqual(run('cancel_maker'), { own: 8, other: 6, taker: 6, frozen: '0' });
    assert.deepEqual(run('cancel_taker'), { own: 4, other: 4, taker: 8, frozen: '0' });
    assert.deepEqual(run('cancel_both'), { own: 8, other: 4, taker: 8, frozen: '0' });
  });
});
