// The simulated market as pushes (`bm backtest --simulated`): the same seed gives the same pushes, another
// seed others; every trade comes after the book it met, at the best price of the side it met.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { simulatedEvents } from '../../../../src/sandbox/replay/sim-feed.js';

const T = Date.UTC(2026, 0, 1);

async function all(seed: number, symbols?: string[]) {
  const out = [];
  for await (const e of simulatedEvents(seed, T, T + 60_000, symbols)) out.push(e);
  return out;
}

test('the same seed gives the same pushes; another seed others', async () => {
  const [a, b, c] = [await all(3), await all(3), await all(4)];
  assert.ok(a.length > 100, `${a.length} pushes in a minute of five pairs`);
  assert.deepEqual(a, b);
  assert.notDeepEqual(a, c);
});

test('each trade follows its book at the same time and trades at the best price of the side the taker met', async () => {
  const pushes = (await all(5, ['ETH_USDT'])).map((e) => ({ t: e.t, ...(JSON.parse(e.raw) as { table: string; data: [{ symbol: string; price?: string; side?: string; bids?: [string, string][]; asks?: [string, string][] }] }) }));
  assert.ok(pushes.length >= 2 && pushes.length % 2 === 0);
  for (let i = 0; i < pushes.length; i += 2) {
    const [book, trade] = [pushes[i]!, pushes[i + 1]!];
    assert.deepEqual([book.table, trade.table, book.t, book.data[0].symbol], ['spot/depth5', 'spot/trade', trade.t, 'ETH_USDT']);
    const best = trade.data[0].side === 'buy' ? book.data[0].asks![0]![0] : book.data[0].bids![0]![0];
    assert.equal(trade.data[0].price, best);
    assert.ok(Number(book.data[0].bids![0]![0]) < Number(book.data[0].asks![0]![0]), 'the book is not crossed');
  }
});
