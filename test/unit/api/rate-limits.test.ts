import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { test } from 'node:test';
import { ApiClient, type ClientOptions } from '../../../src/api/client.js';
import { endpoint } from '../../../src/api/catalogue/index.js';
import { custom } from '../../../src/api/catalogue/limits.js';
import { MemoryGate } from '../../../src/api/gate.js';
import { nodeDispatch, MAX_IDLE_MS } from '../../../src/api/node-http.js';
import { rateHeaders, retryAfterMs, RemainingReading } from '../../../src/api/rate-headers.js';
import { BmError } from '../../../src/errors.js';
import { useAnsweringServer } from '../../helpers/answering-server.js';

const srv = useAnsweringServer();

const OK = '{"code":1000,"message":"OK","trace":"t","data":{}}';
const LIMITED = '{"code":30013,"message":"too many requests","trace":"t","data":{}}';
function reply(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);
}

/** A client on a fake clock: every wait it asks for moves the clock, nothing sleeps. */
function fake(extra: Partial<ClientOptions> = {}) {
  const clock = { t: 1_900_000_000_000, waits: [] as number[] };
  const now = () => clock.t;
  const sleep = async (ms: number) => {
    clock.waits.push(ms);
    clock.t += ms;
  };
  const sends: number[] = [];
  const c = new ApiClient({
    env: {}, baseUrl: async () => srv.base, credentials: async () => ({ key: 'k', secret: 's', memo: 'm' }), timeoutMs: 30_000, now, sleep,
    gate: new MemoryGate(now, sleep), ...extra,
  });
  return { c, clock, sends, mark: () => sends.push(clock.t) };
}

test('Retry-After in seconds: never retried earlier than asked; exit 7 after the allowed retries, hint names the wait', async () => {
  const f = fake();
  srv.handler = (_q, res) => (f.mark(), reply(res, 429, LIMITED, { 'retry-after': '4', 'x-bm-ratelimit-reset': '2' }));
  await assert.rejects(f.c.call(endpoint('spot.ticker')), (e: unknown) =>
    e instanceof BmError && e.exitCode === 7 && /wait 4 s .*Retry-After/.test(e.details.hint ?? ''));
  assert.equal(f.sends.length, 4, 'the first try and three retries');
  for (let i = 1; i < f.sends.length; i++) assert.ok(f.sends[i]! - f.sends[i - 1]! >= 4000, `retry ${i} after ${f.sends[i]! - f.sends[i - 1]!} ms`);
});

test('Retry-After as an HTTP date is measured against the answer\'s Date header', async () => {
  const f = fake();
  let n = 0;
  srv.handler = (_q, res) => {
    f.mark();
    if (n++ > 0) return reply(res, 200, OK);
    // The venue's clock is an hour ahead of ours: the date means "in 3 s" by its clock.
    const served = f.clock.t + 3_600_000;
    reply(res, 429, LIMITED, { date: new Date(served).toUTCString(), 'retry-after': new Date(served + 3000).toUTCString() });
  };
  // toUTCString drops milliseconds: the wait is 3 s give or take one.
  await f.c.call(endpoint('spot.ticker'));
  assert.equal(f.sends.length, 2);
  assert.ok(f.sends[1]! - f.sends[0]! >= 2000 && f.sends[1]! - f.sends[0]! <= 4000, `waited ${f.sends[1]! - f.sends[0]!} ms`);
  assert.equal(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', 0, 'Wed, 21 Oct 2015 07:27:30 GMT'), 30_000);
  assert.equal(retryAfterMs('1.5', 0), 1500);
  assert.equal(retryAfterMs('soon', 0), undefined);
});

test('429 without Retry-After: backs off by the window, doubling, then exit 7', async () => {
  const f = fake({ maxRateRetries: 2 });
  srv.handler = (_q, res) => (f.mark(), reply(res, 429, LIMITED, { 'x-bm-ratelimit-reset': '2' }));
  await assert.rejects(f.c.call(endpoint('spot.ticker')), (e: unknown) => e instanceof BmError && e.exitCode === 7);
  assert.deepEqual(f.sends.map((t) => t - f.sends[0]!), [0, 2000, 6000]);
});

test('a pause longer than a minute is not waited out: exit 7 at once, saying how long the venue asked', async () => {
  const f = fake();
  srv.handler = (_q, res) => (f.mark(), reply(res, 429, LIMITED, { 'retry-after': '600' }));
  await assert.rejects(f.c.call(endpoint('spot.ticker')), (e: unknown) => e instanceof BmError && e.exitCode === 7 && /wait 600 s/.test(e.details.hint ?? ''));
  assert.equal(f.sends.length, 1);
});

test('a 429 pauses every request of that interface, not only the one retried', async () => {
  // Sleeps are held until the test lets them go, so the second request surely starts while the
  // first is waiting out the 429 (no timing involved).
  const clock = { t: 1_900_000_000_000 };
  const now = () => clock.t;
  const held: Array<() => void> = [];
  const sleep = (ms: number) => {
    const until = clock.t + ms;
    return new Promise<void>((r) => held.push(() => ((clock.t = Math.max(clock.t, until)), r())));
  };
  const f = fake({ now, sleep, gate: new MemoryGate(now, sleep) });
  const sends: number[] = [];
  let first = true;
  srv.handler = (_q, res) => {
    sends.push(clock.t);
    if (first) return (first = false), reply(res, 429, LIMITED, { 'retry-after': '3' });
    reply(res, 200, OK);
  };
  // Until n sleeps are held, or a request went out that should not have.
  const settle = async (n: number) => {
    while (held.length < n && sends.length < 2) await new Promise((r) => setImmediate(r));
  };
  const a = f.c.call(endpoint('spot.ticker'));
  await settle(1); // the first is waiting out its 429
  const b = f.c.call(endpoint('spot.ticker'));
  await settle(2); // the second waits too, before sending anything
  assert.equal(sends.length, 1, 'nothing sent during the pause');
  let done = false;
  const both = Promise.all([a, b]).finally(() => (done = true));
  while (!done) {
    held.shift()?.();
    await new Promise((r) => setImmediate(r));
  }
  await both;
  assert.equal(sends.length, 3);
  assert.ok(sends[1]! - sends[0]! >= 3000 && sends[2]! - sends[0]! >= 3000, `sent at ${sends.map((t) => t - sends[0]!)}`);
});

test('paced before the 429: a window the venue says is spent (by someone else) is waited out before sending', async () => {
  const f = fake();
  let n = 0;
  srv.handler = (_q, res) => {
    f.mark();
    // The first answer: 0 left of 12 in a 2 s window, though this client sent only one.
    reply(res, 200, OK, { 'x-bm-ratelimit-limit': '12', 'x-bm-ratelimit-remaining': n++ === 0 ? '0' : '5', 'x-bm-ratelimit-reset': '2' });
  };
  await f.c.call(endpoint('spot.ticker'));
  await f.c.call(endpoint('spot.ticker'));
  assert.ok(f.sends[1]! - f.sends[0]! >= 2000, `second sent after ${f.sends[1]! - f.sends[0]!} ms`);
  await f.c.call(endpoint('spot.ticker'));
  assert.equal(f.sends[2], f.sends[1], 'a window with room left costs no wait');
});

test('a window spent by this client alone costs no pause beyond its own limiter', async () => {
  const f = fake();
  const rate = custom('KEY', 3, 2000);
  let used = 0;
  srv.handler = (_q, res) => (f.mark(), reply(res, 200, OK, { 'x-bm-ratelimit-limit': '3', 'x-bm-ratelimit-remaining': String(Math.max(0, 3 - ++used)), 'x-bm-ratelimit-reset': '2' }));
  const target = { method: 'GET' as const, path: '/spot/v1/x', auth: 'KEYED' as const, rate };
  for (let i = 0; i < 4; i++) await f.c.call(target);
  // The fourth waits for the first to leave the window (its own limiter), no longer.
  assert.deepEqual(f.sends.map((t) => t - f.sends[0]!), [0, 0, 0, 2001]);
});

test('a window the venue counted on arrival, filled by our own answers of a round trip ago, costs no pause', async () => {
  const f = fake();
  const rate = custom('KEY', 3, 2000);
  const latency = [300, 300, 300, 1500, 10];
  let n = 0;
  srv.handler = (_q, res) => {
    f.mark();
    // The answer comes back `latency` ms after the request left; the fourth finds the venue's window
    // full (its arrival counted with the second and third), though ours, seen at its answer, holds one.
    f.clock.t += latency[n]!;
    reply(res, 200, OK, { 'x-bm-ratelimit-limit': '3', 'x-bm-ratelimit-remaining': n++ === 3 ? '0' : '2', 'x-bm-ratelimit-reset': '2' });
  };
  const target = { method: 'GET' as const, path: '/spot/v1/y', auth: 'KEYED' as const, rate };
  for (let i = 0; i < 5; i++) await f.c.call(target);
  const at = f.sends.map((t) => t - f.sends[0]!);
  assert.equal(at[3], 2301, 'the fourth waited for the first answer to leave the window');
  assert.equal(at[4], at[3]! + 1500, 'the fifth went when the fourth was answered: no 2 s pause');
});

test('Remaining read both ways: 0 left is spent; on a venue seen counting up, used = limit is spent', () => {
  const r = new RemainingReading();
  assert.equal(r.spent(rateHeaders({ 'x-bm-ratelimit-limit': '5', 'x-bm-ratelimit-remaining': '0', 'x-bm-ratelimit-reset': '2' }, 0), 0), true);
  const up = new RemainingReading();
  const at = (used: number, t: number) => up.spent(rateHeaders({ 'x-bm-ratelimit-limit': '5', 'x-bm-ratelimit-remaining': String(used), 'x-bm-ratelimit-reset': '2' }, t), t);
  assert.deepEqual([at(1, 0), at(2, 10), at(3, 20), at(4, 30), at(5, 40)], [false, false, false, false, true]);
  assert.equal(up.spent(rateHeaders({}, 50), 50), false, 'no headers, no signal');
});

test('a retry after a back-off goes out on a fresh connection; back-to-back requests share one', async () => {
  const f = fake();
  const ports: number[] = [];
  srv.handler = (req, res) => {
    ports.push(req.socket.remotePort!);
    if (ports.length === 2) reply(res, 429, LIMITED, { 'retry-after': '1' });
    else reply(res, 200, OK);
  };
  await f.c.call(endpoint('spot.ticker'));
  await f.c.call(endpoint('spot.ticker'));
  assert.equal(ports.length, 3);
  assert.equal(ports[1], ports[0], 'back to back: one connection');
  assert.notEqual(ports[2], ports[1], 'the retry after the back-off: a new connection');
});

test('a keep-alive socket idle longer than the limit is closed, never reused', async () => {
  let t = 0;
  let opened = 0;
  const dispatch = nodeDispatch({ now: () => t, onConnect: () => void opened++ });
  srv.handler = (_q, res) => reply(res, 200, OK);
  const get = () => dispatch({ method: 'GET', url: `${srv.base}/x`, headers: {}, timeoutMs: 30_000 }, new URL(`${srv.base}/x`));
  await get();
  t += 100;
  await get();
  assert.equal(opened, 1, 'reused while fresh');
  t += MAX_IDLE_MS + 1;
  await get();
  assert.equal(opened, 2, 'idle too long: a new connection');
  await dispatch({ method: 'GET', url: `${srv.base}/x`, headers: {}, timeoutMs: 30_000, fresh: true }, new URL(`${srv.base}/x`));
  assert.equal(opened, 3, 'fresh: a new connection');
});

test('a kept-alive connection closed by the other end as a request goes out: a GET is sent again once on a new one, a POST is not', async () => {
  let opened = 0;
  const dispatch = nodeDispatch({ onConnect: () => void opened++ });
  const seen = new Set<unknown>();
  let gets = 0;
  let posts = 0;
  // The second request on any connection finds it closed without an answer.
  srv.handler = (req, res) => {
    if (req.method === 'GET') gets++;
    else posts++;
    if (seen.has(req.socket)) return void req.socket.destroy();
    seen.add(req.socket);
    reply(res, 200, OK);
  };
  const send = (method: string) => dispatch({ method, url: `${srv.base}/x`, headers: {}, timeoutMs: 30_000, ...(method === 'POST' ? { body: '{}' } : {}) }, new URL(`${srv.base}/x`));
  await send('GET');
  const again = await send('GET');
  assert.equal(again.status, 200);
  assert.deepEqual([gets, opened], [3, 2], 'the GET sent twice: on the kept connection, then on a new one');
  await assert.rejects(send('POST'), (e: NodeJS.ErrnoException) => e.code === 'ECONNRESET');
  assert.equal(posts, 1, 'the POST is sent once: whether it was read is for the caller to prove');
});
