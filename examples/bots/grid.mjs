// A grid: buy orders a step apart below the price; each buy that fills is sold a step above it, and
// each sell that fills is bought back a step below. Runs unchanged on `bm bot run` and `bm backtest`.
//
//   params: symbol (BTC_USDT), levels (3), step (price distance, 0.5), size (base per order, 0.1),
//           every (ms between looks at the orders, 1000)
// A grid is a bet that the price goes back and forth: it earns a step per round trip, and holds what it
// bought when the price leaves the grid downwards.

/** @param {import('bm').BotContext} ctx */
export default async function grid({ client, clock, params, log }) {
  const symbol = params.symbol ?? 'BTC_USDT';
  const levels = Number(params.levels ?? 3);
  const size = params.size ?? '0.1';
  const pair = await client.pair(symbol);
  const step = Number(params.step ?? '0.5');
  const [ticker] = (await client.ticker({ symbol })).tickers;
  const last = Number(ticker.last_price);
  /** order id -> { side, price } of the orders the grid holds */
  const held = new Map();
  const base = symbol.split('_')[0];
  const place = async (side, price) => {
    const p = pair.roundPrice(price.toFixed(12), side);
    // A sell offers what the buy brought: its size less the fee the venue took in base.
    const inHand = side === 'sell' ? Number((await client.wallet()).wallet.find((w) => w.id === base)?.available ?? 0) : Infinity;
    const qty = pair.roundSize(String(Math.min(Number(size), inHand)));
    const r = await client.order.place({ symbol, side, type: 'limit', size: qty, price: p });
    held.set(r.orderId, { side, price: Number(p) });
    log(`${side} ${qty} at ${p}`);
  };
  for (let i = 1; i <= levels; i++) await place('buy', last - i * step);
  for await (const _ of clock.every(Number(params.every ?? 1000))) {
    const open = new Set((await client.order.list({ symbol })).orders.map((o) => o.order_id));
    for (const [id, o] of [...held]) {
      if (open.has(id)) continue;
      held.delete(id);
      const done = await client.order.get({ symbol, order_id: id });
      if (done.status !== '6') continue;
      // Filled: the other side of the round trip, a step away.
      await place(o.side === 'buy' ? 'sell' : 'buy', o.side === 'buy' ? o.price + step : o.price - step);
    }
  }
}
