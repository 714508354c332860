import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { hmacHex, legacyClientSecret } from '../../../../src/util/signing.js';
import { tokenForm } from '../../../../src/legacy/request.js';
import { legacyState } from '../../../../src/sandbox/legacy/auth.js';
import { parseJson, scalarText } from '../../../../src/util/json.js';
import { ACCOUNT } from '../../../helpers/legacy-exchange.js';
import { startLegacyServer, type LegacyTestServer } from '../../../helpers/legacy-server.js';

let srv: LegacyTestServer;
let token = '';
before(async () => {
  srv = await startLegacyServer();
});
after(() => srv.close());
beforeEach(async () => {
  const st = legacyState(srv.exchange, { now: Date.now, tokenRequestsPerMinute: 1000, tokenLifetimeSec: 7200 });
  st.tokenHits.clear();
  token = ((await form(tokenForm(ACCOUNT.key, ACCOUNT.secret, ACCOUNT.memo))).body as { access_token: string }).access_token;
});

async function http(method: string, path: string, opts: { headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: unknown; text: string }> {
  const res = await fetch(`${srv.url}${path}`, { method, headers: opts.headers ?? {}, ...(opts.body !== undefined ? { body: opts.body } : {}) });
  const text = await res.text();
  return { status: res.status, body: text ? parseJson(text) : undefined, text };
}
function form(body: string) {
  return http('POST', '/v2/authentication', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
}
function authed(extra: Record<string, string> = {}, ts = String(Date.now())): Record<string, string> {
  return { 'x-bm-authorization': `Bearer ${token}`, 'x-bm-timestamp': ts, ...extra };
}
async function place(sig: (ts: string) => string, body = { amount: '0.5', price: '30000', side: 'buy', symbol: 'BTC_USDT' }) {
  const ts = String(Date.now());
  return http('POST', '/v2/orders', { headers: authed({ 'content-type': 'application/json', 'x-bm-signature': sig(ts) }, ts), body: JSON.stringify(body) });
}
const PLAIN = 'amount=0.5&price=30000&side=buy&symbol=BTC_USDT';
const WITH_TS = (ts: string) => `amount=0.5&price=30000&side=buy&symbol=BTC_USDT&timestamp=${ts}`;
const CLIENT_SECRET = legacyClientSecret(ACCOUNT.key, ACCOUNT.secret, ACCOUNT.memo);

test('token: issued with expires_in 7200; bad secret 401; wrong content type 415; sixth request a minute 429', async () => {
  const ok = await form(tokenForm(ACCOUNT.key, ACCOUNT.secret, ACCOUNT.memo));
  assert.equal(ok.status, 200);
  assert.equal((ok.body as { expires_in: number }).expires_in, 7200);
  assert.match((ok.body as { access_token: string }).access_token, /^[0-9a-f]{48}$/);
  assert.equal((await form(tokenForm(ACCOUNT.key, 'nope', ACCOUNT.memo))).status, 401);
  assert.equal((await http('POST', '/v2/authentication', { headers: { 'content-type': 'application/json' }, body: '{}' })).status, 415);
  legacyState(srv.exchange, { tokenRequestsPerMinute: 5 }).tokenHits.clear();
  for (let i = 0; i < 5; i++) assert.equal((await form(tokenForm(ACCOUNT.key, ACCOUNT.secret, ACCOUNT.memo))).status, 200);
  const limited = await form(tokenForm(ACCOUNT.key, ACCOUNT.secret, ACCOUNT.memo));
  assert.equal(limited.status, 429);
  assert.match((limited.body as { message: string }).message, /5 a minute/);
});

test('token auth: missing, unknown, expired, no Bearer, stale timestamp -> 401 with a message', async () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{}, /AUTHORIZATION missing/],
    [{ 'x-bm-authorization': 'Bearer nope', 'x-bm-timestamp': String(Date.now()) }, /unknown/],
    [{ 'x-bm-authorization': token, 'x-bm-timestamp': String(Date.now()) }, /Bearer/],
    [authed({}, String(Date.now() - 61_000)), /60 seconds/],
    [{ 'x-bm-authorization': `Bearer ${token}` }, /TIMESTAMP missing/],
  ];
  for (const [headers, re] of cases) {
    const r = await http('GET', '/v2/wallet', { headers });
    assert.equal(r.status, 401, r.text);
    assert.match((r.body as { message: string }).message, re);
  }
  legacyState(srv.exchange, { now: () => Date.now() + 7_201_000, timestampToleranceMs: 1e12 });
  const expired = await http('GET', '/v2/wallet', { headers: authed() });
  assert.equal(expired.status, 401);
  assert.match((expired.body as { message: string }).message, /expired/);
  legacyState(srv.exchange, { now: Date.now, timestampToleranceMs: 60_000 });
});

test('signature: one construction (API secret over the sorted pairs, facts.md 3); the other readings of spec 5.2 are 401', async () => {
  const r = await place(() => hmacHex(ACCOUNT.secret, PLAIN));
  assert.equal(r.status, 200, r.text);
  assert.match(r.text, /^\{"entrust_id":[0-9]{18}\}$/);
  const others = [
    () => hmacHex(CLIENT_SECRET, PLAIN),
    (ts: string) => hmacHex(ACCOUNT.secret, WITH_TS(ts)),
    (ts: string) => hmacHex(CLIENT_SECRET, WITH_TS(ts)),
    () => hmacHex(ACCOUNT.secret, PLAIN).toUpperCase(),
    () => hmacHex('other', PLAIN),
    () => hmacHex(ACCOUNT.secret, 'price=30000&amount=0.5&side=buy&symbol=BTC_USDT'),
  ];
  for (const sig of others) {
    const refused = await place(sig);
    assert.equal(refused.status, 401, `${others.indexOf(sig)}: ${refused.text}`);
    assert.match((refused.body as { message: string }).message, /SIGNATURE wrong: .*API secret over the sorted name=value pairs/);
  }
  const unsigned = await http('DELETE', '/v2/orders/1', { headers: authed() });
  assert.equal(unsigned.status, 401);
  assert.match((unsigned.body as { message: string }).message, /SIGNATURE missing/);
});

test('a JSON number as amount or price is refused (400), as the current generation refuses it', async () => {
  const pairs = 'amount=0.5&price=30000&side=buy&symbol=BTC_USDT';
  for (const body of [{ amount: 0.5, price: '30000' }, { amount: '0.5', price: 30000 }]) {
    const r = await place(() => hmacHex(ACCOUNT.secret, pairs), { ...body, side: 'buy', symbol: 'BTC_USDT' } as never);
    assert.equal(r.status, 400, r.text);
    assert.match((r.body as { message: string }).message, /(amount|price) must be a decimal string/);
  }
});

test('a legacy order lives on the shared exchange: visible to current-generation queries, statuses mapped', async () => {
  const r = await place(() => hmacHex(ACCOUNT.secret, PLAIN));
  const id = scalarText((r.body as { entrust_id: unknown }).entrust_id);
  const current = srv.exchange.order(ACCOUNT.id, 'BTC_USDT', { order_id: id })!;
  assert.equal(current.status, 4);
  assert.equal(current.size, '0.5');
  const get = async () => (await http('GET', `/v2/orders/${id}`, { headers: authed() })).body as Record<string, unknown>;
  assert.equal((await get()).status, 1);
  srv.exchange.fill(id, '0.2', true);
  const partial = await get();
  assert.deepEqual([partial.status, partial.executed_amount, partial.remaining_amount, partial.fees], [2, '0.2', '0.3', '0.01']);
  assert.equal(scalarText(partial.entrust_id), id);
  const fills = (await http('GET', `/v2/trades?symbol=BTC_USDT&entrust_id=${id}&offset=5&limit=1`, { headers: authed() })).body as { trades: Array<Record<string, unknown>> };
  assert.equal(fills.trades.length, 1);
  assert.deepEqual([fills.trades[0]!.active, fills.trades[0]!.entrustType, fills.trades[0]!.amount], [true, 0, '0.2']);
  const cancel = await http('DELETE', `/v2/orders/${id}`, { headers: authed({ 'x-bm-signature': hmacHex(ACCOUNT.secret, `entrust_id=${id}`) }) });
  assert.equal(cancel.status, 200);
  assert.equal(cancel.text, '{}');
  assert.equal(srv.exchange.order(ACCOUNT.id, 'BTC_USDT', { order_id: id })!.status, 8);
  assert.equal((await get()).status, 4);
  const again = await http('DELETE', `/v2/orders/${id}`, { headers: authed({ 'x-bm-signature': hmacHex(ACCOUNT.secret, `entrust_id=${id}`) }) });
  assert.equal(again.status, 400);
  assert.match((again.body as { message: string }).message, /already canceled/);
  assert.equal((await http('GET', '/v2/orders/42', { headers: authed() })).status, 404);
});

test('list: filters 1..6 map to current statuses; offset pages from 0', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push(scalarText(((await place(() => hmacHex(ACCOUNT.secret, PLAIN))).body as { entrust_id: unknown }).entrust_id));
  srv.exchange.fill(ids[0]!, '0.5');
  const list = async (q: string) => (await http('GET', `/v2/orders?symbol=BTC_USDT&${q}`, { headers: authed() })).body as { orders: Array<Record<string, unknown>>; total_orders: number; current_page: number };
  const filled = await list('status=3');
  assert.ok(filled.orders.every((o) => o.status === 3));
  assert.ok(filled.orders.some((o) => scalarText(o.entrust_id) === ids[0]));
  const open = await list('status=5&offset=0&limit=2');
  assert.equal(open.orders.length, 2);
  assert.ok(open.orders.every((o) => o.status === 1 || o.status === 2));
  const page1 = await list(`status=5&offset=1&limit=2`);
  assert.equal(page1.current_page, 1);
  assert.equal(page1.orders.length, open.total_orders - 2 > 2 ? 2 : open.total_orders - 2);
  assert.equal((await http('GET', '/v2/orders?symbol=BTC_USDT&status=7', { headers: authed() })).status, 400);
  const all = await http('DELETE', '/v2/orders?symbol=BTC_USDT&side=buy', { headers: authed() });
  assert.equal(all.status, 200);
  assert.equal((await list('status=5')).orders.length, 0);
});

test('public endpoints: raw bodies; book merged to a precision; kline in ms; 404 and 405', async () => {
  assert.deepEqual((await http('GET', '/v2/ping')).body, {});
  assert.deepEqual((await http('GET', '/v2/symbols')).body, ['BTC_USDT', 'ETH_USDT']);
  assert.deepEqual((await http('GET', '/v2/currencies')).body, ['BTC', 'ETH', 'USDT'].map((id) => ({ id, name: id, withdraw_enabled: true, deposit_enabled: true })));
  const ticker = (await http('GET', '/v2/ticker?symbol=BTC_USDT')).body as Record<string, string>;
  assert.deepEqual([ticker.symbol_id, ticker.current_price, ticker.bid_1, ticker.ask_1_amount], ['BTC_USDT', '30000.5', '30000', '0.5']);
  assert.equal(((await http('GET', '/v2/ticker')).body as unknown[]).length, 2);
  assert.equal((await http('GET', '/v2/ticker?symbol=NOPE_USDT')).status, 400);
  const book = (await http('GET', '/v2/symbols/BTC_USDT/orders')).body as { buys: unknown[]; sells: unknown[] };
  assert.deepEqual(book.buys, [
    { amount: '3', total: '3', price: '30000.00', count: '2' },
    { amount: '0.5', total: '3.5', price: '29999.50', count: '1' },
  ]);
  assert.deepEqual(book.sells[0], { amount: '2', total: '2', price: '30001.01', count: '2' });
  const coarse = (await http('GET', '/v2/symbols/BTC_USDT/orders?precision=0')).body as { sells: Array<{ price: string }> };
  assert.deepEqual(coarse.sells.map((s) => s.price), ['30002']);
  const from = Date.parse('2026-11-01T10:00:00Z');
  const kl = (await http('GET', `/v2/symbols/BTC_USDT/kline?from=${from}&to=${from + 600_000}&step=5`)).body as Array<Record<string, unknown>>;
  assert.deepEqual(kl.map((k) => k.timestamp), [from, from + 300_000, from + 600_000]);
  assert.equal(kl[0]!.current_price, '1.2');
  assert.equal((await http('GET', `/v2/symbols/BTC_USDT/kline?from=${from}&to=${from + 600 * 60_000}`)).status, 400);
  assert.equal((await http('GET', '/v2/symbols/BTC_USDT/kline?from=1')).status, 400);
  const trades = (await http('GET', '/v2/symbols/BTC_USDT/trades')).body as Array<Record<string, unknown>>;
  assert.deepEqual(trades[0], { amount: '60.001', order_time: 1_700_000_000_000, price: '30000.5', count: '0.002', type: 'buy' });
  assert.deepEqual((await http('GET', '/v2/steps')).body, [1, 3, 5, 15, 30, 45, 60, 120, 180, 240, 1440, 10080, 43200]);
  const details = (await http('GET', '/v2/symbols_details')).body as Array<Record<string, unknown>>;
  assert.deepEqual(Object.keys(details[0]!), ['id', 'base_currency', 'quote_currency', 'quote_increment', 'base_min_size', 'base_max_size', 'price_min_precision', 'price_max_precision', 'expiration']);
  assert.equal((await http('GET', '/v2/nothing')).status, 404);
  assert.equal((await http('PUT', '/v2/orders')).status, 405);
});
