import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { ApiClient } from '../../../src/api/client.js';
import { endpoint } from '../../../src/api/catalogue/index.js';
import { custom } from '../../../src/api/catalogue/limits.js';
import { SlidingWindows } from '../../../src/util/ratelimit.js';
import { signRequest } from '../../../src/util/signing.js';
import { BmError } from '../../../src/errors.js';
import { scalarText } from '../../../src/util/json.js';
import { mayHaveReached, send as transportSend, TransportError } from '../../../src/api/transport.js';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let handler: Handler = () => {};
let base = '';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => handler(req, body, res));
});
before(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

const CREDS = { key: 'k1', secret: 's3cr3t', memo: 'memo1' };
function client(extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}): ApiClient {
  return new ApiClient({ env: {}, baseUrl: async () => base, credentials: async () => CREDS, timeoutMs: 30_000, sleep: async () => {}, ...extra });
}
function reply(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);
}

test('envelope success with code as a string; ids beyond 2^53 stay exact', async () => {
  handler = (_q, _b, res) => reply(res, 200, '{"code":"1000","message":"Ok","trace":"t-1","data":{"order_id":183347420821295423}}');
  const r = await client().call(endpoint('spot.ticker'), [['symbol', 'BTC_USDT']]);
  assert.equal(scalarText((r.data as { order_id: unknown }).order_id), '183347420821295423');
  assert.equal(r.trace, 't-1');
});

test('HTTP 200 with an error code is an error: category, code, message, trace, hint', async () => {
  handler = (_q, _b, res) => reply(res, 400, '{"code":50001,"message":"Symbol not found","trace":"abc.1","data":{}}');
  await assert.rejects(client().call(endpoint('spot.ticker'), [['symbol', 'NOPE_USDT']]), (e: unknown) => {
    assert.ok(e instanceof BmError);
    assert.equal(e.exitCode, 6);
    assert.equal(e.details.code, '50001');
    assert.equal(e.details.venueMessage, 'Symbol not found');
    assert.equal(e.details.trace, 'abc.1');
    assert.match(e.details.hint ?? '', /bm symbols/);
    return true;
  });
});

test('signed GET signs the query string as sent; signed POST signs the exact body', async () => {
  const seen: Array<{ ok: boolean; payload: string }> = [];
  handler = (req, body, res) => {
    const url = new URL(req.url!, base);
    const payload = req.method === 'GET' ? url.search.slice(1) : body;
    const expected = signRequest(CREDS.secret, String(req.headers['x-bm-timestamp']), CREDS.memo, payload);
    seen.push({ ok: req.headers['x-bm-sign'] === expected && req.headers['x-bm-key'] === CREDS.key, payload });
    reply(res, 200, '{"code":1000,"message":"OK","trace":"t","data":{}}');
  };
  await client().call(endpoint('test.get'), [['symbol', 'BTC_USDT'], ['x', 'a b&c']]);
  await client().call(endpoint('test.post'), [['symbol', 'BTC_USDT'], ['price', '7000'], ['id', 2n ** 60n]]);
  await client().call(endpoint('test.post'), []);
  assert.deepEqual(seen, [
    { ok: true, payload: 'symbol=BTC_USDT&x=a%20b%26c' },
    { ok: true, payload: '{"symbol":"BTC_USDT","price":"7000","id":1152921504606846976}' },
    { ok: true, payload: '{}' },
  ]);
});

test('30007 learns the clock offset from /system/time and retries once', async () => {
  const serverNow = Date.now() + 5 * 60_000;
  let calls = 0;
  handler = (req, _b, res) => {
    if (req.url === '/system/time') return reply(res, 200, `{"code":1000,"message":"OK","trace":"t","data":{"server_time":${serverNow}}}`);
    calls++;
    const ts = Number(req.headers['x-bm-timestamp']);
    if (Math.abs(ts - serverNow) > 60_000) return reply(res, 401, '{"code":30007,"message":"X-BM-TIMESTAMP outside one minute","trace":"N/A","data":{}}');
    reply(res, 200, '{"code":1000,"message":"OK","trace":"t","data":{"ok":true}}');
  };
  const r = await client().call(endpoint('spot.wallet'));
  assert.deepEqual(r.data, { ok: true });
  assert.equal(calls, 2);
});

test('a refused connection is a network error (exit 8) that says nothing was sent', async () => {
  const c = new ApiClient({ env: {}, baseUrl: async () => 'http://127.0.0.1:1', credentials: async () => undefined, timeoutMs: 1000 });
  await assert.rejects(c.call(endpoint('system.time')), (e: unknown) => e instanceof BmError && e.exitCode === 8 && /venue running/.test(e.details.hint ?? ''));
});

test('a write that times out is an unknown outcome, never retried', async () => {
  let calls = 0;
  handler = () => void calls++;
  const c = client({ timeoutMs: 300 });
  await assert.rejects(c.call(endpoint('spot.order.submit'), [['symbol', 'BTC_USDT']]), (e: unknown) =>
    e instanceof BmError && e.exitCode === 8 && /outcome is unknown/.test(e.details.hint ?? ''));
  assert.equal(calls, 1);
});

test('the client keeps to the published limit: a burst waits instead of earning a 429', async () => {
  handler = (_q, _b, res) => reply(res, 200, '{"code":1000,"message":"OK","trace":"t","data":{}}');
  let clock = 0;
  const waits: number[] = [];
  const c = client({ now: () => clock, sleep: async (ms) => { waits.push(ms); clock += ms; } });
  for (let i = 0; i < 7; i++) await c.call(endpoint('spot.steps'));
  // /spot/v1/steps: 2 per 2 s and 5 per 5 s.
  assert.equal(waits.length > 0, true);
  assert.ok(clock >= 6000, `7 requests need at least 6 s at 2 per 2 s (took ${clock} ms)`);
});

test('concurrent calls never outrun a venue that counts late: each is counted when its answer comes back', async () => {
  // The venue counts a request only after a varying delay (a queue in front of its limiter), then
  // answers at once: a client counting at send time would earn 429s at every window boundary.
  const rate = custom('KEY', 5, 400);
  const venue = new SlidingWindows(rate);
  const delays = [0, 60, 5, 45, 20, 70, 10, 35];
  let n = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  handler = (_q, _b, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      if (venue.take(Date.now()) > 0) reply(res, 429, '{"code":30013,"message":"too many","trace":"t","data":{}}');
      else reply(res, 200, '{"code":1000,"message":"OK","trace":"t","data":{}}');
    }, delays[n++ % delays.length]);
  };
  const c = client({ sleep: (ms) => new Promise((r) => setTimeout(r, ms)), maxRateRetries: 0 });
  const target = { method: 'POST' as const, path: '/spot/v2/batch_orders', auth: 'SIGNED' as const, rate, write: true };
  const t0 = Date.now();
  const results = await Promise.allSettled(Array.from({ length: 20 }, () => c.call(target, [['order_params', []]])));
  assert.deepEqual(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)), []);
  assert.ok(maxInFlight > 1, 'requests were out at once');
  // 20 requests at 5 per 400 ms: the last 5 cannot start before 3 windows have passed.
  assert.ok(Date.now() - t0 >= 1200, `took ${Date.now() - t0} ms`);
});

test('credentials missing for a private call: exit 4 with a hint, nothing sent', async () => {
  let calls = 0;
  handler = (_q, _b, res) => { calls++; reply(res, 200, '{}'); };
  const c = new ApiClient({ env: {}, baseUrl: async () => base, credentials: async () => undefined, timeoutMs: 1000 });
  await assert.rejects(c.call(endpoint('spot.wallet')), (e: unknown) => e instanceof BmError && e.exitCode === 4);
  assert.equal(calls, 0);
});

test('a connection reset as it connects never left: a venue that can be started again is, and the request sent there once', async () => {
  handler = (_q, _b, res) => reply(res, 200, '{"code":1000,"message":"OK","trace":"t","data":{"tickers":[]}}');
  const sent: string[] = [];
  let restarts = 0;
  const dying = client({
    baseUrl: async () => (restarts ? base : 'http://127.0.0.1:9'),
    onRefused: async () => (restarts++, base),
    send: async (req) => {
      sent.push(new URL(req.url).origin);
      // What node's client gives for a server killed as the connection was being made.
      if (!req.url.startsWith(base)) throw new TransportError('GET 127.0.0.1:9: connect ECONNRESET 127.0.0.1:9', 'ECONNRESET', mayHaveReached('ECONNRESET', { code: 'ECONNRESET', syscall: 'connect' }));
      return transportSend(req, {});
    },
  });
  await dying.call(endpoint('spot.ticker'), [['symbol', 'BTC_USDT']]);
  assert.equal(restarts, 1);
  assert.deepEqual(sent, ['http://127.0.0.1:9', base]);
});

test('a read reset after its connection was made: the host is asked (reached), and the read sent again where it says', async () => {
  handler = (_q, _b, res) => reply(res, 200, '{"code":1000,"message":"OK","trace":"t","data":{"tickers":[]}}');
  const asked: boolean[] = [];
  const sent: string[] = [];
  const reset = client({
    baseUrl: async () => (asked.length ? base : 'http://127.0.0.1:9'),
    onRefused: async (reached) => (asked.push(reached), base),
    send: async (req) => {
      sent.push(new URL(req.url).origin);
      // A server killed as it accepted the connection: node reads a reset on the connection it made.
      if (!req.url.startsWith(base)) throw new TransportError('GET 127.0.0.1:9: read ECONNRESET', 'ECONNRESET', mayHaveReached('ECONNRESET', { code: 'ECONNRESET', syscall: 'read' }));
      return transportSend(req, {});
    },
  });
  await reset.call(endpoint('spot.ticker'), [['symbol', 'BTC_USDT']]);
  assert.deepEqual(asked, [true]);
  assert.deepEqual(sent, ['http://127.0.0.1:9', base]);
});

test('a read reset after its connection was made, where the host has nothing to restart: a network error, sent once', async () => {
  const asked: boolean[] = [];
  let sends = 0;
  const reset = client({
    onRefused: async (reached) => (asked.push(reached), undefined),
    send: async () => {
      sends++;
      throw new TransportError(`GET ${new URL(base).host}: read ECONNRESET`, 'ECONNRESET', mayHaveReached('ECONNRESET', { code: 'ECONNRESET', syscall: 'read' }));
    },
  });
  await assert.rejects(reset.call(endpoint('spot.ticker'), [['symbol', 'BTC_USDT']]), (e: unknown) => e instanceof BmError && e.category === 'network' && e.details.code === 'ECONNRESET' && e.exitCode === 8);
  assert.deepEqual(asked, [true]);
  assert.equal(sends, 1);
});

test('a write reset after its connection was made may have reached the venue: never sent again, no restart, its outcome unknown', async () => {
  let restarts = 0;
  let sends = 0;
  const reset = client({
    onRefused: async () => (restarts++, base),
    send: async () => {
      sends++;
      throw new TransportError(`POST ${new URL(base).host}: read ECONNRESET`, 'ECONNRESET', mayHaveReached('ECONNRESET', { code: 'ECONNRESET', syscall: 'read' }));
    },
  });
  await assert.rejects(reset.call(endpoint('spot.order.submit'), [['symbol', 'BTC_USDT']]), (e: unknown) =>
    e instanceof BmError && e.category === 'network' && /outcome is unknown/.test(e.details.hint ?? ''));
  assert.equal(restarts, 0);
  assert.equal(sends, 1);
});

test('whether a failure may have reached the venue: refused, unresolved or failed while connecting never did', () => {
  assert.equal(mayHaveReached('ECONNREFUSED', { syscall: 'connect' }), false);
  assert.equal(mayHaveReached('ENOTFOUND', { syscall: 'getaddrinfo' }), false);
  assert.equal(mayHaveReached('ECONNRESET', { syscall: 'connect' }), false);
  assert.equal(mayHaveReached('ECONNRESET', { syscall: 'read' }), true);
  assert.equal(mayHaveReached('EPIPE', { syscall: 'write' }), true);
  assert.equal(mayHaveReached('ETIMEDOUT', new Error('timed out')), true);
});
