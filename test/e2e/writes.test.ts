// Careful writes against the real sandbox behind a fault proxy: an outcome is claimed only when an
// answer or a lookup proves it; a write is never sent twice unless it is safe to repeat (a cancel);
// every catalogue write (own command, `bm api`, legacy) is confirmed, dry-runnable and looked up.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { bmAsync, isolatedEnv, startSandbox } from '../helpers/bm.js';
import { envelope, startFaultProxy, type Answer, type Fault, type FaultProxy } from '../helpers/fault-proxy.js';
import { parseJson, scalarText } from '../../src/util/json.js';

let url = '';
let stop: () => Promise<void> = async () => {};
let env: Record<string, string> = {};
let proxy: FaultProxy;

/** `bm` through the fault proxy (both generations), with this test's account. */
const run = (...args: string[]) => bmAsync(['--base-url', proxy.url, '--legacy-url', proxy.url, '--timeout', '800', ...args], env);
/** `bm` straight to the sandbox. */
const direct = (...args: string[]) => bmAsync(['--base-url', url, '--legacy-url', url, ...args], env);

const garbage: Answer = { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>upstream hiccup</html>' };

/** No rules, nothing seen yet. */
function fresh(): void {
  proxy.clear();
  proxy.seen.splice(0);
}

async function last(): Promise<string> {
  const t = parseJson((await direct('ticker', 'BTC_USDT', '--json')).stdout) as { tickers: Array<{ last_price: string }> };
  return t.tickers[0]!.last_price;
}

/** A whole price far enough below the market that a buy rests in the book, within the deviation guard. */
async function restingBid(): Promise<string> {
  return String((BigInt((await last()).split('.')[0]!) * 8n) / 10n);
}

async function place(cid: string): Promise<string> {
  const r = await direct('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid(), '--client-order-id', cid, '--yes', '--json');
  assert.equal(r.code, 0, r.stderr);
  return scalarText((parseJson(r.stdout) as { order_id: unknown }).order_id);
}

async function statusOf(cid: string): Promise<string | undefined> {
  const r = await direct('order', 'get', 'BTC_USDT', '--client-order-id', cid, '--json');
  return r.code === 0 ? scalarText((parseJson(r.stdout) as { status: unknown }).status) : undefined;
}

before(async () => {
  ({ url, stop } = await startSandbox(['--seed', '5']));
  const a = await bmAsync(['--base-url', url, 'sandbox', 'account', 'create', '--deposit', 'USDT=1000000,BTC=5', '--json'], isolatedEnv());
  assert.equal(a.code, 0, a.stderr);
  const k = JSON.parse(a.stdout) as { key: string; secret: string; memo: string };
  env = isolatedEnv({ BM_API_KEY: k.key, BM_API_SECRET: k.secret, BM_API_MEMO: k.memo, NO_COLOR: '1' });
  proxy = await startFaultProxy(url);
});
after(async () => {
  await proxy.close();
  await stop();
});

test('an unreadable answer to a place is looked up: proven by our client order id, sent once', async () => {
  fresh();
  proxy.add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'rewrite', fn: () => garbage } });
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid(), '--client-order-id', 'garbled1', '--yes');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /the venue's answer could not be read: <html>upstream hiccup<\/html>; looking it up[\s\S]*placed \(client order id garbled1\) \(proven by looking it up\)/);
  assert.equal(proxy.count('POST', '/spot/v2/submit_order'), 1, 'sent once');
  assert.equal(await statusOf('garbled1'), '4');
});

test('an unreadable answer and an unreadable lookup: outcome unknown, exit 11, the command to check', async () => {
  fresh();
  proxy.add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'rewrite', fn: () => garbage } });
  proxy.add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'reply', answer: garbage } });
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid(), '--client-order-id', 'garbled2', '--yes', '--json');
  assert.equal(r.code, 11, r.stderr);
  assert.doesNotMatch(r.stderr, /\bplaced\b/);
  assert.match(r.stderr, /order place: outcome unknown[\s\S]*the lookup failed too/);
  const err = JSON.parse(r.stderr.split('\n').find((l) => l.startsWith('{'))!) as { error: { category: string; exit_code: number; hint: string } };
  assert.equal(err.error.category, 'unknown');
  assert.equal(err.error.exit_code, 11);
  assert.equal(err.error.hint, 'check with: bm order get BTC_USDT --client-order-id garbled2 (do not send it again before you know)');
  assert.equal(proxy.count('POST', '/spot/v2/submit_order'), 1, 'sent once');
});

test('a lookup that finds another client order id is not proof: outcome unknown, never "placed"', async () => {
  fresh();
  proxy.add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'lose' } });
  proxy.add({
    method: 'GET', path: '/spot/v1/order_detail',
    fault: { kind: 'rewrite', fn: (a) => {
      const env0 = parseJson(a.body) as { data: Record<string, unknown> };
      return envelope(200, 1000, 'OK', { ...env0.data, order_id: '7', clientOrderId: 'somebodyElse' });
    } },
  });
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid(), '--client-order-id', 'foreign1', '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.doesNotMatch(r.stderr, /\bplaced\b(?!,)/);
  assert.match(r.stderr, /another order \(clientOrderId 'somebodyElse', not 'foreign1'\): not proof of ours/);
  assert.match(r.stderr, /hint: check with: bm order get BTC_USDT --client-order-id foreign1/);
  assert.equal(proxy.count('POST', '/spot/v2/submit_order'), 1, 'sent once');
});

test('a cancel that never gets an answer is sent again (it is idempotent), then proven by the order', async () => {
  const id = await place('cancelRetry1');
  fresh();
  proxy.add({ method: 'POST', path: '/spot/v3/cancel_order', times: 1, fault: { kind: 'hang' } });
  const r = await run('order', 'cancel', 'BTC_USDT', '--order-id', id, '--yes', '--json');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /sending it again, as it is safe to repeat \(1 of 2\)/);
  assert.equal(proxy.count('POST', '/spot/v3/cancel_order'), 2);
  assert.equal(await statusOf('cancelRetry1'), '8');
});

test('a cancel whose answer is lost: the repeat answers result false, the lookup proves it cancelled', async () => {
  const id = await place('cancelLost1');
  fresh();
  proxy.add({ method: 'POST', path: '/spot/v3/cancel_order', times: 1, fault: { kind: 'lose' } });
  const r = await run('order', 'cancel', 'BTC_USDT', '--order-id', id, '--yes');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /order cancel: cancelled \(proven by looking it up\)/);
  assert.equal(r.stdout, `${id}\tcancelLost1\tcancelled\n`);
});

test('a cancel whose order still shows open after the lookup: outcome unknown, exit 11, not "cancelled"', async () => {
  const id = await place('stillOpen1');
  fresh();
  proxy.add({ method: 'POST', path: '/spot/v3/cancel_order', fault: { kind: 'hang' } });
  const r = await run('order', 'cancel', 'BTC_USDT', '--order-id', id, '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.equal(r.stdout, '');
  assert.equal(proxy.count('POST', '/spot/v3/cancel_order'), 3, 'sent once, then again twice');
  assert.match(r.stderr, /order cancel: outcome unknown: .*the order still shows status pending \(4\) after the lookup/);
  assert.match(r.stderr, new RegExp(`hint: check with: bm order get BTC_USDT --order-id ${id}`));
  assert.doesNotMatch(r.stderr, /: cancelled/);
  assert.equal(await statusOf('stillOpen1'), '4');
});

test('bm api to a catalogue write: no terminal and no --yes is exit 2 with nothing sent; --yes gets a client order id', async () => {
  fresh();
  const bid = await restingBid();
  const place = ['api', 'POST', '/spot/v2/submit_order', '-f', 'symbol=BTC_USDT', '-f', 'side=buy', '-f', 'type=limit', '-f', 'size=0.01', '-f', `price=${bid}`];
  const no = await run(...place);
  assert.equal(no.code, 2, no.stderr);
  assert.match(no.stderr, /confirmation needed and there is no terminal to ask[\s\S]*hint: add --yes to confirm: Place limit buy order on BTC_USDT: size 0\.01, price/);
  const all = await run('api', 'POST', '/spot/v1/cancel_orders', '-f', 'symbol=BTC_USDT');
  assert.equal(all.code, 2, all.stderr);
  assert.match(all.stderr, /add --yes to confirm: Cancel every open order on BTC_USDT/);
  const named = await run('api', 'POST', '/contract/private/submit-order', '-f', 'symbol=BTCUSDT');
  assert.equal(named.code, 2, 'an endpoint only named by the spec, sent by POST, is a write too');
  assert.match(named.stderr, /add --yes to confirm: POST \/contract\/private\/submit-order symbol=BTCUSDT/);
  assert.equal(proxy.seen.filter((s) => s.method === 'POST').length, 0, 'nothing was sent');

  const dry = await run(...place, '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /"client_order_id":"bm[0-9a-z]+"/);
  assert.equal(proxy.seen.filter((s) => s.method === 'POST').length, 0, 'a dry run sends nothing');

  proxy.add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'lose' } });
  const yes = await run(...place, '--yes');
  assert.equal(yes.code, 0, yes.stderr);
  const cid = /client_order_id":"(bm[0-9a-z]+)"/.exec(proxy.seen.find((s) => s.path === '/spot/v2/submit_order')!.body)?.[1];
  assert.ok(cid, 'the write carried a generated client order id');
  assert.match(yes.stderr, new RegExp(`looking it up \\(bm order get BTC_USDT --client-order-id ${cid}\\)[\\s\\S]*api POST /spot/v2/submit_order: placed \\(proven by looking it up\\)`));
  assert.equal(await statusOf(cid), '4');
});

test('bm api to the batch write: every line gets a client order id; a lost answer is looked up line by line, nothing sent again', async () => {
  fresh();
  const bid = await restingBid();
  const lines = [
    { symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price: bid },
    { symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.02', price: bid, client_order_id: 'mine2' },
  ];
  const batch = ['api', 'POST', '/spot/v2/batch_orders', '-F', `order_params=${JSON.stringify(lines)}`];
  const no = await run(...batch);
  assert.equal(no.code, 2, no.stderr);
  assert.match(no.stderr, /add --yes to confirm: Place a batch of orders/);
  const dry = await run(...batch, '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.equal(dry.stdout.match(/"client_order_id":"bm[0-9a-z]+"/g)?.length, 1, 'the line without an id got one');
  assert.match(dry.stdout, /"client_order_id":"mine2"/, "the user's own id is kept");
  assert.equal(proxy.count('POST', '/spot/v2/batch_orders'), 0);

  proxy.add({ method: 'POST', path: '/spot/v2/batch_orders', fault: { kind: 'lose' } });
  const r = await run(...batch, '--yes');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(proxy.count('POST', '/spot/v2/batch_orders'), 1, 'sent once');
  const sent = parseJson(proxy.seen.find((x) => x.path === '/spot/v2/batch_orders')!.body) as { order_params: Array<{ client_order_id: string }> };
  const ids = sent.order_params.map((l) => l.client_order_id);
  assert.match(ids[0]!, /^bm[0-9a-z]+$/);
  assert.equal(ids[1], 'mine2');
  // Looked up by exactly those ids, one read per line.
  const reads = proxy.seen.filter((x) => x.path === '/spot/v1/order_detail').map((x) => new URL(x.url, 'http://x').searchParams.get('clientOrderId'));
  assert.deepEqual(reads, ids);
  assert.match(r.stderr, /looking it up instead of sending it again[\s\S]*every line looked up \(1: placed; 2: placed\)/);
  for (const id of ids) assert.equal(await statusOf(id), '4');

  // A line the venue never got: outcome unknown, exit 11, the line named; still sent once.
  fresh();
  proxy.add({ method: 'POST', path: '/spot/v2/batch_orders', fault: { kind: 'hang' } });
  const lost = await run(...batch.slice(0, 3), '-F', `order_params=${JSON.stringify([lines[0]])}`, '--yes');
  assert.equal(lost.code, 11, lost.stderr);
  assert.equal(proxy.count('POST', '/spot/v2/batch_orders'), 1);
  assert.match(lost.stderr, /line 1[\s\S]*outcome unknown[\s\S]*no such order[\s\S]*check with: bm order get BTC_USDT --client-order-id bm[0-9a-z]+/);
});

test('a write endpoint known to the catalogue alone (/spot/v2/cancel_order) is confirmed, dry-runnable and looked up', async () => {
  const id = await place('v2cancel1');
  fresh();
  const cancel = ['api', 'POST', '/spot/v2/cancel_order', '-f', 'symbol=BTC_USDT', '-f', `order_id=${id}`];
  const no = await run(...cancel);
  assert.equal(no.code, 2, no.stderr);
  assert.match(no.stderr, new RegExp(`add --yes to confirm: Cancel order ${id} on BTC_USDT`));
  const dry = await run(...cancel, '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /^POST http:\/\/127\.0\.0\.1:\d+\/spot\/v2\/cancel_order$/m);
  assert.equal(proxy.count('POST', '/spot/v2/cancel_order'), 0);
  proxy.add({ method: 'POST', path: '/spot/v2/cancel_order', fault: { kind: 'hang' } });
  const r = await run(...cancel, '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.equal(proxy.count('POST', '/spot/v2/cancel_order'), 3);
  assert.match(r.stderr, new RegExp(`still shows status pending \\(4\\)[\\s\\S]*hint: check with: bm order get BTC_USDT --order-id ${id}`));
  fresh();
  const ok = await run(...cancel, '--yes');
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(await statusOf('v2cancel1'), '8');
});

test('bm api: a write is a write whatever its path looks like: no terminal and no --yes is exit 2, nothing reaches the venue', async () => {
  fresh();
  const order = ['-f', 'symbol=BTC_USDT', '-f', 'side=buy', '-f', 'type=limit', '-f', 'size=0.01', '-f', 'price=1000'];
  const confirm = /confirmation needed and there is no terminal to ask[\s\S]*hint: add --yes to confirm: /;
  const cases: Array<[string[], RegExp]> = [
    [['POST', '/spot/v2/submit_order?x=1', '--auth', 'signed', ...order], /PATH: a POST sends its parameters in a signed body, not in a query string \('\?x=1'\)[\s\S]*hint: give them as fields: -f x=1/],
    [['POST', '/spot/v2/submit_order?', ...order], /api POST \/spot\/v2\/submit_order: confirmation needed[\s\S]*Place limit buy order on BTC_USDT/],
    [['POST', '/spot/v2/submit_order#', ...order], /Place limit buy order on BTC_USDT/],
    [['POST', '/Spot//v2/submit_order/', ...order], /Place limit buy order on BTC_USDT/],
    [['POST', '/spot/v3/cancel_order?a=b', '-f', 'symbol=BTC_USDT', '-f', 'order_id=1'], /not in a query string \('\?a=b'\)/],
    [['POST', '/spot/v3/cancel_order#', '-f', 'symbol=BTC_USDT', '-f', 'order_id=1'], /Cancel order 1 on BTC_USDT/],
    [['POST', '/spot/v1/cancel_orders?', '-f', 'symbol=BTC_USDT'], /Cancel every open order on BTC_USDT/],
    [['POST', '/spot/v9/submit_order', '-f', 'symbol=BTC_USDT'], /POST \/spot\/v9\/submit_order symbol=BTC_USDT/],
    [['PUT', '/spot/v9/anything'], /PUT \/spot\/v9\/anything/],
    [['DELETE', '/spot/v9/anything?id=7'], /DELETE \/spot\/v9\/anything id=7/],
    [['POST', '/v2/orders', '-f', 'symbol=BTC_USDT', '-f', 'side=buy', '-f', 'amount=0.01', '-f', 'price=1000'], /Place a buy limit order for 0\.01 BTC_USDT at 1000 \(legacy\)/],
    [['DELETE', '/v2/orders/123'], /api DELETE \/v2\/orders\/123: confirmation needed[\s\S]*Cancel order 123 \(legacy\)/],
    [['DELETE', '/v2/orders?symbol=BTC_USDT&side=buy'], /Cancel every open buy order on BTC_USDT \(legacy\)/],
    [['POST', '/v2/anything', '-f', 'a=1'], /POST \/v2\/anything a=1/],
  ];
  for (const [args, says] of cases) {
    const r = await run('api', ...args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, says, args.join(' '));
    if (!args[1]!.includes('=')) assert.match(r.stderr, confirm, args.join(' '));
  }
  for (const [m, p] of [['POST', '/spot/v2/submit_order'], ['POST', '/spot/v3/cancel_order'], ['POST', '/spot/v1/cancel_orders'], ['POST', '/v2/orders'], ['DELETE', '/v2/orders/123'], ['DELETE', '/v2/orders']] as const) {
    assert.equal(proxy.count(m, p), 0, `${m} ${p} reached the venue`);
  }
  assert.deepEqual(proxy.seen.map((s) => `${s.method} ${s.url}`), [], 'nothing at all reached the venue');
});

test('bm api with --yes: another spelling of a place gets a client order id, is sent by the catalogue path once, and a lost answer is looked up', async () => {
  fresh();
  const order = ['-f', 'symbol=BTC_USDT', '-f', 'side=buy', '-f', 'type=limit', '-f', 'size=0.01', '-f', `price=${await restingBid()}`];
  const dry = await run('api', 'POST', '/spot//v2/Submit_Order/#', ...order, '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /^POST http:\/\/127\.0\.0\.1:\d+\/spot\/v2\/submit_order\n[\s\S]*"client_order_id":"bm[0-9a-z]+"/);
  assert.equal(proxy.seen.length, 0, 'a dry run sends nothing');
  proxy.add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'lose' } });
  const r = await run('api', 'POST', '/spot/v2/submit_order?', ...order, '--yes');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(proxy.count('POST', '/spot/v2/submit_order'), 1, 'sent once, never re-sent');
  const cid = /"client_order_id":"(bm[0-9a-z]+)"/.exec(proxy.seen.find((s) => s.path === '/spot/v2/submit_order')!.body)?.[1];
  assert.ok(cid, 'a generated client order id was sent');
  assert.match(r.stderr, new RegExp(`looking it up \\(bm order get BTC_USDT --client-order-id ${cid}\\)[\\s\\S]*api POST /spot/v2/submit_order: placed \\(proven by looking it up\\)`));
  assert.equal(await statusOf(cid), '4');
});

test('bm api to a path the catalogue lacks: a write sent once; with no answer, outcome unknown (exit 11) and bm has no read for it', async () => {
  fresh();
  const dry = await run('api', 'POST', '/spot/v9/submit_order', '-f', 'symbol=BTC_USDT', '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stderr, /dry run: POST \/spot\/v9\/submit_order symbol=BTC_USDT/);
  proxy.add({ method: 'POST', path: '/spot/v9/submit_order', fault: { kind: 'hang' } });
  const r = await run('api', 'POST', '/spot/v9/submit_order', '-f', 'symbol=BTC_USDT', '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.equal(proxy.count('POST', '/spot/v9/submit_order'), 1, 'sent once');
  assert.match(r.stderr, /api POST \/spot\/v9\/submit_order: outcome unknown: .*there is no read to look it up with[\s\S]*hint: bm has no read for POST \/spot\/v9\/submit_order: check at the venue before sending it again/);
  assert.equal(proxy.seen.length, 1, 'nothing else was sent');
});

test('bm api to legacy writes goes through the legacy channel: place sent once and matched by its fields, cancel sent again then proven', async () => {
  fresh();
  const bid = await restingBid();
  const place = ['api', 'POST', '/v2/orders', '-f', 'symbol=BTC_USDT', '-f', 'side=buy', '-f', 'amount=0.019', '-f', `price=${bid}`];
  const dry = await run(...place, '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, new RegExp(`^POST http://127\\.0\\.0\\.1:\\d+/v2/orders\\n[\\s\\S]*x-bm-signature: \\[redacted\\]\\n\\n\\{"amount":"0\\.019","price":"${bid}","side":"buy","symbol":"BTC_USDT"\\}`));
  const extra = await run(...place, '-f', 'client_order_id=x', '--yes');
  assert.equal(extra.code, 2, 'a field the legacy entry would drop unseen is refused');
  assert.match(extra.stderr, /-f client_order_id: not a parameter of POST \/v2\/orders \(it takes amount, price, side, symbol\)/);
  assert.equal(proxy.count('POST', '/v2/orders'), 0);
  proxy.add({ method: 'POST', path: '/v2/orders', fault: { kind: 'lose' } });
  const lost = await run(...place, '--yes');
  assert.equal(lost.code, 11, lost.stderr);
  assert.equal(proxy.count('POST', '/v2/orders'), 1, 'sent once');
  assert.match(lost.stderr, /api POST \/v2\/orders: outcome unknown: .*one order \(\d+\) matches on symbol, side, price, original_amount and was created while the request was out: likely ours, not proven[\s\S]*hint: check with: bm legacy order list BTC_USDT --status 5/);

  fresh();
  const placed = await direct('legacy', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.01', '--price', bid, '--yes');
  assert.equal(placed.code, 0, placed.stderr);
  const id = placed.stdout.trim();
  proxy.add({ method: 'DELETE', path: `/v2/orders/${id}`, times: 1, fault: { kind: 'hang' } });
  const c = await run('api', 'DELETE', `/v2/orders/${id}/`, '--yes');
  assert.equal(c.code, 0, c.stderr);
  assert.equal(proxy.count('DELETE', `/v2/orders/${id}`), 2, 'a cancel is safe to repeat');
  assert.match(c.stderr, new RegExp(`sending it again, as it is safe to repeat[\\s\\S]*api DELETE /v2/orders/${id}: cancelled`));
  assert.ok(proxy.seen.filter((s) => s.path.startsWith('/v2/orders')).every((s) => typeof s.headers['x-bm-authorization'] === 'string'), 'legacy token auth');
});

test('bm api reads run without confirmation: a catalogued GET (its query read as fields), a POST the catalogue says is a read, a legacy GET', async () => {
  fresh();
  const wallet = await run('api', 'GET', '/spot/v1/wallet?currency=BTC');
  assert.equal(wallet.code, 0, wallet.stderr);
  assert.match(wallet.stdout, /"wallet"/);
  const seen = proxy.seen.find((s) => s.path === '/spot/v1/wallet')!;
  assert.equal(seen.url, '/spot/v1/wallet?currency=BTC');
  assert.equal(typeof seen.headers['x-bm-key'], 'string', "the catalogue's auth applied");
  const echo = await run('api', 'POST', '/spot/v1/test-post', '-f', 'symbol=BTC_USDT');
  assert.equal(echo.code, 0, echo.stderr);
  const orders = await run('api', 'GET', '/v2/orders?symbol=BTC_USDT&status=5', '-o', 'tsv', '--fields', 'symbol');
  assert.equal(orders.code, 0, orders.stderr);
  assert.match(orders.stdout, /^BTC_USDT$/m);
  assert.equal(proxy.seen.filter((s) => s.method !== 'GET' && s.path !== '/spot/v1/test-post' && s.path !== '/v2/authentication').length, 0, 'no write was sent');
});

test('--max-deviation refuses a limit price far through the last price before sending (exit 2)', async () => {
  fresh();
  const p = await last();
  const high = String(BigInt(p.split('.')[0]!) * 2n);
  const buy = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', high, '--yes');
  assert.equal(buy.code, 2, buy.stderr);
  assert.match(buy.stderr, /error: --price: \d+ is [0-9.]+% above the last price [0-9.]+; a buy may be at most 10% above it[\s\S]*hint: .*--max-deviation \d+/);
  const sell = await run('order', 'place', 'BTC_USDT', '--side', 'sell', '--type', 'limit', '--size', '0.001', '--price', '1000', '--yes', '--max-deviation', '50');
  assert.equal(sell.code, 2, sell.stderr);
  assert.match(sell.stderr, /a sell may be at most 50% below it/);
  assert.equal(proxy.count('POST', '/spot/v2/submit_order'), 0, 'nothing was sent');
  const off = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', high, '--max-deviation', 'none', '--dry-run');
  assert.equal(off.code, 0, off.stderr);
  assert.match(off.stderr, /crosses the book: fills at once against the best ask/);
  const bad = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', high, '--max-deviation', '-3', '--yes');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--max-deviation: a percentage like 10, or none/);
});

test('a dry run shows the market context: last, best bid and ask, distance, and a market order\'s estimated fill', async () => {
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'market', '--notional', '500', '--dry-run');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /market: last [0-9.]+, best bid [0-9.]+, best ask [0-9.]+ USDT/);
  assert.match(r.stderr, /estimated average fill [0-9.]+ USDT \(about [0-9.]+ BTC for 500 USDT\), walked over \d+ levels? of the book/);
  const limit = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid(), '--dry-run');
  assert.match(limit.stderr, /price \d+ \([0-9.]+% below last\): does not cross: it rests in the book/);
});

test('--wait filled returns the filled row; a wait that runs out is exit 10 with the order left open', async () => {
  const p = await last();
  const through = String((BigInt(p.split('.')[0]!) * 105n) / 100n);
  const filled = await direct('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', through, '--yes', '--wait', 'filled', '--json');
  assert.equal(filled.code, 0, filled.stderr);
  assert.equal(scalarText((parseJson(filled.stdout) as { status: unknown }).status), '6');

  const out = await direct('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', await restingBid(), '--client-order-id', 'waitOut1', '--yes', '--wait', 'done', '--wait-timeout', '0.5');
  assert.equal(out.code, 10, out.stderr);
  assert.match(out.stderr, /order place --wait done: waited 0\.5 s; order \d+ shows status pending \(4\) and is left as it is[\s\S]*hint: follow it with: bm order get/);
  assert.equal(await statusOf('waitOut1'), '4', 'left as it is');

  // No stream at the WebSocket address: polling reaches the state all the same (the order is read from the
  // start, while the stream is tried), and a wait that outlives the failed stream says so.
  const noStream = ['--base-url', url, '--ws-url', 'ws://127.0.0.1:9', 'order', 'place', 'BTC_USDT', '--yes'];
  const polled = await bmAsync([...noStream, '--side', 'sell', '--type', 'market', '--size', '0.001', '--wait', 'done', '--json'], env);
  assert.equal(polled.code, 0, polled.stderr);
  assert.equal(scalarText((parseJson(polled.stdout) as { status: unknown }).status), '6');
  const unstreamed = await bmAsync([...noStream, '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', await restingBid(), '--wait', 'done', '--wait-timeout', '1.5'], env);
  assert.equal(unstreamed.code, 10, unstreamed.stderr);
  assert.match(unstreamed.stderr, /no order stream \(.*\): polling the order instead/);
  const bad = await direct('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'market', '--notional', '10', '--yes', '--wait', 'forever');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--wait: must be one of filled, done \(got 'forever'\)/);
});

test('a legacy place whose answer is lost is matched by pair, side, price, size and time, and says how sure', async () => {
  fresh();
  const bid = await restingBid();
  proxy.add({ method: 'POST', path: '/v2/orders', fault: { kind: 'lose' } });
  const r = await run('legacy', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.013', '--price', bid, '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.equal(proxy.count('POST', '/v2/orders'), 1, 'sent once');
  assert.match(r.stderr, /legacy order place: outcome unknown: .*one order \(\d+\) matches on symbol, side, price, original_amount and was created while the request was out: likely ours, not proven/);
  assert.match(r.stderr, /hint: check with: bm legacy order list BTC_USDT --status 5/);

  fresh();
  proxy.add({ method: 'POST', path: '/v2/orders', fault: { kind: 'hang' } });
  const none = await run('legacy', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.017', '--price', bid, '--yes');
  assert.equal(none.code, 11, none.stderr);
  assert.match(none.stderr, /no order matches on symbol, side, price, original_amount in that time: likely not placed, not proven/);
});

test('legacy writes go through the same pipeline: confirmation, dry run, cancel sent again then proven', async () => {
  fresh();
  const no = await run('legacy', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.01', '--price', '1000');
  assert.equal(no.code, 2);
  assert.match(no.stderr, /add --yes to confirm: Place a buy limit order for 0\.01 BTC_USDT at 1000 \(legacy\)/);
  const dry = await run('legacy', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.01', '--price', '1000', '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /^POST http:\/\/127\.0\.0\.1:\d+\/v2\/orders\n[\s\S]*x-bm-signature: \[redacted\]\n\n\{"amount":"0\.01","price":"1000","side":"buy","symbol":"BTC_USDT"\}/);
  assert.equal(proxy.count('POST', '/v2/orders'), 0, 'a dry run sends no write');
  const placed = await direct('legacy', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.01', '--price', await restingBid(), '--yes');
  assert.equal(placed.code, 0, placed.stderr);
  const id = placed.stdout.trim();
  proxy.add({ method: 'DELETE', path: `/v2/orders/${id}`, times: 1, fault: { kind: 'hang' } });
  const c = await run('legacy', 'order', 'cancel', id, '--yes');
  assert.equal(c.code, 0, c.stderr);
  assert.equal(proxy.count('DELETE', `/v2/orders/${id}`), 2);
  assert.match(c.stderr, /sending it again, as it is safe to repeat/);
});

test('a command with nothing hand-written about safety (contract order): confirmed, a numeric custom id, unknown without a read', async () => {
  fresh();
  const args = ['contract', 'order', '--contract-id', '1', '--category', '1', '--way', '1', '--open-type', '1', '--leverage', '10', '--price', '30000', '--vol', '1'];
  const no = await run(...args);
  assert.equal(no.code, 2);
  assert.match(no.stderr, /add --yes to confirm: Submit contract order: contract 1, way 1, 1 contracts at 30000, leverage 10, custom id \d+/);
  const dry = await run(...args, '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /"custom_id":\d{13,}\}/, 'a numeric id, sent as a number');
  proxy.add({ method: 'POST', path: '/contract/v1/ifcontract/submitOrder', fault: { kind: 'hang' } });
  const r = await run(...args, '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.equal(proxy.count('POST', '/contract/v1/ifcontract/submitOrder'), 1, 'sent once: there is no read to look it up with');
  assert.match(r.stderr, /contract order: outcome unknown: .*there is no read to look it up with[\s\S]*hint: bm has no read for POST \/contract\/v1\/ifcontract\/submitOrder: check at the venue before sending it again/);
});

test('--wait filled follows the order-progress stream: a resting sell filled later by another account returns its filled row', async () => {
  const b = await bmAsync(['--base-url', url, 'sandbox', 'account', 'create', '--deposit', 'USDT=1000000', '--json'], isolatedEnv());
  const k = JSON.parse(b.stdout) as { key: string; secret: string; memo: string };
  const buyer = { ...env, BM_API_KEY: k.key, BM_API_SECRET: k.secret, BM_API_MEMO: k.memo };
  // Just under the best ask: the sell becomes the best ask alone, so the buyer's limit at that price fills it.
  const t = parseJson((await direct('ticker', 'BTC_USDT', '--json')).stdout) as { tickers: Array<{ best_bid: string; best_ask: string }> };
  const cents = (v: string) => BigInt(v.replace(/^(\d+)(?:\.(\d{0,2})\d*)?$/, (_m, i: string, f = '') => i + f.padEnd(2, '0')));
  const ask = cents(t.tickers[0]!.best_ask);
  assert.ok(ask - 1n > cents(t.tickers[0]!.best_bid), 'a spread of more than one tick');
  const price = `${(ask - 1n) / 100n}.${String((ask - 1n) % 100n).padStart(2, '0')}`;
  const waiting = bmAsync(['--base-url', url, '--verbose', 'order', 'place', 'BTC_USDT', '--side', 'sell', '--type', 'limit', '--size', '0.002', '--price', price, '--client-order-id', 'waitStream1', '--yes', '--wait', 'filled', '--wait-timeout', '20', '--json'], env);
  // The buyer sweeps every ask up to the sell's price (the simulated market moves meanwhile) once the sell is in
  // the book: open (4), or already partly or wholly filled by the simulated market (5, 6).
  for (let i = 0; !['4', '5', '6'].includes((await statusOf('waitStream1')) ?? ''); i++) assert.ok(i < 200, 'the sell never showed up in the book');
  const buy = await bmAsync(['--base-url', url, 'order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.5', '--price', price, '--max-deviation', 'none', '--yes'], buyer);
  assert.equal(buy.code, 0, buy.stderr);
  const r = await waiting;
  assert.equal(r.code, 0, r.stderr);
  // The order is read from the start while the stream subscribes: when the simulated market filled it before
  // the subscription, that first read ends the wait and no stream was needed; else the stream followed it.
  const reads = r.stderr.match(/> GET \S+\/spot\/v1\/order_detail/g)?.length ?? 0;
  if (reads > 1) assert.match(r.stderr, /following order \d+ on ws:\/\/127\.0\.0\.1:\d+\/user/);
  assert.doesNotMatch(r.stderr, /polling the order instead/);
  const row = parseJson(r.stdout) as { status: unknown; clientOrderId: string };
  assert.equal(scalarText(row.status), '6');
  assert.equal(row.clientOrderId, 'waitStream1');
});

/** The order_detail answer rewritten to carry `fields` (another order, as a venue or a proxy might answer). */
function detailRewritten(fields: Record<string, string>): (a: Answer) => Answer {
  // Edited as text: the other fields (an order id beyond 2^53) stay exactly as the venue sent them.
  return (a) => ({ ...a, body: Object.entries(fields).reduce((b, [k, v]) => b.replace(new RegExp(`"${k}":("[^"]*"|[0-9]+)`), `"${k}":${JSON.stringify(v)}`), a.body) });
}

test('order get answered with another order is no such order: exit 6, the other order named on stderr, nothing on stdout', async () => {
  const id = await place('mine42');
  fresh();
  proxy.add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'rewrite', fn: detailRewritten({ order_id: '7', clientOrderId: 'abc123' }) } });
  const byCid = await run('order', 'get', 'BTC_USDT', '--client-order-id', 'mine42', '--json');
  assert.equal(byCid.code, 6, byCid.stderr);
  assert.equal(byCid.stdout, '');
  assert.match(byCid.stderr, /error: order get: no such order: the venue answered order 7 with client order id 'abc123', not 'mine42'\nhint: list orders with: bm order list BTC_USDT/);
  const byId = await run('order', 'get', 'BTC_USDT', '--order-id', id);
  assert.equal(byId.code, 6, byId.stderr);
  assert.equal(byId.stdout, '');
  assert.match(byId.stderr, new RegExp(`order get: no such order: the venue answered order 7, not order ${id}`));
  fresh();
  const ours = await run('order', 'get', 'BTC_USDT', '--client-order-id', 'mine42', '--json');
  assert.equal(ours.code, 0, ours.stderr);
  assert.equal(scalarText((parseJson(ours.stdout) as { order_id: unknown }).order_id), id, 'the order itself is found as before');
});

test('legacy order get answered with another order is no such order: exit 6, the other order named on stderr, nothing on stdout', async () => {
  const placed = await direct('legacy', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.01', '--price', await restingBid(), '--yes');
  assert.equal(placed.code, 0, placed.stderr);
  const id = placed.stdout.trim();
  fresh();
  proxy.add({ method: 'GET', path: `/v2/orders/${id}`, fault: { kind: 'rewrite', fn: detailRewritten({ entrust_id: '7' }) } });
  const other = await run('legacy', 'order', 'get', id, '--json');
  assert.equal(other.code, 6, other.stderr);
  assert.equal(other.stdout, '');
  assert.match(other.stderr, new RegExp(`error: legacy order get: no such order: the venue answered order 7, not order ${id}\nhint: list orders with: bm legacy order list SYMBOL --status 5`));
  assert.equal(proxy.count('GET', `/v2/orders/${id}`), 1);
  fresh();
  const ours = await run('legacy', 'order', 'get', id, '--json');
  assert.equal(ours.code, 0, ours.stderr);
  assert.equal(scalarText((parseJson(ours.stdout) as { entrust_id: unknown }).entrust_id), id, 'the order itself is found as before');
});

test('a limit_maker that would cross and an ioc that fills nothing: placed, then cancelled by the venue, exit 6, one state read each', async () => {
  const through = String((BigInt((await last()).split('.')[0]!) * 105n) / 100n);
  fresh();
  const maker = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit_maker', '--size', '0.01', '--price', through, '--client-order-id', 'makerCross1', '--yes', '--json');
  assert.equal(maker.code, 6, maker.stderr);
  assert.equal(maker.stdout, '');
  assert.match(maker.stderr, /error: order place: order \d+ \(client order id makerCross1\) was placed, then cancelled by the venue: limit_maker would have taken liquidity\n/);
  assert.match(maker.stderr, /hint: see it with: bm order get BTC_USDT --order-id \d+/);
  assert.deepEqual([proxy.count('POST', '/spot/v2/submit_order'), proxy.count('GET', '/spot/v1/order_detail')], [1, 1]);
  assert.equal(await statusOf('makerCross1'), '8');

  fresh();
  const ioc = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'ioc', '--size', '0.01', '--price', await restingBid(), '--client-order-id', 'iocNone1', '--yes');
  assert.equal(ioc.code, 6, ioc.stderr);
  assert.match(ioc.stderr, /was placed, then cancelled by the venue: ioc found nothing to fill/);
  assert.doesNotMatch(ioc.stderr, /^bm: order \d+ placed/m);
  assert.deepEqual([proxy.count('POST', '/spot/v2/submit_order'), proxy.count('GET', '/spot/v1/order_detail')], [1, 1]);

  fresh();
  const resting = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit_maker', '--size', '0.01', '--price', await restingBid(), '--yes');
  assert.equal(resting.code, 0, resting.stderr);
  assert.match(resting.stderr, /bm: order \d+ placed \(client order id bm[0-9a-z]+\)/);
  const plain = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', through, '--yes');
  assert.equal(plain.code, 0, plain.stderr);
  assert.equal(proxy.count('GET', '/spot/v1/order_detail'), 1, 'a limit_maker that rests is read once; a plain limit order is not read at all');
});

test('bm api POST /spot/v2/submit_order of a limit_maker that would cross and an ioc that fills nothing: as order place, exit 6 from one state read', async () => {
  const through = String((BigInt((await last()).split('.')[0]!) * 105n) / 100n);
  const order = (type: string, price: string, cid: string) => ['api', 'POST', '/spot/v2/submit_order', '-f', 'symbol=BTC_USDT', '-f', 'side=buy', '-f', `type=${type}`, '-f', 'size=0.01', '-f', `price=${price}`, '-f', `client_order_id=${cid}`, '--yes'];
  fresh();
  const maker = await run(...order('limit_maker', through, 'apiMakerX1'));
  assert.equal(maker.code, 6, maker.stderr);
  assert.equal(maker.stdout, '');
  assert.match(maker.stderr, /error: api POST \/spot\/v2\/submit_order: order \d+ \(client order id apiMakerX1\) was placed, then cancelled by the venue: limit_maker would have taken liquidity\n/);
  assert.match(maker.stderr, /hint: see it with: bm order get BTC_USDT --order-id \d+/);
  assert.deepEqual([proxy.count('POST', '/spot/v2/submit_order'), proxy.count('GET', '/spot/v1/order_detail')], [1, 1]);
  assert.equal(await statusOf('apiMakerX1'), '8');

  fresh();
  const ioc = await run(...order('ioc', await restingBid(), 'apiIocNone1'));
  assert.equal(ioc.code, 6, ioc.stderr);
  assert.match(ioc.stderr, /api POST \/spot\/v2\/submit_order: order \d+ \(client order id apiIocNone1\) was placed, then cancelled by the venue: ioc found nothing to fill/);
  assert.deepEqual([proxy.count('POST', '/spot/v2/submit_order'), proxy.count('GET', '/spot/v1/order_detail')], [1, 1]);

  fresh();
  const resting = await run(...order('limit_maker', await restingBid(), 'apiMakerRest1'));
  assert.equal(resting.code, 0, resting.stderr);
  assert.match(resting.stderr, /bm: api POST \/spot\/v2\/submit_order: placed\n/);
  assert.match(resting.stdout, /"order_id"/, 'the venue\'s answer printed as bm api prints it');
  const plain = await run(...order('limit', await restingBid(), 'apiPlain1'));
  assert.equal(plain.code, 0, plain.stderr);
  assert.equal(proxy.count('GET', '/spot/v1/order_detail'), 1, 'a limit_maker that rests is read once; a plain limit order is not read at all');
});

test('an ioc partly filled is a success that says what filled; the rest cancelled by the venue', async () => {
  // Half a percent above the best ask: some of the book fills, never all of 10 BTC (the sandbox's depth is far thinner there).
  const t = parseJson((await direct('ticker', 'BTC_USDT', '--json')).stdout) as { tickers: Array<{ best_ask: string }> };
  const price = String((BigInt(t.tickers[0]!.best_ask.split('.')[0]!) * 1005n) / 1000n);
  fresh();
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'ioc', '--size', '10', '--price', price, '--client-order-id', 'iocPart1', '--yes', '--json');
  assert.equal(r.code, 0, r.stderr);
  const m = /bm: order \d+ placed; ([0-9.]+) of 10 filled, the rest cancelled by the venue \(client order id iocPart1\)/.exec(r.stderr);
  assert.ok(m, r.stderr);
  const row = parseJson(r.stdout) as { status: unknown; filled_size: unknown; client_order_id: string };
  assert.equal(scalarText(row.status), '8');
  assert.equal(scalarText(row.filled_size), m[1]);
  assert.equal(row.client_order_id, 'iocPart1');
});

test('the state read after a limit_maker answers another order: placed, whether it stood unknown, exit 11 with the check', async () => {
  const through = String((BigInt((await last()).split('.')[0]!) * 105n) / 100n);
  fresh();
  proxy.add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'rewrite', fn: detailRewritten({ clientOrderId: 'abc123' }) } });
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit_maker', '--size', '0.01', '--price', through, '--client-order-id', 'makerForeign1', '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /order place: outcome unknown: order \d+ \(client order id makerForeign1\) was placed; whether the venue let the limit_maker order stand is not known; the lookup answered with another order \(clientOrderId 'abc123', not 'makerForeign1'\)/);
  assert.match(r.stderr, /hint: check with: bm order get BTC_USDT --order-id \d+ \(do not send it again before you know\)/);
  assert.equal(proxy.count('POST', '/spot/v2/submit_order'), 1, 'sent once');
});

test('--wait-timeout bounds the wait when the order stream never acknowledges: exit 10, the order polled meanwhile and left as it is', async () => {
  fresh();
  const unmute = proxy.ws.mute();
  try {
    const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid(), '--client-order-id', 'waitMuted1', '--yes', '--wait', 'filled', '--wait-timeout', '2');
    assert.equal(r.code, 10, r.stderr);
    assert.match(r.stderr, /order place --wait filled: waited 2 s; order \d+ shows status pending \(4\) and is left as it is/);
    assert.ok(proxy.ws.opened() >= 1, 'the stream was tried');
    assert.ok(proxy.count('GET', '/spot/v1/order_detail') >= 1, 'the order was read while the stream said nothing');
  } finally {
    unmute();
  }
  assert.equal(await statusOf('waitMuted1'), '4', 'left as it is');
});

test('cancel-all across pairs: an unknown pair is exit 11 naming its check; a refused pair stops the rest after saying what was done', async () => {
  const eth = parseJson((await direct('ticker', 'ETH_USDT', '--json')).stdout) as { tickers: Array<{ last_price: string }> };
  const ethBid = String((BigInt(eth.tickers[0]!.last_price.split('.')[0]!) * 8n) / 10n);
  const restBoth = async () => {
    await place(`all${Date.now().toString(36)}`);
    const r = await direct('order', 'place', 'ETH_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.1', '--price', ethBid, '--yes');
    assert.equal(r.code, 0, r.stderr);
  };
  /** The second pair's cancel (whichever pair comes second), and its repeat, meet `fault`. */
  const second = (fault: Fault) => {
    let n = 0;
    proxy.add({ method: 'POST', path: '/spot/v1/cancel_orders', when: () => ++n >= 2, fault });
  };
  await restBoth();
  fresh();
  second({ kind: 'hang' });
  const hung = await run('order', 'cancel-all', '--yes', '-o', 'tsv');
  assert.equal(hung.code, 11, hung.stderr);
  assert.match(hung.stdout, /^(BTC_USDT|ETH_USDT)\tboth\tcancelled\n(BTC_USDT|ETH_USDT)\tboth\tunknown\n$/);
  assert.match(hung.stderr, /order cancel-all: the outcome is unknown on 1 of 2 pairs[\s\S]*hint: check with: bm order list (BTC_USDT|ETH_USDT) --limit 100 --status 9/);

  await restBoth();
  fresh();
  second({ kind: 'reply', answer: envelope(400, 50000, 'Bad Request') });
  const refused = await run('order', 'cancel-all', '--yes', '-o', 'tsv');
  assert.equal(refused.code, 6, refused.stderr);
  assert.match(refused.stdout, /^(BTC_USDT|ETH_USDT)\tboth\tcancelled\n$/, 'the pair done before the refusal is said');
});

test('an ioc the venue cancelled without showing how much filled: neither refused nor filled is claimed, exit 11, check its fills', async () => {
  fresh();
  proxy.add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'rewrite', fn: (a) => ({ ...a, body: a.body.replace(/"filled_size":"[^"]*",?/, '') }) } });
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'ioc', '--size', '0.01', '--price', await restingBid(), '--client-order-id', 'iocHidden1', '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /error: order place: outcome unknown: order (\d+) \(client order id iocHidden1\) was placed, then cancelled by the venue; how much of it filled is not shown\nhint: check with: bm order fills BTC_USDT --order-id \1\n/);
});
