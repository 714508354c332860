import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { deflateRawSync, deflateSync } from 'node:zlib';
import { signWsLogin } from '../../../src/util/signing.js';
import { BmError } from '../../../src/errors.js';
import { WsConnection, type ConnectionOptions } from '../../../src/ws/connection.js';
import { MAX_FRAME_BYTES } from '../../../src/ws/codec.js';
import { custom } from '../../../src/api/catalogue/limits.js';
import { SlidingWindows } from '../../../src/util/ratelimit.js';
import { Outbox } from '../../../src/ws/outbox.js';
import type { SandboxAccount } from '../../../src/sandbox/exchange-api.js';
import { startFaultProxy } from '../../helpers/fault-proxy.js';
import { startWsServer, type TestServer } from '../../helpers/ws-server.js';

/** One sandbox WebSocket for the tests that neither count connections nor move the market. */
let common: Promise<TestServer> | undefined;
const shared = () => (common ??= startWsServer());
after(async () => (await common)?.close());

const fast = { pingAfterMs: 100, pongTimeoutMs: 150, backoffBaseMs: 20, backoffMaxMs: 100 } as const;
/**
 * Pings every 100 ms of quiet, answered in time within a second: for tests that count connections while pongs
 * come (a 150-ms deadline missed on a loaded machine would open a second connection).
 */
const pinging = { ...fast, pongTimeoutMs: 1000 } as const;
/**
 * For tests whose subject is a frame and that count connections: no ping in the test's time, so that only
 * the frame can reopen the connection (a 150-ms pong deadline missed on a loaded machine would open a third).
 */
const quiet = { backoffBaseMs: 20, backoffMaxMs: 100 } as const;

// A hang fails after 30 s; a condition met sooner ends the wait at once (a loaded machine may take seconds).
function until(cond: () => boolean, ms = 30_000): Promise<void> {
  const t0 = Date.now();
  return new Promise((ok, fail) => {
    const tick = () => (cond() ? ok() : Date.now() - t0 > ms ? fail(new Error('condition not met in time')) : setTimeout(tick, 10));
    tick();
  });
}

function login(a: SandboxAccount, secret = a.secret, skewMs = 0) {
  return (): [string, string, string] => {
    const ts = String(Date.now() - skewMs);
    return [a.key, ts, signWsLogin(secret, ts, a.memo, 'exchange')];
  };
}

function connect(opts: Omit<ConnectionOptions, 'onPush' | 'onError'>) {
  const pushes: [string, Record<string, unknown>][] = [];
  const errors: BmError[] = [];
  const c = new WsConnection({ ...opts, onPush: (topic, _t, e) => pushes.push([topic, e]), onError: (e) => errors.push(e) });
  return { c, pushes, errors };
}

test('subscribes, routes pushes by symbol, and keeps a quiet feed alive with text pings', async () => {
  const srv = await startWsServer();
  const { c, pushes } = connect({ url: `${srv.wsUrl}/api?protocol=1.1`, ...pinging });
  try {
    c.subscribe(['spot/ticker:BTC_USDT', 'spot/ticker:ETH_USDT']);
    c.start();
    await until(() => new Set(pushes.map(([t]) => t)).size >= 2);
    assert.deepEqual([...new Set(pushes.map(([t]) => t))].sort(), ['spot/ticker:BTC_USDT', 'spot/ticker:ETH_USDT']);
    // Nothing changes on the market: the client pings the quiet feed (every 100 ms here) and each ping
    // is answered on the same connection. (The server's idle rule itself is proven on mock timers in
    // ws-session.test.ts; a real-time 300 ms rule here would race under load.)
    const frames = c.messages;
    await until(() => c.messages >= frames + 5);
    assert.equal(c.reconnects, 0);
    assert.equal(srv.connections(), 1);
    assert.equal(c.state, 'ready');
  } finally {
    await c.close();
    await srv.close();
  }
});

test('a venue that goes silent: ping, no pong in time, reconnect', async () => {
  const v = await proxied();
  const mute = v.proxy.ws.mute(); // the upgrade is answered, then nothing from the venue, pongs included
  const { c } = connect({ url: v.url, ...fast });
  try {
    c.start();
    await until(() => v.proxy.ws.opened() >= 2);
    assert.ok(c.reconnects >= 1);
  } finally {
    mute();
    await c.close();
    await v.close();
  }
});

test('after the server drops the connection: reconnect, log in again, resubscribe every topic', async () => {
  const srv = await startWsServer();
  const acks: string[] = [];
  const { c, pushes, errors } = connect({ url: `${srv.wsUrl}/user?protocol=1.1`, login: login(srv.account), ...pinging, onAck: (t) => acks.push(t) });
  try {
    // Private channels only: the private address serves no public one (spec 6.1). They push on order
    // events only: an order is placed on each pair once its topic is acknowledged.
    c.subscribe(['spot/user/order:BTC_USDT', 'spot/user/order:ETH_USDT']);
    c.start();
    await until(() => acks.length >= 2);
    srv.resting('BTC_USDT');
    srv.resting('ETH_USDT');
    await until(() => pushes.length >= 2);
    srv.dropAll();
    await until(() => c.reconnects >= 1);
    await until(() => c.state === 'ready' && acks.length >= 4);
    srv.resting('BTC_USDT', 2);
    srv.resting('ETH_USDT', 2);
    await until(() => pushes.length >= 4);
    const topics = pushes.slice(2).map(([t]) => t).sort();
    assert.deepEqual(topics, ['spot/user/order:BTC_USDT', 'spot/user/order:ETH_USDT']);
    assert.deepEqual(acks.slice(2).sort(), ['spot/user/order:BTC_USDT', 'spot/user/order:ETH_USDT'], 'both subscribed again');
    assert.ok(srv.connections() >= 2);
    assert.equal(errors.length, 0);
  } finally {
    await c.close();
    await srv.close();
  }
});

test('login refused for a wrong sign: a BmError with code 91011 and exit code 4, no reconnect loop', async () => {
  const srv = await startWsServer();
  const { c, errors } = connect({ url: `${srv.wsUrl}/user?protocol=1.1`, login: login(srv.account, 'not-the-secret'), ...fast });
  try {
    c.subscribe(['spot/user/order:BTC_USDT']);
    c.start();
    await until(() => errors.length === 1);
    assert.equal(errors[0]!.details.code, '91011');
    assert.equal(errors[0]!.exitCode, 4);
    assert.match(errors[0]!.details.hint ?? '', /memo|service/);
    // Closed, not reconnecting: no attempt is scheduled.
    assert.equal(c.state, 'closed');
    assert.equal(srv.connections(), 1);
  } finally {
    await c.close();
    await srv.close();
  }
});

test('login with a clock 61 s behind: 91022 with the clock hint', async () => {
  const srv = await shared();
  const { c, errors } = connect({ url: `${srv.wsUrl}/user?protocol=1.1`, login: login(srv.account, srv.account.secret, 61_000), ...fast });
  try {
    c.start();
    await until(() => errors.length === 1);
    assert.equal(errors[0]!.details.code, '91022');
    assert.match(errors[0]!.details.hint ?? '', /clock/);
  } finally {
    await c.close();
  }
});

test('an unknown symbol is a venue error (exit 6); a duplicate subscription is not an error', async () => {
  const srv = await shared();
  const { c, errors, pushes } = connect({ url: `${srv.wsUrl}/api`, ...fast });
  try {
    c.subscribe(['spot/ticker:BTC_USDT']);
    c.start();
    await until(() => pushes.length >= 1);
    const send = (t: string) => (c as unknown as { send(t: string): void }).send(t);
    send(JSON.stringify({ op: 'subscribe', args: ['spot/ticker:BTC_USDT'] }));
    // The server answers in order: once the pong of a later ping is in, any error of the duplicate is too.
    const frames = c.messages;
    send('ping');
    await until(() => c.messages > frames);
    assert.equal(errors.length, 0);
    c.subscribe(['spot/ticker:NOPE_USDT']);
    await until(() => errors.length === 1);
    assert.equal(errors[0]!.details.code, '92001');
    assert.equal(errors[0]!.exitCode, 6);
  } finally {
    await c.close();
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

test('closed from its own state callback while a retry is due: nothing is scheduled or opened afterwards', async (t) => {
  // A venue that hangs up on every connection: each attempt fails and a retry is scheduled.
  let accepted = 0;
  const tcp = createTcpServer((socket) => (accepted++, socket.destroy()));
  await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
  t.after(() => new Promise((r) => tcp.close(r)));
  // The retry timer is a mock: the test decides when (and whether) it could fire.
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const states: string[] = [];
  let closedAt = -1;
  const closed = new Promise<void>((done) => {
    const c = new WsConnection({
      url: `ws://127.0.0.1:${(tcp.address() as AddressInfo).port}/api`, ...fast,
      // A caller giving up on the first retry, as a library stream does after its last allowed one.
      onState: (s) => {
        states.push(s);
        if (s === 'waiting') void c.close();
        if (s === 'closed') (closedAt = states.length, done());
      },
    });
    c.start();
  });
  await closed;
  assert.equal(accepted, 1, 'one attempt reached the venue');
  assert.deepEqual(states, ['connecting', 'waiting', 'closed']);
  // Far past any backoff: a timer left behind would fire here and move the connection again.
  t.mock.timers.tick(10 * 60_000);
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(states.slice(closedAt), [], 'no state after closed: no reconnect scheduled or attempted');
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
  await until(() => sent.length === 5);
  assert.deepEqual(sent, ['a', 'b', 'c', 'd', 'e']);
  box.clear();
});

/** The sandbox's WebSocket behind the fault proxy: `url` is the proxy's /api address. */
async function proxied() {
  const srv = await startWsServer();
  const proxy = await startFaultProxy(srv.httpUrl);
  return {
    srv, proxy, url: `${proxy.url.replace(/^http/, 'ws')}/api?protocol=1.1`,
    close: async () => {
      await proxy.close();
      await srv.close();
    },
  };
}

const TICKER = '{"table":"spot/ticker","data":[{"symbol":"BTC_USDT","last_price":"1"}]}';

test('a frame that would inflate beyond the cap: refused, the connection dropped and reopened, and said', async () => {
  const bomb = deflateRawSync(Buffer.alloc(64 * 1024 * 1024, 32), { level: 9 });
  const v = await proxied();
  const notices: string[] = [];
  const traced: string[] = [];
  const { c, pushes } = connect({ url: v.url, ...quiet, onNotice: (l) => notices.push(l), trace: (l) => traced.push(l) });
  try {
    c.subscribe(['spot/ticker:BTC_USDT']);
    c.start();
    await until(() => pushes.length >= 1);
    v.proxy.ws.inject(bomb);
    await until(() => v.proxy.ws.opened() === 2 && pushes.length >= 2);
    assert.equal(c.reconnects, 1, 'reconnected after the refused frame, and subscribed again');
    assert.ok(traced.includes('reconnecting: oversized frame'), traced.join('\n'));
    assert.match(notices.join('\n'), new RegExp(`a frame of ${bomb.length} bytes would inflate beyond \\d+ bytes: refused; reconnecting`));
    assert.match(c.notice, /refused/);
  } finally {
    await c.close();
    await v.close();
  }
});

test('a text frame over the payload cap (ws maxPayload): refused, said, and the connection reopened at once and resubscribed', async () => {
  const v = await proxied();
  const notices: string[] = [];
  const traced: string[] = [];
  const { c, pushes, errors } = connect({ url: v.url, ...quiet, onNotice: (l) => notices.push(l), trace: (l) => traced.push(l) });
  try {
    c.subscribe(['spot/ticker:BTC_USDT']);
    c.start();
    await until(() => pushes.length >= 1);
    v.proxy.ws.inject(Buffer.alloc(MAX_FRAME_BYTES + 1, 32), false);
    // Without the drop, ws would wait 30 s for a close answer it no longer reads.
    await until(() => v.proxy.ws.opened() === 2 && pushes.length >= 2);
    assert.equal(c.reconnects, 1);
    assert.deepEqual(errors, []);
    assert.match(notices.join('\n'), /a frame over the 4 MiB cap was refused; reconnecting/);
    // The socket was dropped on the refusal (ws alone would wait 30 s for a close answer).
    assert.ok(traced.includes('reconnecting: oversized frame'), traced.join('\n'));
  } finally {
    await c.close();
    await v.close();
  }
});

test('a frame that cannot be inflated is said, and the stream goes on (zlib-wrapped frames inflate too)', async () => {
  const v = await proxied();
  const notices: string[] = [];
  const { c, pushes } = connect({ url: v.url, ...quiet, onNotice: (l) => notices.push(l) });
  try {
    c.subscribe(['spot/ticker:BTC_USDT']);
    c.start();
    await until(() => pushes.length >= 1);
    v.proxy.ws.inject(Buffer.from('not deflate at all'));
    v.proxy.ws.inject(deflateSync(Buffer.from(TICKER)));
    await until(() => pushes.some(([, e]) => e.last_price === '1'));
    assert.match(notices.join('\n'), /a binary frame of 18 bytes could not be inflated/);
    assert.equal(v.proxy.ws.opened(), 1);
    assert.equal(c.reconnects, 0);
  } finally {
    await c.close();
    await v.close();
  }
});

test('a pong keeps the connection alive but is not market data: the age of the data is not reset', async () => {
  // The exchange's market stands still: after the first push only pongs come.
  const srv = await shared();
  const { c, pushes } = connect({ url: `${srv.wsUrl}/api?protocol=1.1`, ...pinging });
  try {
    c.subscribe(['spot/ticker:BTC_USDT']);
    c.start();
    await until(() => pushes.length >= 1);
    const dataAt = c.lastMessageAt;
    const frames = c.messages;
    const t0 = Date.now();
    // Pongs for longer than the 1-s deadline: had a pong not counted as alive, the first ping's deadline would
    // have dropped the connection meanwhile.
    await until(() => c.messages >= frames + 2 && Date.now() - t0 > pinging.pongTimeoutMs + 200);
    assert.equal(pushes.length, 1, 'nothing but pongs came');
    assert.equal(c.lastMessageAt, dataAt);
    assert.equal(c.reconnects, 0, 'the pongs kept it alive');
  } finally {
    await c.close();
  }
});

test('91002 on login: the key is renewed once and the login tried again with the fresh one', async () => {
  const srv = await shared();
  let renewals = 0;
  let who = { key: 'stale0123456789', secret: 'x', memo: 'x' };
  const { c, errors } = connect({
    url: `${srv.wsUrl}/user?protocol=1.1`, ...fast,
    login: login2(() => who),
    onKeyUnknown: async () => {
      renewals++;
      who = srv.account;
      return true;
    },
  });
  try {
    c.start();
    await until(() => c.state === 'ready');
    assert.equal(renewals, 1);
    assert.deepEqual(errors, []);
  } finally {
    await c.close();
  }
  // A key that is not a paper one (nothing renewed): the 91002 is the error, exit 4.
  const second = connect({ url: `${srv.wsUrl}/user?protocol=1.1`, ...fast, login: login2(() => ({ key: 'nobody', secret: 's', memo: 'm' })), onKeyUnknown: async () => false });
  try {
    second.c.start();
    await until(() => second.errors.length > 0);
    assert.equal(second.errors[0]!.details.code, '91002');
    assert.equal(second.errors[0]!.exitCode, 4);
  } finally {
    await second.c.close();
  }
});

/** A login of whatever account `who` names at the time. */
function login2(who: () => { key: string; secret: string; memo: string }) {
  return (): [string, string, string] => {
    const a = who();
    const ts = String(Date.now());
    return [a.key, ts, signWsLogin(a.secret, ts, a.memo, 'exchange')];
  };
}
