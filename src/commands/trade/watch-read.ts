/**
 * What the watchlist reads over REST, each answer sent on as a message: each followed pair's ticker,
 * its last minutes as one-minute candles (the spark before the pushes) and, with credentials, its open
 * orders (their count). At start, after a reconnect, on `r`, and for a pair just added.
 */
import { endpoint } from '../../api/catalogue/index.js';
import type { Context } from '../../context.js';
import type { Msg } from './msg.js';
import { tickerOf } from './reads.js';

/**
 * Reads `pairs`' tickers, sparks and (with `account`) open orders, but those of `current`, the pair traded,
 * whose open orders the account's read brings; a read that fails is logged, the others go on.
 */
export async function readWatch(ctx: Context, pairs: readonly string[], current: string, account: boolean, dispatch: (m: Msg) => void, now: () => number): Promise<void> {
  if (!pairs.length) return;
  // The live layer loads with a screen that streams (or a printed one wide enough for the watchlist).
  const [calls, { orderReads, SPARK_MINUTES }] = await Promise.all([ctx.calls(), import('../../core/usecases/live.js')]);
  const read = async (what: string, f: () => Promise<void>) => {
    try {
      await f();
    } catch (err) {
      dispatch({ kind: 'log', level: 'error', text: `watchlist: reading ${what}: ${(err as Error).message}`, at: now() });
    }
  };
  const nowS = Math.floor(now() / 1000);
  await Promise.all(pairs.flatMap((symbol) => [
    read(`the ticker of ${symbol}`, async () => {
      const t = await tickerOf(calls, symbol);
      if (t) dispatch({ kind: 'watchTicker', entry: t, at: now() });
    }),
    read(`the candles of ${symbol}`, async () => {
      const data = await calls.send(endpoint('spot.kline'), [['symbol', symbol], ['from', nowS - SPARK_MINUTES * 60], ['to', nowS], ['step', 1]]);
      dispatch({ kind: 'watchCandles', symbol, data });
    }),
    ...(account && symbol !== current ? [read(`the open orders of ${symbol}`, async () => {
      dispatch({ kind: 'watchOrders', symbol, orders: { orders: await orderReads(ctx, symbol).open() } });
    })] : []),
  ]));
}
