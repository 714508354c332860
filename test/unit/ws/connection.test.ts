import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { WebSocketServer } from 'ws';
import { signWsLogin } from '../../../src/api/signing.js';
import { BmError } from '../../../src/errors.js';
import { WsConnection, type ConnectionOptions } from '../../../src/ws/connection.js';
import { custom } from '../../../src/api/catalogue/limits.js';
import { SlidingWindows } from '../../../src/api/ratelimit.js';
import { Outbox } from '../../../src/ws/outbox.js';
import { ACCOUNT, order } from '../../helpers/fake-exchange.js';
import { startWsServer } from '../../helpers/ws-server.js';

const fast = { pingAfterMs: 100, pongTimeoutMs: 150, backoffBaseMs: 20, backoffMaxMs: 100 } as const;

function until(cond: () => boolean, ms = 3000): Promise<void> {
  const t0 = Date.now();
  return new Promise((ok, fail) => {
    const tick = () => (cond() ? ok() : Date.now() - t0 > ms ? fail(new Error('condition not met in time')) : setTimeout(tick, 10));
    tick();
  });
}

function login(secret = ACCOUNT.secret, skewMs = 0) {
  return (): [string, string, string] => {
    const ts = String(Date.now() - skewMs);
    return [ACCOUNT.key, ts, signWsLogin(secret, ts, ACCOUNT.memo, 'exchange')];
  };
}

function connect(opts: Omit<ConnectionOptions, 'onPush' | 'onError'>) {
  const pushes: [string, Record<string, unknown>][] = [];
  const errors: BmError[] = [];
  const c = new WsConnection({ ...opts, onPush: (topic, _t, e) => pushes.push([topic, e]), onError: (e) => errors.push(e) });
  return { c, pushes, errors };
}

test('subscribes, routes pushes by symbol, and keeps a quiet feed alive with text pings', async () => {
  const srv = await startWsServer({ idleMs: 300 });
  const { c, pushes } = connect({ url: `${srv.wsUrl}/api?protocol=1.1`, ...fast });
  try {
    c.subscribe(['spot/ticker:BTC_USDT', 'spot/ticker:ETH_USDT']);
    c.start();
    await until(() => pushes.length >= 2);
    assert.deepEqual(pushes.map(([t]) => t).sort(), ['spot/ticker:BTC_USDT', 'spot/ticker:ETH_USDT']);
    // The server drops clients silent for 300 ms; pings every 100 ms keep this one.
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(c.reconnects, 0);
    assert.equal(c.state, 'ready');
  } finally {
    await c.close();
    await srv.close();
  }
});

test('a server that goes silent: ping, no pong in time, reconnect', async () => {
  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  let connections = 0;
  wss.on('connection', () => connections++); // accepts, then never answers anything
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/api`;
  const { c } = connect({ url, ...fast });
  try {
    c.start();
    await until(() => connections >= 2, 3000);
    assert.ok(c.reconnects >= 1);
  } finally {
    await c.close();
    for (const s of wss.clients) s.terminate();
    await new Promise((r) => wss.close(r));
    await new Promise((r) => http.close(r));
  }
});

test('after the server drops the connection: reconnect, log in again, resubscribe every topic', async () => {
  const srv = await startWsServer();
  const { c, pushes, errors } = connect({ url: `${srv.wsUrl}/user?protocol=1.1`, login: login(), ...fast });
  try {
    srv.ex.openOrders = [order()];
    c.subscribe(['spot/user/order:BTC_USDT', 'spot/ticker:BTC_USDT']);
    c.start();
    await until(() => pushes.length >= 2);
    srv.dropAll();
    await until(() => c.reconnects >= 1);
    await until(() => c.state === 'ready' && pushes.length >= 4);
    const topics = pushes.slice(2).map(([t]) => t).sort();
    assert.deepEqual(topics, ['spot/ticker:BTC_USDT', 'spot/user/order:BTC_USDT']);
    assert.ok(srv.connections() >= 2);
    assert.equal(errors.length, 0);
  } finally {
    await c.close();
    await srv.close();
  }
});

test('login refused for a wrong sign: a BmError with code 91011 and exit code 4, no reconnect loop', async () => {
  const srv = await startWsServer();
  const { c, errors } = connect({ url: `${srv.wsUrl}/user?protocol=1.1`, login: login('not-the-secret'), ...fast });
  try {
    c.subscribe(['spot/user/order:BTC_USDT']);
    c.start();
    await until(() => errors.length === 1);
    assert.equal(errors[0]!.details.code, '91011');
    assert.equal(errors[0]!.exitCode, 4);
    assert.match(errors[0]!.details.hint ?? '', /memo|service/);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(c.state, 'closed');
    assert.equal(srv.connections(), 1);
  } finally {
    await c.close();
    await srv.close();
  }
});

test('login with a clock 61 s behind: 91022 with the clock hint', async () => {
  const srv = await startWsServer();
  const { c, errors } = connect({ url: `${srv.wsUrl}/user?protocol=1.1`, login: login(ACCOUNT.secret, 61_000), ...fast });
  try {
    c.start();
    await until(() => errors.length === 1);
    assert.equal(errors[0]!.details.code, '91022');
    assert.match(errors[0]!.details.hint ?? '', /clock/);
  } finally {
    await c.close();
    await srv.close();
  }
});

test('an unknown symbol is a venue error (exit 6); a duplicate subscription is not an error', async () => {
  const srv = await startWsServer();
  const { c, errors, pushes } = connect({ url: `${srv.wsUrl}/api`, ...fast });
  try {
    c.subscribe(['spot/ticker:BTC_USDT']);
    c.start();
    await until(() => pushes.length >= 1);
    (c as unknown as { send(t: string): void }).send(JSON.stringify({ op: 'subscribe', args: ['spot/ticker:BTC_USDT'] }));
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(errors.length, 0);
    c.subscribe(['spot/ticker:NOPE_USDT']);
    await until(() => errors.length === 1);
    assert.equal(errors[0]!.details.code, '92001');
    assert.equal(errors[0]!.exitCode, 6);
  } finally {
    await c.close();
    await srv.close();
  }
});

test('no venue at the address: gives up with a network error (exit 8) after a few attempts', async () => {
  const http = createServer();
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const port = (http.address() as AddressInfo).port;
  await new Promise((r) => http.close(r));
  const { c, errors } = connect({ url: `ws://127.0.0.1:${port}/api`, ...fast, giveUpAfter: 3 });
  c.start();
  await until(() => errors.length === 1);
  assert.equal(errors[0]!.exitCode, 8);
  assert.equal(c.reconnects, 3);
});

test('more than 100 topics on one connection is refused locally', () => {
  const c = new WsConnection({ url: 'ws://127.0.0.1:1/api' });
  assert.throws(() => c.subscribe(Array.from({ length: 101 }, (_, i) => `spot/ticker:S${i}_USDT`)), /at most 100 topics/);
});

test('the sliding window counts events per span', () => {
  let now = 0;
  const w = new SlidingWindows(custom('IP', 3, 10_000));
  for (let i = 0; i < 3; i++) {
    assert.ok(w.waitFor(now) === 0);
    w.take(now);
    now += 1000;
  }
  assert.ok(!(w.waitFor(now) === 0));
  assert.equal(w.waitFor(now), 10_000 - 3000 + 1);
  now = 10_001;
  assert.ok(w.waitFor(now) === 0);
});

test('the outbox releases frames no faster than the budget allows, in order', async () => {
  const sent: string[] = [];
  const box = new Outbox(new SlidingWindows(custom('IP', 3, 300)), (t) => (sent.push(t), true));
  for (const t of ['a', 'b', 'c', 'd', 'e']) box.push(t);
  assert.deepEqual(sent, ['a', 'b', 'c']);
  await until(() => sent.length === 5, 2000);
  assert.deepEqual(sent, ['a', 'b', 'c', 'd', 'e']);
  box.clear();
});
