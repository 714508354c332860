/**
 * The library client against the real sandbox, through the fault proxy where the venue misbehaves:
 * writes keep the command line's guarantees (sent once, a lost answer looked up, an unproven outcome
 * an UnknownOutcomeError), answers stay exact, bad input is refused before anything is sent, and the
 * rate limits are counted in the state directory every `bm` process shares.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BmError, Client, UnknownOutcomeError } from '../../src/lib/index.js';
import { envelope } from '../helpers/fault-proxy.js';
import { useLibraryVenue } from '../helpers/library-venue.js';
import { isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';

const venue = useLibraryVenue(21, { USDT: '10000', BTC: '1' });
const env = isolatedEnv();

/** A client through the proxy; a short timeout so a lost answer is given up on soon. */
function client(): Client {
  return new Client({ baseUrl: venue.proxy.url, credentials: venue.credentials, env, timeoutMs: 30_000 });
}

type Api = Omit<Client, 'legacy'> & Record<string, any>;

async function farBid(c: Api): Promise<string> {
  const last = (await c.ticker({ symbol: 'BTC_USDT' })).tickers[0].last_price as string;
  return `${BigInt(last.split('.')[0]!) / 2n}.1`;
}

test('a place whose answer is lost is sent once and proven by looking the order up', async () => {
  const c = client() as Api;
  const price = await farBid(c);
  const remove = venue.proxy.add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'cut' } });
  const before = venue.proxy.count('POST', '/spot/v2/submit_order');
  const r = await c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price });
  remove();
  assert.equal(venue.proxy.count('POST', '/spot/v2/submit_order') - before, 1, 'sent once');
  assert.deepEqual([r.outcome, r.say, r.via], ['done', 'placed', 'lookup']);
  assert.equal(r.data.clientOrderId ?? r.data.client_order_id, r.clientOrderId);
  assert.ok(BigInt(r.orderId) > 2n ** 53n);
  // Read as the command line reads it: a status by its word.
  const open = await c.order.list({ symbol: 'BTC_USDT' });
  assert.ok(open.orders.some((o: Record<string, unknown>) => o.order_id === r.orderId), 'the order is listed open, its id exact');
});

test('a place whose answer is lost and whose lookup fails is an UnknownOutcomeError naming the check, never re-sent', async () => {
  const c = client() as Api;
  const price = await farBid(c);
  const removes = [
    venue.proxy.add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'cut' } }),
    venue.proxy.add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'reply', answer: envelope(400, 50000, 'Bad Request') } }),
  ];
  const before = venue.proxy.count('POST', '/spot/v2/submit_order');
  const err = await c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price, client_order_id: 'libunknown1' }).then(() => undefined, (e: unknown) => e);
  for (const r of removes) r();
  assert.ok(err instanceof UnknownOutcomeError, String(err));
  assert.ok(err instanceof BmError);
  assert.equal(err.category, 'unknown');
  assert.equal(err.exitCode, 11);
  assert.equal(err.retryable, false);
  assert.match(err.message, /outcome unknown/);
  assert.match(err.details.hint ?? '', /bm order get BTC_USDT --client-order-id libunknown1/);
  assert.equal(venue.proxy.count('POST', '/spot/v2/submit_order') - before, 1, 'sent once');
});

test('answers are exact: ids beyond 2^53 and long decimals sent as JSON numbers come back as their text', async () => {
  const remove = venue.proxy.add({
    method: 'GET', path: '/spot/v1/ticker',
    fault: { kind: 'rewrite', fn: (a) => ({ ...a, body: a.body.replace(/"last_price":"[^"]*"/, '"last_price":30000.123456789012345678').replace(/"symbol":"BTC_USDT"/, '"symbol":"BTC_USDT","big_id":183347420821295423999') }) },
  });
  const t = await (client() as Api).ticker({ symbol: 'BTC_USDT' });
  remove();
  assert.equal(t.tickers[0].last_price, '30000.123456789012345678');
  assert.equal(t.tickers[0].big_id, '183347420821295423999');
});

test('bad input is refused before anything is sent, naming the parameter (usage, exit code 2)', async () => {
  const c = client() as Api;
  const before = venue.proxy.seen.length;
  const cases: Array<[() => Promise<unknown>, RegExp]> = [
    [() => c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: 0.1, price: '1' }), /^size: give a decimal as a string/],
    [() => c.order.place({ symbol: 'BTC_USDT', side: 'long', type: 'limit', size: '0.1', price: '1' }), /^side: must be one of buy, sell/],
    [() => c.book({}), /^symbol: required/],
    [() => c.ticker({ symbol: 'BTC_USDT', limit: 5 }), /^limit: not a parameter of this call \(allowed: symbol\)/],
  ];
  for (const [call, re] of cases) {
    const err = await call().then(() => undefined, (e: unknown) => e);
    assert.ok(err instanceof BmError, String(err));
    assert.equal(err.exitCode, 2);
    assert.match(err.message, re);
  }
  assert.equal(venue.proxy.seen.length, before, 'nothing was sent');
});

test('a venue refusal is a BmError with its code, HTTP status and trace', async () => {
  const err = await (client() as Api).order.cancel({ symbol: 'BTC_USDT', order_id: '1' }).then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof BmError && !(err instanceof UnknownOutcomeError), String(err));
  assert.equal(err.category, 'venue');
  assert.equal(err.exitCode, 6);
  assert.match(err.code ?? '', /^5\d{4}$/);
  assert.equal(typeof err.httpStatus, 'number');
  assert.ok(err.trace, 'the venue trace is kept');
});

test('a library client and a bm command count one endpoint\'s requests in the same window, in the state directory every process reads', async () => {
  const c = client();
  for (let i = 0; i < 3; i++) await (c as Api).symbols();
  const dir = join(env.XDG_STATE_HOME!, 'bm', 'limits');
  const file = readdirSync(dir).find((f) => f.includes(new URL(venue.proxy.url).port) && f.endsWith('ip.json'));
  assert.ok(file, readdirSync(dir).join(', '));
  // Answered requests of the last 5 s (the longest window of GET /spot/v1/symbols), as every bm process reads them.
  const stamps = () => (JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, { s: number[] }>)['GET /spot/v1/symbols']!.s.length;
  assert.equal(stamps(), 3);
  // Read back from the file, not from memory: what another process would see (limits-shared.test.ts runs two).
  const r = await runBm(['--base-url', venue.proxy.url, 'symbols'], env);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(stamps(), 4, 'the command counted its request with the library\'s');
});

test('the first generation: client.legacy reads exact bodies, places and cancels through the careful-write pipeline', async () => {
  const c = client() as Api;
  const t = await c.legacy.ticker({ symbol: 'BTC_USDT' });
  const row = (Array.isArray(t) ? t[0] : (t.tickers ?? [t])[0]) as Record<string, unknown>;
  assert.match(String(row.current_price), /^[0-9]+\.[0-9]+$/, JSON.stringify(t).slice(0, 200));
  const price = `${BigInt(String(row.current_price).split('.')[0]!) / 2n}.1`;
  const placed = await c.legacy.order.place({ symbol: 'BTC_USDT', side: 'buy', amount: '0.01', price });
  assert.deepEqual([placed.outcome, placed.say, placed.via], ['done', 'placed', 'answer']);
  assert.match(placed.orderId, /^[0-9]+$/);
  const cancelled = await c.legacy.order.cancel({ entrust_id: placed.orderId });
  assert.deepEqual([cancelled.outcome, cancelled.via], ['done', 'answer'], JSON.stringify(cancelled));
  const err = await c.legacy.order.place({ symbol: 'BTC_USDT', side: 'buy', amount: 0.01, price }).then(() => undefined, (e: unknown) => e);
  assert.ok(err instanceof BmError && err.exitCode === 2 && /^amount: give a decimal as a string/.test(err.message), String(err));
});

test('a stream reconnects and resubscribes when its connection is cut, and ends on close()', async () => {
  const c = client();
  const ticker = c.watch.ticker('BTC_USDT');
  const first = await ticker.next();
  assert.equal(first.done, false);
  assert.equal((first.value as Record<string, unknown>).symbol, 'BTC_USDT');
  assert.equal(venue.proxy.ws.cut(), 1, 'one WebSocket connection was open');
  // A push read while no connection is open came before the cut; one read while one is open came over a new
  // connection (reconnected and resubscribed), which is cut again.
  let after = 0;
  for await (const t of ticker) {
    assert.match(String(t.last_price), /^[0-9]+\.[0-9]+$/);
    if (venue.proxy.ws.cut() === 0) continue;
    after++;
    if (after === 3) break;
  }
  assert.equal(after, 3, 'pushes kept coming over new connections');
  const orders = c.watch.orders('BTC_USDT');
  await orders.ready();
  await c.close();
  assert.deepEqual(await orders.next(), { value: undefined, done: true });
});

test('client.api reaches any endpoint of the catalogue by method and path, those without a command too', async () => {
  const c = client();
  const hidden = await c.api('POST', '/spot/v2/cancel_order', { symbol: 'BTC_USDT', order_id: '1' }).then(() => undefined, (e: unknown) => e);
  assert.ok(hidden instanceof BmError && hidden.category === 'venue', String(hidden));
  const t = (await c.api('GET', '/spot/v1/ticker', { symbol: 'BTC_USDT' })) as { tickers: Array<Record<string, unknown>> };
  assert.match(String(t.tickers[0]!.last_price), /^[0-9]+\.[0-9]+$/);
  const before = venue.proxy.seen.length;
  await assert.rejects(c.api('GET', '/spot/v9/nothing'), /GET \/spot\/v9\/nothing: not an endpoint of the catalogue/);
  assert.equal(venue.proxy.seen.length, before);
});

test('client.api reads a path as bm api does: every spelling of a catalogued write goes through the careful-write pipeline; a query on a POST refused', async () => {
  const notes: string[] = [];
  const c = new Client({ baseUrl: venue.proxy.url, legacyUrl: venue.proxy.url, credentials: venue.credentials, env, timeoutMs: 30_000, onNote: (l) => notes.push(l) }) as Api;
  const price = await farBid(c);
  const order = { symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price };
  const posts = () => venue.proxy.count('POST', '/spot/v2/submit_order');
  const api = (method: string, path: string, params?: Record<string, string>, opts?: { dryRun?: boolean }) => c.api(method, path, params, opts) as Promise<Record<string, any>>;

  // A lost answer on an odd spelling: sent once, proven by the lookup of the client order id bm made up.
  const lose = venue.proxy.add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'cut' } });
  const before = posts();
  const lost = await api('POST', '/Spot//v2/submit_order/', order);
  lose();
  assert.equal(posts() - before, 1, 'sent once');
  assert.deepEqual([lost.outcome, lost.say, lost.via], ['done', 'placed', 'lookup']);
  assert.match(lost.clientOrderId, /^[0-9a-z]+$/i);

  for (const path of ['/spot/v2/submit_order?', '/spot/v2/submit_order#top', '/spot/v2/%73ubmit_order', '/SPOT/V2/SUBMIT_ORDER']) {
    const r = await api('POST', path, order);
    assert.deepEqual([r.outcome, r.say, r.via], ['done', 'placed', 'answer'], path);
    assert.match(r.clientOrderId, /^[0-9a-z]+$/i, `${path}: a client order id is made up, as for order.place`);
    const dry = await api('post', path, order, { dryRun: true });
    assert.equal(dry.dryRun, true, path);
  }
  assert.equal(posts() - before, 5, 'one placement per spelling, none for the dry runs');
  assert.deepEqual(notes.filter((l) => l.includes('fragment')), Array(2).fill("bm: api: the fragment '#top' is not sent (no HTTP request carries one)"), 'said once a call');

  const count = venue.proxy.seen.length;
  const query = await api('POST', '/spot/v2/submit_order?x=1', order).then(() => undefined, (e: unknown) => e);
  assert.ok(query instanceof BmError && query.exitCode === 2, String(query));
  assert.match(query.message, /a POST sends its parameters in a signed body, not in a query string \('\?x=1'\)/);
  const twice = await api('GET', '/spot/v1/ticker?symbol=BTC_USDT', { symbol: 'BTC_USDT' }).then(() => undefined, (e: unknown) => e);
  assert.ok(twice instanceof BmError && twice.exitCode === 2 && /symbol: given both in the path and in the parameters/.test(twice.message), String(twice));
  await assert.rejects(api('PATCH', '/spot/v1/ticker'), /METHOD: must be one of GET, POST, PUT, DELETE \(got 'PATCH'\)/);
  assert.equal(venue.proxy.seen.length, count, 'nothing refused reached the venue');

  // A query on a GET is its parameters; a legacy path is the first generation's entry, its write as careful.
  const t = await api('GET', '/spot/v1/ticker/?symbol=BTC_USDT');
  assert.equal(t.tickers[0].symbol, 'BTC_USDT');
  const placed = await c.legacy.order.place({ symbol: 'BTC_USDT', side: 'buy', amount: '0.01', price });
  const cancelled = await api('DELETE', `/V2//orders/${placed.orderId}/`);
  assert.deepEqual([cancelled.outcome, cancelled.say], ['done', 'cancelled'], JSON.stringify(cancelled));
});

test('client.order.get answered with another order is no such order (venue, exit code 6), as on the command line', async () => {
  const c = client() as Api;
  const placed = await c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price: await farBid(c), client_order_id: 'libmine42' });
  const remove = venue.proxy.add({
    method: 'GET', path: '/spot/v1/order_detail',
    fault: { kind: 'rewrite', fn: (a) => ({ ...a, body: a.body.replace(/"clientOrderId":"[^"]*"/, '"clientOrderId":"abc123"') }) },
  });
  const err = await c.order.get({ symbol: 'BTC_USDT', client_order_id: 'libmine42' }).then(() => undefined, (e: unknown) => e);
  remove();
  assert.ok(err instanceof BmError && !(err instanceof UnknownOutcomeError), String(err));
  assert.equal(err.category, 'venue');
  assert.equal(err.exitCode, 6);
  assert.equal(err.message, `order.get: no such order: the venue answered order ${placed.orderId} with client order id 'abc123', not 'libmine42'`);
  const ours = await c.order.get({ symbol: 'BTC_USDT', client_order_id: 'libmine42' });
  assert.equal(ours.order_id, placed.orderId);
});

test('client.legacy.order.get answered with another order is no such order (venue, exit code 6), as on the command line', async () => {
  const c = client() as Api;
  const t = await c.legacy.ticker({ symbol: 'BTC_USDT' });
  const row = (Array.isArray(t) ? t[0] : (t.tickers ?? [t])[0]) as Record<string, unknown>;
  const placed = await c.legacy.order.place({ symbol: 'BTC_USDT', side: 'buy', amount: '0.01', price: `${BigInt(String(row.current_price).split('.')[0]!) / 2n}.3` });
  const remove = venue.proxy.add({
    method: 'GET', path: `/v2/orders/${placed.orderId}`,
    fault: { kind: 'rewrite', fn: (a) => ({ ...a, body: a.body.replace(/"entrust_id":("[^"]*"|[0-9]+)/, '"entrust_id":7') }) },
  });
  const err = await c.legacy.order.get({ entrust_id: placed.orderId }).then(() => undefined, (e: unknown) => e);
  remove();
  assert.ok(err instanceof BmError && !(err instanceof UnknownOutcomeError), String(err));
  assert.equal(err.category, 'venue');
  assert.equal(err.exitCode, 6);
  assert.equal(err.message, `legacy.order.get: no such order: the venue answered order 7, not order ${placed.orderId}`);
  const ours = (await c.legacy.order.get({ entrust_id: placed.orderId })) as Record<string, unknown>;
  assert.equal(String(ours.entrust_id), placed.orderId);
});

test('client.order.place of a limit_maker that would cross is settled: placed, then cancelled by the venue, from one state read', async () => {
  const c = client() as Api;
  const last = (await c.ticker({ symbol: 'BTC_USDT' })).tickers[0].last_price as string;
  const through = String((BigInt(last.split('.')[0]!) * 105n) / 100n);
  const reads = venue.proxy.count('GET', '/spot/v1/order_detail');
  const r = await c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit_maker', size: '0.01', price: through });
  assert.deepEqual([r.outcome, r.say, r.via], ['settled', 'placed, then cancelled by the venue: limit_maker would have taken liquidity', 'answer']);
  assert.equal(r.data.status, '8');
  assert.equal(r.data.clientOrderId, r.clientOrderId);
  assert.match(r.orderId, /^[0-9]+$/);
  assert.equal(venue.proxy.count('GET', '/spot/v1/order_detail') - reads, 1, 'one read of its state');
  const plain = await c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price: await farBid(c) });
  assert.deepEqual([plain.outcome, plain.say], ['done', 'placed']);
  assert.equal(venue.proxy.count('GET', '/spot/v1/order_detail') - reads, 1, 'a plain limit order is not read');
});
