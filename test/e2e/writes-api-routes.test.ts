// `bm api` routes: another spelling of a catalogue write, a path the catalogue lacks, the legacy generation's
// writes (through its own channel), and reads (no confirmation), against the real sandbox behind a fault v.proxy().
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useWriteVenue } from '../helpers/write-venue.js';

const v = useWriteVenue();
const { run, direct, fresh, restingBid, statusOf, stall } = v;

test('bm api with --yes: another spelling of a place gets a client order id, is sent by the catalogue path once, and a lost answer is looked up', async () => {
  fresh();
  const order = ['-f', 'symbol=BTC_USDT', '-f', 'side=buy', '-f', 'type=limit', '-f', 'size=0.01', '-f', `price=${await restingBid()}`];
  const dry = await run('api', 'POST', '/spot//v2/Submit_Order/#', ...order, '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /^POST http:\/\/127\.0\.0\.1:\d+\/spot\/v2\/submit_order\n[\s\S]*"client_order_id":"bm[0-9a-z]+"/);
  assert.equal(v.proxy().seen.length, 0, 'a dry run sends nothing');
  stall({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'lose' } });
  const r = await run('api', 'POST', '/spot/v2/submit_order?', ...order, '--yes');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(v.proxy().count('POST', '/spot/v2/submit_order'), 1, 'sent once, never re-sent');
  const cid = /"client_order_id":"(bm[0-9a-z]+)"/.exec(v.proxy().seen.find((s) => s.path === '/spot/v2/submit_order')!.body)?.[1];
  assert.ok(cid, 'a generated client order id was sent');
  assert.match(r.stderr, new RegExp(`looking it up \\(bm order get BTC_USDT --client-order-id ${cid}\\)[\\s\\S]*api POST /spot/v2/submit_order: placed \\(proven by looking it up\\)`));
  assert.equal(await statusOf(cid), '4');
});

test('bm api to a path the catalogue lacks: a write sent once; with no answer, outcome unknown (exit 11) and bm has no read for it', async () => {
  fresh();
  const dry = await run('api', 'POST', '/spot/v9/submit_order', '-f', 'symbol=BTC_USDT', '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stderr, /dry run: POST \/spot\/v9\/submit_order symbol=BTC_USDT/);
  stall({ method: 'POST', path: '/spot/v9/submit_order', fault: { kind: 'hang' } });
  const r = await run('api', 'POST', '/spot/v9/submit_order', '-f', 'symbol=BTC_USDT', '--yes');
  assert.equal(r.code, 11, r.stderr);
  assert.equal(v.proxy().count('POST', '/spot/v9/submit_order'), 1, 'sent once');
  assert.match(r.stderr, /api POST \/spot\/v9\/submit_order: outcome unknown: .*there is no read to look it up with[\s\S]*hint: bm has no read for POST \/spot\/v9\/submit_order: check at the venue before sending it again/);
  assert.equal(v.proxy().seen.length, 1, 'nothing else was sent');
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
  assert.equal(v.proxy().count('POST', '/v2/orders'), 0);
  stall({ method: 'POST', path: '/v2/orders', fault: { kind: 'lose' } });
  const lost = await run(...place, '--yes');
  assert.equal(lost.code, 11, lost.stderr);
  assert.equal(v.proxy().count('POST', '/v2/orders'), 1, 'sent once');
  assert.match(lost.stderr, /api POST \/v2\/orders: outcome unknown: .*one order \(\d+\) matches on symbol, side, price, original_amount and was created while the request was out: likely ours, not proven[\s\S]*hint: check with: bm legacy order list BTC_USDT --status 5/);

  fresh();
  const placed = await direct('legacy', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.01', '--price', bid, '--yes');
  assert.equal(placed.code, 0, placed.stderr);
  const id = placed.stdout.trim();
  stall({ method: 'DELETE', path: `/v2/orders/${id}`, times: 1, fault: { kind: 'hang' } });
  const c = await run('api', 'DELETE', `/v2/orders/${id}/`, '--yes');
  assert.equal(c.code, 0, c.stderr);
  assert.equal(v.proxy().count('DELETE', `/v2/orders/${id}`), 2, 'a cancel is safe to repeat');
  assert.match(c.stderr, new RegExp(`sending it again, as it is safe to repeat[\\s\\S]*api DELETE /v2/orders/${id}: cancelled`));
  assert.ok(v.proxy().seen.filter((s) => s.path.startsWith('/v2/orders')).every((s) => typeof s.headers['x-bm-authorization'] === 'string'), 'legacy token auth');
});

test('bm api reads run without confirmation: a catalogued GET (its query read as fields), a POST the catalogue says is a read, a legacy GET', async () => {
  fresh();
  const wallet = await run('api', 'GET', '/spot/v1/wallet?currency=BTC');
  assert.equal(wallet.code, 0, wallet.stderr);
  assert.match(wallet.stdout, /"wallet"/);
  const seen = v.proxy().seen.find((s) => s.path === '/spot/v1/wallet')!;
  assert.equal(seen.url, '/spot/v1/wallet?currency=BTC');
  assert.equal(typeof seen.headers['x-bm-key'], 'string', "the catalogue's auth applied");
  const echo = await run('api', 'POST', '/spot/v1/test-post', '-f', 'symbol=BTC_USDT');
  assert.equal(echo.code, 0, echo.stderr);
  const orders = await run('api', 'GET', '/v2/orders?symbol=BTC_USDT&status=5', '-o', 'tsv', '--fields', 'symbol');
  assert.equal(orders.code, 0, orders.stderr);
  assert.match(orders.stdout, /^BTC_USDT$/m);
  assert.equal(v.proxy().seen.filter((s) => s.method !== 'GET' && s.path !== '/spot/v1/test-post' && s.path !== '/v2/authentication').length, 0, 'no write was sent');
});
