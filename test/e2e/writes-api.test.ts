// `bm api` to a write is as careful as the write's own command: confirmed (exit 2 and nothing sent without
// --yes and a terminal), dry-runnable, given a client order id, sent once and looked up; whatever the path's spelling.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useWriteVenue } from '../helpers/write-venue.js';
import { parseJson } from '../../src/util/json.js';

const v = useWriteVenue();
const { run, fresh, restingBid, place, statusOf, stall } = v;

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
  assert.equal(v.proxy().seen.filter((s) => s.method === 'POST').length, 0, 'nothing was sent');

  const dry = await run(...place, '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /"client_order_id":"bm[0-9a-z]+"/);
  assert.equal(v.proxy().seen.filter((s) => s.method === 'POST').length, 0, 'a dry run sends nothing');

  stall({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'lose' } });
  const yes = await run(...place, '--yes');
  assert.equal(yes.code, 0, yes.stderr);
  const cid = /client_order_id":"(bm[0-9a-z]+)"/.exec(v.proxy().seen.find((s) => s.path === '/spot/v2/submit_order')!.body)?.[1];
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
  assert.equal(v.proxy().count('POST', '/spot/v2/batch_orders'), 0);

  stall({ method: 'POST', path: '/spot/v2/batch_orders', fault: { kind: 'lose' } });
  const r = await run(...batch, '--yes');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(v.proxy().count('POST', '/spot/v2/batch_orders'), 1, 'sent once');
  const sent = parseJson(v.proxy().seen.find((x) => x.path === '/spot/v2/batch_orders')!.body) as { order_params: Array<{ client_order_id: string }> };
  const ids = sent.order_params.map((l) => l.client_order_id);
  assert.match(ids[0]!, /^bm[0-9a-z]+$/);
  assert.equal(ids[1], 'mine2');
  // Looked up by exactly those ids, one read per line.
  const reads = v.proxy().seen.filter((x) => x.path === '/spot/v1/order_detail').map((x) => new URL(x.url, 'http://x').searchParams.get('clientOrderId'));
  assert.deepEqual(reads, ids);
  assert.match(r.stderr, /looking it up instead of sending it again[\s\S]*every line looked up \(1: placed; 2: placed\)/);
  for (const id of ids) assert.equal(await statusOf(id), '4');

  // A line the venue never got: outcome unknown, exit 11, the line named; still sent once.
  fresh();
  stall({ method: 'POST', path: '/spot/v2/batch_orders', fault: { kind: 'hang' } });
  const lost = await run(...batch.slice(0, 3), '-F', `order_params=${JSON.stringify([lines[0]])}`, '--yes');
  assert.equal(lost.code, 11, lost.stderr);
  assert.equal(v.proxy().count('POST', '/spot/v2/batch_orders'), 1);
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
  assert.equal(v.proxy().count('POST', '/spot/v2/cancel_order'), 0);
  stall({ method: 'POST', path: '/spot/v2/cancel_order', fault: { kind: 'hang' } });
  const r = await run(...cancel, '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.equal(v.proxy().count('POST', '/spot/v2/cancel_order'), 3);
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
    assert.equal(v.proxy().count(m, p), 0, `${m} ${p} reached the venue`);
  }
  assert.deepEqual(v.proxy().seen.map((s) => `${s.method} ${s.url}`), [], 'nothing at all reached the venue');
});
