// A TWAP rebalancer: moves the account toward holding `target` of its value in the base currency, in
// `slices` equal market orders `every` ms apart, then returns. Runs unchanged on `bm bot run` and
// `bm backtest`.
//
//   params: symbol (BTC_USDT), target (fraction of the value in base, 0.5), slices (10),
//           every (ms between slices, 60000)

/** @param {import('bm').BotContext} ctx */
export default async function twap({ client, clock, params, log }) {
  const symbol = params.symbol ?? 'BTC_USDT';
  const target = Number(params.target ?? 0.5);
  const slices = Number(params.slices ?? 10);
  const pair = await client.pair(symbol);
  const [base, quote] = symbol.split('_');
  const balances = Object.fromEntries((await client.wallet()).wallet.map((w) => [w.id, Number(w.available)]));
  const [t] = (await client.ticker({ symbol })).tickers;
  const price = Number(t.last_price);
  const value = (balances[base] ?? 0) * price + (balances[quote] ?? 0);
  // Quote to move into base (negative: out of it), spread over the slices.
  const gap = target * value - (balances[base] ?? 0) * price;
  const slice = gap / slices;
  log(`value ${value.toFixed(2)} ${quote}: ${gap >= 0 ? 'buying' : 'selling'} ${Math.abs(gap).toFixed(2)} ${quote} of ${base} in ${slices} slices`);
  let n = 0;
  for await (const _ of clock.every(Number(params.every ?? 60000))) {
    if (gap >= 0) await client.order.place({ symbol, side: 'buy', type: 'market', notional: slice.toFixed(2) });
    else {
      const [now] = (await client.ticker({ symbol })).tickers;
      await client.order.place({ symbol, side: 'sell', type: 'market', size: pair.roundSize((-slice / Number(now.last_price)).toFixed(12)) });
    }
    if (++n >= slices) break;
  }
  log(`rebalanced in ${n} slices`);
}
