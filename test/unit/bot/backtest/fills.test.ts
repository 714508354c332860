// How a backtest fills a resting order: only when the replayed market trades through its price, or at
// its price once the recorded depth ahead of it has traded; a recorded book never fills it by itself.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backtestOf, fileOf, recordingOf, type Row } from '../../../helpers/recording-rows.js';

/** A bot that rests one buy of 0.2 at 99 at the start and records the order's filled size each second. */
const RESTING = fileOf('resting.mjs', `
export default async function ({ client, clock, log }) {
  const r = await client.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.2', price: '99' });
  for await (const now of clock.every(1000)) {
    const o = await client.order.get({ symbol: 'BTC_USDT', order_id: r.orderId });
    log(\`\${(now - ${Date.UTC(2026, 10, 1, 12)}) / 1000} \${o.filled_size}\`);
  }
}
`);

/** The filled size the bot saw at each second. */
const seen = (log: readonly string[]) => Object.fromEntries(log.filter((l) => /Z \d+ /.test(l)).map((l) => l.split(' ').slice(1)));

test('a resting buy waits behind the recorded depth at its price: filled by the trades at its price beyond that depth, then whole by a trade below it', async () => {
  const rows: Row[] = [
    // A sell at 99 leaves 99 the best bid, 0.25 deep: placed at 0 s, the buy queues behind those 0.25.
    [0, '99', '0.01', 'sell'],
    // Books of 0.25 a level around trades above 99: nothing reaches 99.
    [1, '99.5', '0.3', 'sell'], [2, '100', '0.3', 'buy'],
    // At 99: 0.2 of the 0.25 ahead traded, then 0.15 more: 0.05 ahead, 0.1 for the buy.
    [3, '99', '0.2', 'sell'], [4, '99', '0.15', 'sell'],
    // Below 99: the level traded through, the buy fills whole.
    [6, '98.9', '0.01', 'sell'], [8, '98.9', '0.01', 'sell'],
  ];
  const r = await backtestOf(RESTING, await recordingOf(rows, { spreadBps: '10', levels: 2, depth: '0.25' }));
  assert.equal(r.error, undefined, r.error);
  const by = seen(r.report.log);
  assert.deepEqual([by['0'], by['2'], by['3'], by['4'], by['5'], by['6']], ['0', '0', '0', '0.1', '0.1', '0.2']);
  assert.deepEqual(r.trades.map((t) => [t.size, t.price, t.role]), [['0.1', '99', 'maker'], ['0.1', '99', 'maker']]);
});

test('a recorded book that crosses a resting order does not fill it: only a recorded trade does', async () => {
  // After a buy at 98, the book's asks start at 98 (at and under the resting buy at 99): they are left out.
  const rows: Row[] = [[0, '100', '0.01', 'sell'], [2, '98', '0.01', 'buy'], [4, '98', '0.01', 'buy']];
  const r = await backtestOf(RESTING, await recordingOf(rows, { spreadBps: '10', levels: 2, depth: '0.25' }));
  assert.equal(r.error, undefined, r.error);
  assert.deepEqual(r.trades, []);
  assert.equal(seen(r.report.log)['4'], '0');
});
