import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { until } from '../../../helpers/bm.js';
import { signWsLogin } from '../../../../src/util/signing.js';
import { isError, isPush, rawClient } from '../../../helpers/ws-client.js';
import { startWsServer, type TestServer } from '../../../helpers/ws-server.js';

// The real sandbox exchange behind the server: every trade and order change is made through its engine.
let srv: TestServer;
const log: string[] = [];
before(async () => {
  srv = await startWsServer({ pushIntervalMs: 500, log: (l) => log.push(l) });
});
after(() => srv.close());

const sub = (...args: string[]) => ({ op: 'subscribe', args });
const loginArgs = (ts = String(Date.now()), service = 'exchange', secret = srv.account.secret) => [srv.account.key, ts, signWsLogin(secret, ts, srv.account.memo, service)];

test('text ping gets text pong', async () => {
  const c = await rawClient(`${srv.wsUrl}/api?protocol=1.1`);
  c.send('ping');
  await c.next((f, bin) => f.kind === 'pong' && !bin);
  c.ws.close();
});

test('ticker: text ack, then the current data at once as a raw-deflate binary frame', async () => {
  const c = await rawClient(`${srv.wsUrl}/api?protocol=1.1`);
  c.send(sub('spot/ticker:BTC_USDT'));
  await c.next((f, bin) => f.kind === 'event' && f.event === 'subscribe' && f.topic === 'spot/ticker:BTC_USDT' && !bin);
  const push = await c.next(isPush('spot/ticker'));
  assert.ok(push.kind === 'push');
  assert.ok(c.got.find((r) => r.frame.kind === 'push')!.binary, 'pushes are binary');
  const e = push.data[0]!;
  for (const k of ['symbol', 'last_price', 'open_24h', 'high_24h', 'low_24h', 'base_volume_24h']) assert.equal(typeof e[k], 'string', k);
  assert.equal(typeof e.s_t, 'number');
  c.ws.close();
});

test('changes are coalesced: at most one push per topic per 0.5 s, carrying the latest data', async () => {
  const c = await rawClient(`${srv.wsUrl}/api?protocol=1.1`);
  c.send(sub('spot/ticker:ETH_USDT'));
  await c.next(isPush('spot/ticker'));
  const start = c.got.length;
  let price = '';
  for (let i = 1; i <= 20; i++) price = srv.trade('ETH_USDT', i).price;
  const last = await c.next((f) => f.kind === 'push' && f.data[0]!.last_price === price, 3000, start);
  assert.ok(last.kind === 'push');
  const pushes = c.got.slice(start).filter((r) => r.frame.kind === 'push').length;
  assert.ok(pushes <= 2, `${pushes} pushes for 20 changes`);
  c.ws.close();
});

test('depth5/20/50, kline and trade channels carry their fields', async () => {
  const c = await rawClient(`${srv.wsUrl}/api?protocol=1.1`);
  srv.trade('BTC_USDT', 3, 'sell');
  c.send(sub('spot/depth5:BTC_USDT', 'spot/depth20:BTC_USDT', 'spot/depth50:BTC_USDT', 'spot/kline1H:BTC_USDT', 'spot/trade:BTC_USDT'));
  for (const n of [5, 20, 50]) {
    const d = await c.next(isPush(`spot/depth${n}`));
    assert.ok(d.kind === 'push');
    assert.equal((d.data[0]!.asks as unknown[]).length, n);
    assert.equal((d.data[0]!.bids as unknown[]).length, n);
    assert.equal(typeof d.data[0]!.ms_t, 'number');
  }
  const k = await c.next(isPush('spot/kline1H'));
  assert.ok(k.kind === 'push');
  const candle = k.data[0]!.candle as unknown[];
  assert.equal(candle.length, 6);
  assert.equal(typeof candle[0], 'number');
  assert.ok(candle.slice(1).every((x) => typeof x === 'string'));
  const t = await c.next(isPush('spot/trade'));
  assert.ok(t.kind === 'push');
  assert.deepEqual(Object.keys(t.data.at(-1)!).sort(), ['ms_t', 'price', 's_t', 'side', 'size', 'symbol']);
  assert.equal(t.data.at(-1)!.side, 'sell');
  // ms_t (later venues, read by common clients) is the same instant as s_t, in milliseconds.
  const last = t.data.at(-1)!;
  assert.equal(typeof last.ms_t, 'number');
  assert.equal(Math.floor((last.ms_t as number) / 1000), last.s_t);
  c.ws.close();
});

test('order progress: login, the acknowledgement (no push of older orders), then every field of spec 6.3 as strings', async () => {
  const c = await rawClient(`${srv.wsUrl}/user?protocol=1.1`);
  c.send(sub('spot/user/order:BTC_USDT'));
  await c.next(isError('91006'));
  c.send({ op: 'login', args: loginArgs() });
  await c.next((f) => f.kind === 'event' && f.event === 'login');
  const older = srv.resting('BTC_USDT');
  c.send(sub('spot/user/order:BTC_USDT'));
  await c.next((f) => f.kind === 'event' && f.event === 'subscribe' && f.topic === 'spot/user/order:BTC_USDT');
  const mine = srv.resting('BTC_USDT');
  const first = await c.next(isPush('spot/user/order'));
  assert.ok(first.kind === 'push');
  assert.deepEqual(first.data.map((x) => x.order_id), [mine.order_id], 'the first push is the order placed after the subscription, not the one resting before it');
  assert.notEqual(older.order_id, mine.order_id);
  assert.equal(first.data[0]!.state, '4');
  const from = c.got.length;
  srv.fill(mine);
  const p = await c.next((f) => f.kind === 'push' && f.table === 'spot/user/order' && f.data[0]!.state === '6', 3000, from);
  assert.ok(p.kind === 'push');
  const e = p.data[0]!;
  const fields = ['symbol', 'order_id', 'price', 'size', 'notional', 'side', 'type', 'ms_t', 'filled_size', 'filled_notional', 'margin_trading',
    'order_type', 'state', 'last_fill_price', 'last_fill_count', 'last_fill_time', 'exec_type', 'detail_id', 'client_order_id'];
  for (const f of fields) assert.equal(typeof e[f], 'string', f);
  assert.equal(e.order_id, mine.order_id);
  assert.equal(e.exec_type, 'M', 'a resting order filled is the maker');
  assert.equal(e.last_fill_price, mine.price);
  assert.equal(e.last_fill_time, String(srv.ex.clock()));
  // Other accounts' orders never reach this connection: one placed first, then one of ours as a marker;
  // every push up to the marker is ours.
  const n = c.got.length;
  const other = srv.ex.createAccount({ USDT: '1000000' });
  srv.ex.placeOrder(other.id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: mine.price, size: mine.size });
  const marker = srv.resting('BTC_USDT', 2);
  await c.next((f) => f.kind === 'push' && f.data.some((x) => x.order_id === marker.order_id), 3000, n);
  const ids = c.got.slice(n).flatMap((r) => (r.frame.kind === 'push' ? r.frame.data.map((x) => x.order_id) : []));
  assert.deepEqual([...new Set(ids)], [marker.order_id]);
  c.ws.close();
});

test('login failures: wrong sign 91011, old timestamp 91022, unknown key 91002, empty key 91001, bad format 91023', async () => {
  const cases: [unknown[], string][] = [
    [loginArgs(undefined, 'exchange', 'wrong-secret'), '91011'],
    [loginArgs(String(Date.now() - 61_000)), '91022'],
    [['nobody', String(Date.now()), 'abc'], '91002'],
    [['', String(Date.now()), 'abc'], '91001'],
    [[srv.account.key, '12:00', 'abc'], '91023'],
    [[srv.account.key, String(Date.now()), ''], '91010'],
  ];
  for (const [args, code] of cases) {
    const c = await rawClient(`${srv.wsUrl}/user?protocol=1.1`);
    c.send({ op: 'login', args });
    const f = await c.next((x) => x.kind === 'error' || x.kind === 'event');
    assert.ok(f.kind === 'error' && f.event === 'login' && f.code === code, `${code}: ${JSON.stringify(f)}`);
    c.ws.close();
  }
});

test('the login constant is the server\'s own (exchange.WebSocket): another service or upper-case hex is 91011 naming it; a second login is 91005', async () => {
  const c = await rawClient(`${srv.wsUrl}/user?protocol=1.1`);
  c.send({ op: 'login', args: loginArgs(undefined, 'bitmart') });
  await c.next((f) => f.kind === 'error' && f.code === '91011' && f.message.includes('timestamp#memo#exchange.WebSocket'));
  const [key, ts, sign] = loginArgs();
  const mark = c.got.length;
  c.send({ op: 'login', args: [key, ts, sign!.toUpperCase()] });
  await c.next(isError('91011'), 3000, mark);
  c.send({ op: 'login', args: loginArgs() });
  await c.next((f) => f.kind === 'event' && f.event === 'login');
  c.send({ op: 'login', args: loginArgs() });
  await c.next(isError('91005'));
  c.ws.close();
});

test('a server rehearsing another venue (service bitmart) expects bitmart.WebSocket and says so', async () => {
  const other = await startWsServer({ service: 'bitmart' });
  try {
    const args = (service: string) => {
      const ts = String(Date.now());
      return [other.account.key, ts, signWsLogin(other.account.secret, ts, other.account.memo, service)];
    };
    const c = await rawClient(`${other.wsUrl}/user?protocol=1.1`);
    c.send({ op: 'login', args: args('exchange') });
    await c.next((f) => f.kind === 'error' && f.code === '91011' && f.message.includes('timestamp#memo#bitmart.WebSocket'));
    c.send({ op: 'login', args: args('bitmart') });
    await c.next((f) => f.kind === 'event' && f.event === 'login');
    c.ws.close();
  } finally {
    await other.close();
  }
});

test('login only on the private address, public channels only on the public one, private ones only on the private one (90002, 90004)', async () => {
  const pub = await rawClient(`${srv.wsUrl}/api?protocol=1.1`);
  pub.send({ op: 'login', args: loginArgs() });
  await pub.next((f) => f.kind === 'error' && f.code === '90002' && f.message.includes('/user'));
  pub.send(sub('spot/user/order:BTC_USDT'));
  await pub.next((f) => f.kind === 'error' && f.code === '90004' && f.message.includes('/user'));
  pub.ws.close();
  const priv = await rawClient(`${srv.wsUrl}/user?protocol=1.1`);
  priv.send(sub('spot/ticker:BTC_USDT'));
  await priv.next((f) => f.kind === 'error' && f.code === '90004' && f.message.includes('/api'));
  priv.ws.close();
});

test('unsubscribing a topic never subscribed (or already left) is refused with 90004, not acknowledged', async () => {
  const c = await rawClient(`${srv.wsUrl}/api?protocol=1.1`);
  c.send({ op: 'unsubscribe', args: ['spot/ticker:BTC_USDT'] });
  await c.next((f) => f.kind === 'error' && f.event === 'unsubscribe' && f.code === '90004' && f.message.includes('not subscribed'));
  c.send(sub('spot/ticker:BTC_USDT'));
  await c.next(isPush('spot/ticker'));
  c.send({ op: 'unsubscribe', args: ['spot/ticker:BTC_USDT'] });
  await c.next((f) => f.kind === 'event' && f.event === 'unsubscribe' && f.topic === 'spot/ticker:BTC_USDT');
  const mark = c.got.length;
  c.send({ op: 'unsubscribe', args: ['spot/ticker:BTC_USDT'] });
  await c.next(isError('90004'), 3000, mark);
  assert.equal(c.got.slice(mark).filter((r) => r.frame.kind === 'event').length, 0, 'no second acknowledgement');
  c.ws.close();
});

test('request errors: 90001 JSON, 90002 op, 90003 args, 90004 channel, 92001 symbol, 90008 duplicate', async () => {
  const c = await rawClient(`${srv.wsUrl}/api?protocol=1.1`);
  c.send('{not json');
  await c.next(isError('90001'));
  c.send({ op: 'dance', args: [] });
  await c.next(isError('90002'));
  c.send({ op: 'subscribe', args: 'spot/ticker:BTC_USDT' });
  await c.next(isError('90003'));
  c.send(sub('spot/weather:BTC_USDT'));
  await c.next(isError('90004'));
  c.send(sub('spot/ticker'));
  await c.next((f) => f.kind === 'error' && f.code === '90004' && f.message.includes('spot/ticker'));
  c.send(sub('spot/ticker:NOPE_USDT'));
  await c.next(isError('92001'));
  c.send(sub('spot/ticker:BTC_USDT'));
  await c.next(isPush('spot/ticker'));
  c.send(sub('spot/ticker:BTC_USDT'));
  await c.next(isError('90008'));
  c.ws.close();
});

test('limits: 20 topics per request, 4096 bytes, 100 topics per connection', async () => {
  const c = await rawClient(`${srv.wsUrl}/api?protocol=1.1`);
  c.send(sub(...Array.from({ length: 21 }, () => 'spot/ticker:BTC_USDT')));
  await c.next((f) => f.kind === 'error' && f.code === '90003' && f.message.includes('20'));
  c.send(sub(`spot/ticker:${'X'.repeat(4100)}`));
  await c.next((f) => f.kind === 'error' && f.code === '90003' && f.message.includes('4096'));
  // Every public channel of every pair is fewer than 101 topics: the exchange is made to list six
  // more pairs (one method of the real exchange replaced for this test).
  const channels = ['ticker', 'trade', 'depth5', 'depth20', 'depth50', 'kline1m', 'kline3m', 'kline5m', 'kline15m', 'kline30m'];
  const real = srv.ex.details;
  const extra = Array.from({ length: 11 }, (_, i) => `S${i}_USDT`);
  srv.ex.details = (sym: string) => real.call(srv.ex, extra.includes(sym) ? 'BTC_USDT' : sym);
  try {
    const many = extra.flatMap((p) => channels.map((ch) => `spot/${ch}:${p}`));
    for (let i = 0; i < 101; i += 20) c.send(sub(...many.slice(i, Math.min(i + 20, 101))));
    await c.next((f) => f.kind === 'error' && f.code === '90003' && f.message.includes('100 topics'), 5000);
    const acks = c.got.filter((r) => r.frame.kind === 'event' && r.frame.event === 'subscribe').length;
    assert.equal(acks, 100);
  } finally {
    c.ws.close();
    await c.closed;
    srv.ex.details = real;
  }
});

test('over 100 messages in 10 s: 94001, then the connection closes', async () => {
  const c = await rawClient(`${srv.wsUrl}/api?protocol=1.1`);
  for (let i = 0; i < 101; i++) c.send('ping');
  await c.next(isError('94001'));
  assert.equal(await c.closed, 4002);
});

test('depth100 (named only in the release history, not in the channel table of 6.3) is refused with 90004', async () => {
  const c = await rawClient(`${srv.wsUrl}/api?protocol=1.1`);
  c.send(sub('spot/depth100:BTC_USDT'));
  await c.next(isError('90004'));
  c.ws.close();
});

test('an unknown path is refused', async () => {
  await assert.rejects(rawClient(`${srv.wsUrl}/other`));
});

test('an exchange query that throws gives 95000 to that request; the server keeps serving', async () => {
  const c = await rawClient(`${srv.wsUrl}/api`);
  const real = srv.ex.ticker.bind(srv.ex);
  srv.ex.ticker = () => {
    throw new Error('boom');
  };
  try {
    c.send(sub('spot/ticker:BTC_USDT'));
    await c.next(isError('95000'));
    // A push that fails is skipped (and logged), the connection stays.
    const before = log.length;
    srv.trade('BTC_USDT', 7);
    await until(() => log.slice(before).some((l) => /ws push of spot\/ticker:BTC_USDT skipped: boom/.test(l)), 'the failed push logged');
  } finally {
    srv.ex.ticker = real;
  }
  c.send('ping');
  await c.next((f) => f.kind === 'pong');
  c.ws.close();
});
