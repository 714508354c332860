import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { signWsLogin } from '../../../src/api/signing.js';
import { ACCOUNT, order } from '../../helpers/fake-exchange.js';
import { isError, isPush, rawClient } from '../../helpers/ws-client.js';
import { startWsServer, type TestServer } from '../../helpers/ws-server.js';

let srv: TestServer;
before(async () => {
  srv = await startWsServer({ pushIntervalMs: 500 });
});
after(() => srv.close());

const sub = (...args: string[]) => ({ op: 'subscribe', args });
const loginArgs = (ts = String(Date.now()), service = 'exchange', secret = ACCOUNT.secret) => [ACCOUNT.key, ts, signWsLogin(secret, ts, ACCOUNT.memo, service)];

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
  const t0 = Date.now();
  for (let i = 1; i <= 20; i++) srv.ex.trade('ETH_USDT', `101.${i}`);
  const last = await c.next((f) => f.kind === 'push' && f.data[0]!.last_price === '101.20', 2000, start);
  assert.ok(last.kind === 'push');
  const pushes = c.got.slice(start).filter((r) => r.frame.kind === 'push').length;
  assert.ok(pushes <= 2, `${pushes} pushes for 20 changes`);
  assert.ok(Date.now() - t0 < 1500);
  c.ws.close();
});

test('depth5/20/50, kline and trade channels carry their fields', async () => {
  const c = await rawClient(`${srv.wsUrl}/api?protocol=1.1`);
  srv.ex.trade('BTC_USDT', '100.30', '0.25', 'sell');
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

test('order progress: login, then every field of spec 6.3 as strings', async () => {
  const c = await rawClient(`${srv.wsUrl}/user?protocol=1.1`);
  c.send(sub('spot/user/order:BTC_USDT'));
  await c.next(isError('91006'));
  c.send({ op: 'login', args: loginArgs() });
  await c.next((f) => f.kind === 'event' && f.event === 'login');
  srv.ex.openOrders = [order()];
  c.send(sub('spot/user/order:BTC_USDT'));
  const first = await c.next(isPush('spot/user/order'));
  assert.ok(first.kind === 'push');
  assert.equal(first.data[0]!.state, '4');
  const from = c.got.length;
  srv.ex.emit('order', order({ status: 6, filled_size: '1.0', filled_notional: '99.00', update_time: 1_700_000_001_000 }), {
    detail_id: '77', order_id: '183347420821295423', client_order_id: 'c1', account_id: ACCOUNT.id, symbol: 'BTC_USDT', side: 'buy',
    price: '99.00', size: '1.0', notional: '99.00', fees: '0', fee_coin_name: 'BTC', exec_type: 'M', create_time: 1_700_000_001_000,
  });
  const p = await c.next(isPush('spot/user/order'), 3000, from);
  assert.ok(p.kind === 'push');
  const e = p.data[0]!;
  const fields = ['symbol', 'order_id', 'price', 'size', 'notional', 'side', 'type', 'ms_t', 'filled_size', 'filled_notional', 'margin_trading',
    'order_type', 'state', 'last_fill_price', 'last_fill_count', 'last_fill_time', 'exec_type', 'detail_id', 'client_order_id'];
  for (const f of fields) assert.equal(typeof e[f], 'string', f);
  assert.equal(e.order_id, '183347420821295423');
  assert.equal(e.state, '6');
  assert.equal(e.exec_type, 'M');
  assert.equal(e.last_fill_time, '1700000001000');
  // Other accounts' orders never reach this connection.
  const n = c.got.length;
  srv.ex.emit('order', order({ account_id: 'someone-else', order_id: '5' }));
  await new Promise((r) => setTimeout(r, 700));
  assert.equal(c.got.slice(n).filter((r) => r.frame.kind === 'push').length, 0);
  c.ws.close();
});

test('login failures: wrong sign 91011, old timestamp 91022, unknown key 91002, empty key 91001, bad format 91023', async () => {
  const cases: [unknown[], string][] = [
    [loginArgs(undefined, 'exchange', 'wrong-secret'), '91011'],
    [loginArgs(String(Date.now() - 61_000)), '91022'],
    [['nobody', String(Date.now()), 'abc'], '91002'],
    [['', String(Date.now()), 'abc'], '91001'],
    [[ACCOUNT.key, '12:00', 'abc'], '91023'],
    [[ACCOUNT.key, String(Date.now()), ''], '91010'],
  ];
  for (const [args, code] of cases) {
    const c = await rawClient(`${srv.wsUrl}/user?protocol=1.1`);
    c.send({ op: 'login', args });
    const f = await c.next((x) => x.kind === 'error' || x.kind === 'event');
    assert.ok(f.kind === 'error' && f.event === 'login' && f.code === code, `${code}: ${JSON.stringify(f)}`);
    c.ws.close();
  }
});

test('the historic constant bitmart.WebSocket is accepted too; a second login is 91005', async () => {
  const c = await rawClient(`${srv.wsUrl}/user?protocol=1.1`);
  c.send({ op: 'login', args: loginArgs(undefined, 'bitmart') });
  await c.next((f) => f.kind === 'event' && f.event === 'login');
  c.send({ op: 'login', args: loginArgs() });
  await c.next(isError('91005'));
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
  const channels = ['ticker', 'trade', 'depth5', 'depth20', 'depth50', 'kline1m', 'kline3m', 'kline5m', 'kline15m', 'kline30m'];
  srv.ex.symbols = () => Array.from({ length: 11 }, (_, i) => `S${i}_USDT`);
  const many = srv.ex.symbols().flatMap((s) => channels.map((ch) => `spot/${ch}:${s}`));
  for (let i = 0; i < 101; i += 20) c.send(sub(...many.slice(i, Math.min(i + 20, 101))));
  await c.next((f) => f.kind === 'error' && f.code === '90003' && f.message.includes('100 topics'), 5000);
  const acks = c.got.filter((r) => r.frame.kind === 'event' && r.frame.event === 'subscribe').length;
  assert.equal(acks, 100);
  c.ws.close();
  srv.ex.symbols = () => ['BTC_USDT', 'ETH_USDT'];
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

test('idle rules of 6.4: closed after the client is silent too long, or without a subscription', async () => {
  const quick = await startWsServer({ idleMs: 300, lifelessMs: 60_000 });
  const lifeless = await startWsServer({ idleMs: 60_000, lifelessMs: 300 });
  try {
    const a = await rawClient(`${quick.wsUrl}/api`);
    const t0 = Date.now();
    assert.equal(await a.closed, 4000);
    assert.ok(Date.now() - t0 >= 250);
    // A client that pings in time is kept open.
    const b = await rawClient(`${quick.wsUrl}/api`);
    const keep = setInterval(() => b.send('ping'), 100);
    await new Promise((r) => setTimeout(r, 800));
    assert.equal(b.ws.readyState, b.ws.OPEN);
    clearInterval(keep);
    b.ws.close();
    const c = await rawClient(`${lifeless.wsUrl}/api`);
    assert.equal(await c.closed, 4001);
    const d = await rawClient(`${lifeless.wsUrl}/api`);
    d.send(sub('spot/ticker:BTC_USDT'));
    await new Promise((r) => setTimeout(r, 600));
    assert.equal(d.ws.readyState, d.ws.OPEN, 'a connection with a subscription stays');
    d.ws.close();
  } finally {
    await quick.close();
    await lifeless.close();
  }
});

test('idle rule of 6.4 counts traffic either way: ping frames and flowing pushes keep a connection open', async () => {
  const quick = await startWsServer({ idleMs: 300, lifelessMs: 60_000, pushIntervalMs: 20 });
  try {
    const a = await rawClient(`${quick.wsUrl}/api`);
    const keep = setInterval(() => a.ws.ping(), 100);
    const b = await rawClient(`${quick.wsUrl}/api`);
    b.send(sub('spot/ticker:BTC_USDT'));
    await b.next(isPush('spot/ticker'));
    let n = 0;
    const trades = setInterval(() => quick.ex.trade('BTC_USDT', `100.${++n}`), 100);
    // Three idle periods: a client sending no text still sees its pushes, and stays.
    await b.next((f) => f.kind === 'push' && f.data[0]!.last_price === '100.9', 3000);
    assert.equal(a.ws.readyState, a.ws.OPEN, 'ping frames count like the text ping');
    assert.equal(b.ws.readyState, b.ws.OPEN, 'pushes flowing keep the connection');
    clearInterval(trades);
    clearInterval(keep);
    // Once nothing flows either way, both are closed by the idle rule.
    assert.equal(await b.closed, 4000);
    assert.equal(await a.closed, 4000);
  } finally {
    await quick.close();
  }
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
    srv.ex.trade('BTC_USDT', '100.77');
    await new Promise((r) => setTimeout(r, 600));
  } finally {
    srv.ex.ticker = real;
  }
  c.send('ping');
  await c.next((f) => f.kind === 'pong');
  c.ws.close();
});
