// The venue's later account channels on the sandbox's WebSocket: every pair's orders
// (spot/user/orders:ALL_SYMBOLS) and balance changes (spot/user/balance:BALANCE_UPDATE), pushed from the
// same events as the per-pair order channel, the subscription's acknowledgement first and nothing before
// an event; a balance push carries one currency.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { signWsLogin } from '../../../../src/util/signing.js';
import { rawClient } from '../../../helpers/ws-client.js';
import { startWsServer, type TestServer } from '../../../helpers/ws-server.js';

let srv: TestServer;
before(async () => {
  srv = await startWsServer({ pushIntervalMs: 500 });
});
after(() => srv.close());

const sub = (...args: string[]) => ({ op: 'subscribe', args });

async function loggedIn() {
  const c = await rawClient(`${srv.wsUrl}/user?protocol=1.1`);
  const ts = String(Date.now());
  c.send({ op: 'login', args: [srv.account.key, ts, signWsLogin(srv.account.secret, ts, srv.account.memo, 'exchange')] });
  await c.next((f) => f.kind === 'event' && f.event === 'login', WAIT);
  return c;
}

/** A generous deadline (ms): pushes come on the feed's real 0.5 s cadence, however loaded the machine. */
const WAIT = 30_000;

const acked = (topic: string) => (f: { kind: string; event?: string; topic?: string }) => f.kind === 'event' && f.event === 'subscribe' && f.topic === topic;

test('ALL_SYMBOLS: acknowledged, then a push per order event of any pair under the plural table, legacy and later fields side by side', async () => {
  const c = await loggedIn();
  const older = srv.resting('ETH_USDT');
  c.send(sub('spot/user/orders:ALL_SYMBOLS'));
  await c.next(acked('spot/user/orders:ALL_SYMBOLS'), WAIT);
  const eth = srv.resting('ETH_USDT', 2);
  const sol = srv.resting('SOL_USDT');
  const seen = new Set<unknown>();
  for (const id of [eth.order_id, sol.order_id]) {
    const p = await c.next((f) => f.kind === 'push' && f.table === 'spot/user/orders' && f.data.some((x) => x.order_id === id), WAIT);
    assert.ok(p.kind === 'push');
    const e = p.data.find((x) => x.order_id === id)!;
    assert.deepEqual([e.state, e.order_state, e.entrust_type, e.order_mode], ['4', 'new', 'normal', 'spot']);
    assert.equal(typeof e.create_time, 'string');
    for (const x of p.data) seen.add(x.order_id);
  }
  assert.ok(!seen.has(older.order_id), 'an order resting before the subscription is not pushed');
  const from = c.got.length;
  srv.fill(eth);
  const filled = await c.next((f) => f.kind === 'push' && f.data.some((x) => x.order_id === eth.order_id && x.state === '6'), WAIT, from);
  assert.ok(filled.kind === 'push');
  assert.equal(filled.data.find((x) => x.order_id === eth.order_id)!.order_state, 'filled');
  c.ws.close();
});

test('BALANCE_UPDATE: acknowledged with no push; a fill pushes each currency that moved, one per push, as it stands after', async () => {
  const c = await loggedIn();
  c.send(sub('spot/user/balance:BALANCE_UPDATE'));
  await c.next(acked('spot/user/balance:BALANCE_UPDATE'), WAIT);
  assert.ok(!c.got.some((r) => r.frame.kind === 'push'), 'nothing is pushed on subscribing');
  const o = srv.resting('BTC_USDT');
  srv.fill(o);
  const after = srv.ex.balances(srv.account.id);
  for (const ccy of ['BTC', 'USDT']) {
    const now = after.find((b) => b.currency === ccy)!;
    // The push that carries the balance after the fill (the placement's own may come first).
    const p = await c.next((f) => {
      const d = f.kind === 'push' && f.table === 'spot/user/balance' ? (f.data[0]!.balance_details as Array<Record<string, string>>)[0]! : undefined;
      return d?.ccy === ccy && d.av_bal === now.available && d.fz_bal === now.frozen;
    }, WAIT);
    assert.ok(p.kind === 'push');
    assert.equal(p.data.length, 1, 'one entry a push');
    const entry = p.data[0]!;
    const details = entry.balance_details as Array<Record<string, string>>;
    assert.equal(details.length, 1, 'one currency a push');
    assert.equal(entry.event_type, 'TRANSACTION_COMPLETED');
    assert.match(String(entry.event_time), /^[0-9]{13}$/);
  }
  c.ws.close();
});

test('a withdrawal pushes its currency as ACCOUNT_WITHDRAWAL', async () => {
  const c = await loggedIn();
  c.send(sub('spot/user/balance:BALANCE_UPDATE'));
  await c.next(acked('spot/user/balance:BALANCE_UPDATE'), WAIT);
  srv.ex.withdraw(srv.account.id, { currency: 'SOL', amount: '5', address: 'sol-address' });
  const p = await c.next((f) => f.kind === 'push' && f.table === 'spot/user/balance' && f.data[0]!.event_type === 'ACCOUNT_WITHDRAWAL', WAIT);
  assert.ok(p.kind === 'push');
  const d = (p.data[0]!.balance_details as Array<Record<string, string>>)[0]!;
  assert.equal(d.ccy, 'SOL');
  assert.equal(d.av_bal, srv.ex.balances(srv.account.id).find((b) => b.currency === 'SOL')!.available);
  c.ws.close();
});

test('the fixed filters: another word is 90004; neither channel is served on the public address', async () => {
  const c = await loggedIn();
  c.send(sub('spot/user/orders:BTC_USDT', 'spot/user/balance:USDT'));
  for (const t of ['spot/user/orders:BTC_USDT', 'spot/user/balance:USDT']) {
    await c.next((f) => f.kind === 'error' && f.code === '90004' && f.message.includes(t), WAIT);
  }
  c.ws.close();
  const pub = await rawClient(`${srv.wsUrl}/api?protocol=1.1`);
  pub.send(sub('spot/user/balance:BALANCE_UPDATE'));
  await pub.next((f) => f.kind === 'error' && f.code === '90004' && f.message.includes('/user'), WAIT);
  pub.ws.close();
});
