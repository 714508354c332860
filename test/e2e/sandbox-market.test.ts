import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call } from '../helpers/signed.js';
import { useSandbox } from '../helpers/sandbox-server.js';

// Warm: recent trades are read, and a fresh sandbox has traded already.
const h = useSandbox(11, { warm: true });
const get = (path: string, query?: string) => call(h.base(), 'GET', path, query === undefined ? {} : { query });
const nowSec = () => Math.floor(Date.now() / 1000);

function ok(r: Awaited<ReturnType<typeof call>>) {
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.code, 1000, r.text);
  assert.equal(r.json.message, 'OK');
  assert.match(r.json.trace, /^[0-9a-f-]{36}$/);
  return r.json.data;
}

function fails(r: Awaited<ReturnType<typeof call>>, code: number, status: number) {
  assert.equal(r.json?.code, code, r.text);
  assert.equal(r.status, status, r.text);
  assert.deepEqual(r.json.data, {});
}

describe('sandbox REST: system and market data', () => {
  test('system time and service (under both spellings)', async () => {
    const t = ok(await get('/system/time'));
    assert.ok(Math.abs(t.server_time - Date.now()) < 5000);
    const s = ok(await get('/system/service'));
    assert.deepEqual(s.service, s.serivce);
    assert.ok(s.service.length >= 1);
    for (const e of s.service) {
      assert.ok(['spot', 'contract'].includes(e.service_type));
      assert.ok([0, 1, 2].includes(e.status));
      assert.ok(e.end_time > e.start_time);
    }
  });

  test('currencies, symbols and details agree', async () => {
    const cur = ok(await get('/spot/v1/currencies')).currencies;
    assert.ok(cur.some((c: { id: string }) => c.id === 'BTC'));
    assert.equal(typeof cur[0].withdraw_enabled, 'boolean');
    const symbols: string[] = ok(await get('/spot/v1/symbols')).symbols;
    assert.ok(symbols.includes('BTC_USDT') && symbols.includes('ETH_BTC') && symbols.length >= 5);
    const details = ok(await get('/spot/v1/symbols/details')).symbols;
    assert.deepEqual(details.map((d: { symbol: string }) => d.symbol), symbols);
    const btc = details.find((d: { symbol: string }) => d.symbol === 'BTC_USDT');
    for (const k of ['quote_increment', 'base_min_size', 'base_max_size', 'min_buy_amount', 'min_sell_amount', 'expiration', 'trade_status']) {
      assert.equal(typeof btc[k], 'string', k);
    }
    assert.equal(typeof btc.symbol_id, 'number');
    assert.equal(typeof btc.price_max_precision, 'number');
    assert.equal(btc.base_currency, 'BTC');
  });

  test('ticker of one pair and of all; the best prices come from the book', async () => {
    const all = ok(await get('/spot/v1/ticker')).tickers;
    assert.ok(all.length >= 5);
    const [t] = ok(await get('/spot/v1/ticker', 'symbol=ETH_USDT')).tickers;
    assert.equal(t.symbol, 'ETH_USDT');
    for (const k of ['last_price', 'base_volume_24h', 'quote_volume_24h', 'high_24h', 'low_24h', 'open_24h', 'close_24h', 'fluctuation', 'best_ask', 'best_bid', 'url']) {
      assert.equal(typeof t[k], 'string', k);
    }
    assert.ok(Number(t.low_24h) <= Number(t.last_price) && Number(t.last_price) <= Number(t.high_24h));
    assert.ok(Number(t.best_bid) < Number(t.best_ask));
    fails(await get('/spot/v1/ticker', 'symbol=NOPE_USDT'), 50001, 400);
  });

  test('steps', async () => {
    assert.deepEqual(ok(await get('/spot/v1/steps')).steps, [1, 3, 5, 15, 30, 45, 60, 120, 180, 240, 1440, 10080, 43200]);
  });

  test('k-lines: past ranges, 500 at most, paging, errors', async () => {
    const from = Math.floor(nowSec() / 60) * 60 - 2 * 86400;
    const page1 = ok(await get('/spot/v1/symbols/kline', `symbol=BTC_USDT&from=${from}&to=${from + 499 * 60}&step=1`)).klines;
    const page2 = ok(await get('/spot/v1/symbols/kline', `symbol=BTC_USDT&from=${from + 500 * 60}&to=${from + 999 * 60}`)).klines;
    assert.equal(page1.length, 500);
    assert.equal(page2.length, 500);
    const ts = [...page1, ...page2].map((k: { timestamp: number }) => k.timestamp);
    ts.forEach((t, i) => assert.equal(t, from + i * 60));
    const k = page1[0];
    for (const f of ['open', 'high', 'low', 'close', 'last_price', 'volume', 'quote_volume']) assert.equal(typeof k[f], 'string', f);
    assert.ok(Number(k.low) <= Number(k.open) && Number(k.open) <= Number(k.high));
    const hours = ok(await get('/spot/v1/symbols/kline', `symbol=BTC_USDT&from=${from}&to=${from + 86400 - 1}&step=60`)).klines;
    // from is not on an hour: the hour containing it is the first candle, so a day touches 25 hours.
    assert.equal(hours.length, from % 3600 === 0 ? 24 : 25);
    assert.equal(hours[0].timestamp, Math.floor(from / 3600) * 3600);
    fails(await get('/spot/v1/symbols/kline', `symbol=BTC_USDT&from=${from}&to=${from + 500 * 60}`), 50004, 400);
    // A from inside a bucket: that bucket is the first candle, and it counts towards the 500.
    const mid = ok(await get('/spot/v1/symbols/kline', `symbol=BTC_USDT&from=${from + 30}&to=${from + 30 + 499 * 60}`)).klines;
    assert.equal(mid.length, 500);
    assert.equal(mid[0].timestamp, from);
    fails(await get('/spot/v1/symbols/kline', `symbol=BTC_USDT&from=${from + 30}&to=${from + 500 * 60}`), 50004, 400);
    fails(await get('/spot/v1/symbols/kline', `symbol=BTC_USDT&from=abc&to=${from}`), 50002, 400);
    fails(await get('/spot/v1/symbols/kline', `symbol=BTC_USDT&from=${from + 60}&to=${from}`), 50002, 400);
    fails(await get('/spot/v1/symbols/kline', `symbol=BTC_USDT&from=${from}`), 50002, 400);
    fails(await get('/spot/v1/symbols/kline', `symbol=BTC_USDT&from=${from}&to=${from + 600}&step=2`), 50003, 400);
    fails(await get('/spot/v1/symbols/kline', `symbol=XYZ_USDT&from=${from}&to=${from + 600}`), 50001, 400);
  });

  test('order book: levels, totals, size bounds, precision', async () => {
    const b = ok(await get('/spot/v1/symbols/book', 'symbol=BTC_USDT&size=5'));
    assert.equal(typeof b.timestamp, 'number');
    assert.equal(b.buys.length, 5);
    assert.equal(b.sells.length, 5);
    assert.ok(Number(b.buys[0].price) < Number(b.sells[0].price));
    for (let i = 1; i < 5; i++) {
      assert.ok(Number(b.buys[i].price) < Number(b.buys[i - 1].price));
      assert.ok(Number(b.sells[i].price) > Number(b.sells[i - 1].price));
    }
    assert.equal(b.buys[1].total, String(Number((Number(b.buys[0].amount) + Number(b.buys[1].amount)).toFixed(5))));
    assert.equal(typeof b.buys[0].count, 'string');
    // The book is deep enough for every size the spec allows (1 to 200, default 50).
    const deep = ok(await get('/spot/v1/symbols/book', 'symbol=BTC_USDT&size=200'));
    assert.ok(deep.buys.length >= 195 && deep.sells.length >= 195, `${deep.buys.length}/${deep.sells.length} levels`);
    const dflt = ok(await get('/spot/v1/symbols/book', 'symbol=BTC_USDT'));
    assert.equal(dflt.buys.length, 50);
    const coarse = ok(await get('/spot/v1/symbols/book', 'symbol=BTC_USDT&precision=1&size=200'));
    for (const l of coarse.buys) assert.match(l.price, /^[0-9]+\.[0-9]0$/);
    fails(await get('/spot/v1/symbols/book', 'symbol=BTC_USDT&size=201'), 50024, 400);
    fails(await get('/spot/v1/symbols/book', 'symbol=BTC_USDT&precision=7'), 50021, 400);
  });

  test('recent trades (a fresh sandbox has traded already)', async () => {
    const trades = ok(await get('/spot/v1/symbols/trades', 'symbol=BTC_USDT&N=3')).trades;
    assert.equal(trades.length, 3);
    for (const t of trades) {
      assert.ok(['buy', 'sell'].includes(t.type));
      assert.equal(typeof t.order_time, 'number');
      assert.equal(Number(t.amount).toFixed(2), (Number(t.price) * Number(t.count)).toFixed(2));
    }
    assert.ok(trades[0].order_time >= trades[2].order_time);
    assert.ok(ok(await get('/spot/v1/symbols/trades', 'symbol=BMX_ETH')).trades.length >= 5);
    fails(await get('/spot/v1/symbols/trades', 'symbol=BTC_USDT&N=51'), 50021, 400);
  });

  test('unknown paths, wrong methods, rate-limit headers on every answer', async () => {
    const missing = await get('/spot/v9/nothing');
    fails(missing, 30000, 404);
    const wrong = await call(h.base(), 'DELETE', '/spot/v1/symbols');
    fails(wrong, 57001, 405);
    for (const r of [missing, wrong]) {
      assert.match(r.headers.get('x-bm-ratelimit-limit') ?? '', /^[0-9]+$/);
      assert.match(r.headers.get('x-bm-ratelimit-remaining') ?? '', /^[0-9]+$/);
      assert.match(r.headers.get('x-bm-ratelimit-reset') ?? '', /^[0-9]+$/);
    }
    assert.ok(h.log.some((l) => l.startsWith('GET /spot/v9/nothing 404 30000')));
  });
});
