// A breakout with a stop: buys when the price rises above the highest of its last `lookback` looks, then
// sells when the price falls to the stop (`stop` percent under the entry) or below the lowest of the
// window (the breakout failed). Runs unchanged on `bm bot run` and `bm backtest`.
//
//   params: symbol (BTC_USDT), lookback (looks in the window, 20), every (ms between looks, 1000),
//           notional (quote spent on each entry, 50), stop (percent under the entry, 1)

/** @param {import('bm').BotContext} ctx */
export default async function breakout({ client, clock, params, log }) {
  const symbol = params.symbol ?? 'BTC_USDT';
  const lookback = Number(params.lookback ?? 20);
  const notional = params.notional ?? '50';
  const stopPct = Number(params.stop ?? 1);
  const pair = await client.pair(symbol);
  const base = pair.rules.base_currency ?? symbol.split('_')[0];
  const window = [];
  let entry;
  for await (const _ of clock.every(Number(params.every ?? 1000))) {
    const [t] = (await client.ticker({ symbol })).tickers;
    const price = Number(t.last_price);
    const full = window.length >= lookback;
    const high = Math.max(...window);
    const low = Math.min(...window);
    window.push(price);
    if (window.length > lookback) window.shift();
    if (!full) continue;
    if (entry === undefined && price > high) {
      await client.order.place({ symbol, side: 'buy', type: 'market', notional });
      entry = price;
      log(`breakout above ${high}: bought ${notional} of ${symbol} at about ${price}, stop ${(entry * (1 - stopPct / 100)).toFixed(2)}`);
    } else if (entry !== undefined && (price <= entry * (1 - stopPct / 100) || price < low)) {
      const held = (await client.wallet()).wallet.find((w) => w.id === base)?.available ?? '0';
      const size = pair.roundSize(held);
      if (Number(size) > 0) await client.order.place({ symbol, side: 'sell', type: 'market', size });
      log(`${price <= entry * (1 - stopPct / 100) ? 'stop' : 'breakdown'} at ${price}: sold ${size}`);
      entry = undefined;
    }
  }
}
