// The frames the live-view benches push (as JSON text, before deflate), shared by the venue stand-in and
// the floor process so both see the same bytes. `perSecond` is the push rate of the whole stream.

/** Tickers of `topics` pairs, one push per pair per 0.5 s. */
function tickers(topics) {
  const pushes = Array.from({ length: topics * 20 }, (_, k) => JSON.stringify({
    table: 'spot/ticker',
    data: [{ symbol: `S${k % topics}_USDT`, last_price: `${100 + (k % 50)}.25`, open_24h: '99.50', high_24h: '151.00', low_24h: '98.00', base_volume_24h: `${1000 + k}.5`, bid_px: `${100 + (k % 50)}.20`, ask_px: `${100 + (k % 50)}.30`, s_t: 1700000000 + k, ms_t: 1700000000000 + k }],
  }));
  return { pushes, perSecond: topics * 2, topics: Array.from({ length: topics }, (_, i) => `spot/ticker:S${i}_USDT`) };
}

/** The pairs a watchlist follows beside BTC_USDT (the sandbox's, so the terminal's REST reads find them). */
export const WATCHED = ['ETH_USDT', 'SOL_USDT', 'ETH_BTC', 'BMX_ETH'];

/**
 * One pair's depth20, trade, kline1m and ticker in turn, `hz` pushes of each a second; with `watched`,
 * the tickers of that many other pairs (a watchlist's) too, `hz` a second each.
 */
function pair(hz, watched = 0) {
  const sym = 'BTC_USDT';
  const px = (x) => x.toFixed(2);
  const now = Math.floor(Date.now() / 60_000) * 60;
  const pushes = [];
  for (let k = 0; k < 200; k++) {
    const mid = 65000 + 20 * Math.sin(k / 9);
    const side = (dir) => Array.from({ length: 20 }, (_, i) => [px(mid + dir * (0.5 + i * 0.37 + ((k * 7 + i) % 5) * 0.01)), (0.01 + ((k * 13 + i * 7) % 97) / 2000).toFixed(5)]);
    pushes.push(
      JSON.stringify({ table: 'spot/depth20', data: [{ symbol: sym, asks: side(1), bids: side(-1), ms_t: Date.now() }] }),
      JSON.stringify({ table: 'spot/trade', data: [{ symbol: sym, side: k % 3 ? 'buy' : 'sell', price: px(mid), size: (0.001 + (k % 17) / 1000).toFixed(5), s_t: now + k, ms_t: (now + k) * 1000 }] }),
      JSON.stringify({ table: 'spot/kline1m', data: [{ symbol: sym, candle: [now, px(mid - 3), px(mid + 9), px(mid - 11), px(mid), `${(k % 40) + 1}.123`] }] }),
      JSON.stringify({ table: 'spot/ticker', data: [{ symbol: sym, last_price: px(mid), open_24h: '64200.00', high_24h: '65900.00', low_24h: '64100.00', base_volume_24h: `${80 + k}.5`, ms_t: Date.now() }] }),
      ...WATCHED.slice(0, watched).map((s, i) => JSON.stringify({ table: 'spot/ticker', data: [{ symbol: s, last_price: (100 * (i + 1) + Math.sin(k / 7)).toFixed(2), open_24h: `${100 * (i + 1)}.00`, high_24h: `${100 * (i + 1) + 5}.00`, low_24h: `${100 * (i + 1) - 5}.00`, base_volume_24h: `${900 + k}.5`, ms_t: Date.now() }] })),
    );
  }
  const others = WATCHED.slice(0, watched).map((s) => `spot/ticker:${s}`);
  return { pushes, perSecond: hz * (4 + others.length), topics: [`spot/depth20:${sym}`, `spot/trade:${sym}`, `spot/kline1m:${sym}`, `spot/ticker:${sym}`, ...others] };
}

/** `trade HZ` or `trade HZ+W` (W watched pairs' tickers too), `ticker N`. */
export const frames = (mode, arg) => {
  if (mode !== 'trade') return tickers(Number(arg));
  const [hz, watched = 0] = String(arg).split('+').map(Number);
  return pair(hz, watched);
};
