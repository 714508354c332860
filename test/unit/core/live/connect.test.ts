import assert from 'node:assert/strict';
import { test } from 'node:test';
import { connectionOptions, openStream } from '../../../../src/core/live/connect.js';
import { streamAddress } from '../../../../src/core/live/address.js';
import { signWsLogin } from '../../../../src/util/signing.js';
import { opener } from './fixture.js';

const venue = { url: 'ws://127.0.0.1:9/', service: 'bitmart' };
const creds = { key: 'k1', secret: 's1', memo: 'm1' };

test('addresses: the public and the private path with the protocol query, a trailing slash ignored', () => {
  assert.equal(streamAddress('wss://host/', 'public'), 'wss://host/api?protocol=1.1');
  assert.equal(streamAddress('ws://127.0.0.1:8080', 'private'), 'ws://127.0.0.1:8080/user?protocol=1.1');
});

test('the private side logs in with a signature of the venue\'s service at the time of each login; the public side has no login', () => {
  let now = 1_700_000_000_000;
  const priv = connectionOptions({ venue, side: 'private', credentials: () => creds, now: () => now }, () => 0);
  assert.equal(priv.url, 'ws://127.0.0.1:9/user?protocol=1.1');
  assert.deepEqual(priv.login?.(), ['k1', '1700000000000', signWsLogin('s1', '1700000000000', 'm1', 'bitmart')]);
  now += 5000;
  assert.equal(priv.login?.()[1], '1700000005000', 'a fresh timestamp for every login');
  assert.notEqual(priv.login?.()[2], signWsLogin('s1', '1700000005000', 'm1', 'exchange'), 'the venue\'s own service is signed');
  const pub = connectionOptions({ venue, side: 'public' }, () => 0);
  assert.equal(pub.url, 'ws://127.0.0.1:9/api?protocol=1.1');
  assert.equal(pub.login, undefined);
});

test('the credentials are read at each login: a renewed key is the one signed', () => {
  let c = creds;
  const o = connectionOptions({ venue, side: 'private', credentials: () => c, now: () => 1 }, () => 0);
  assert.equal(o.login?.()[0], 'k1');
  c = { ...creds, key: 'k2' };
  assert.equal(o.login?.()[0], 'k2');
});

test('the gap hook runs once per reconnect, after the first acknowledgement that follows it, never on the first connect', async () => {
  const { open, made } = opener();
  const gaps: number[] = [];
  const acks: string[] = [];
  const states: string[] = [];
  const conn = await openStream({ venue, side: 'public', onGap: () => gaps.push(conn.reconnects), onAck: (t) => acks.push(t), onState: (s) => states.push(s) }, open);
  assert.equal(made.length, 1);
  conn.subscribe(['spot/ticker:BTC_USDT', 'spot/trade:BTC_USDT']);
  conn.up();
  assert.deepEqual(gaps, [], 'the first connect is no gap');
  conn.cut();
  conn.up();
  assert.deepEqual(gaps, [1], 'once, though two topics were acknowledged again');
  conn.cut();
  conn.cut();
  conn.up();
  assert.deepEqual(gaps, [1, 3], 'two failed attempts and a connect: one gap');
  assert.equal(acks.length, 6, 'the face still hears every acknowledgement');
  assert.ok(states.includes('waiting') && states.includes('ready'), 'and every state');
});

test('failed attempts before the first connect are no gap', async () => {
  const { open } = opener();
  let gaps = 0;
  const conn = await openStream({ venue, side: 'private', credentials: () => creds, onGap: () => gaps++ }, open);
  conn.subscribe(['spot/user/order:BTC_USDT']);
  conn.cut();
  conn.cut();
  conn.up();
  assert.equal(gaps, 0);
  conn.cut();
  conn.up();
  assert.equal(gaps, 1);
});
