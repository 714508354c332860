// A 5xx is never the venue's refusal, whatever code its body carries: the venue acts (places, cancels), the
// fault proxy turns its answer into HTTP 500/502/503 bodies with codes 30000, 50000 and 1000, and `bm`
// looks the write up by its ids instead of saying "failed" (exit 6) or sending it again; the proxy counts
// what reached the venue. A read answered so is a network failure (exit 8) that shows the venue's words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { envelope, type Answer } from '../helpers/fault-proxy.js';
import { useWriteVenue } from '../helpers/write-venue.js';

const v = useWriteVenue(11);
const { run, direct, fresh, restingBid, place, statusOf } = v;

const STATUSES = [500, 502, 503] as const;
const CODES = [30000, 50000, 1000] as const;
/** The venue's answer replaced, after it acted, by a server error carrying a code it knows. */
const serverError = (status: number, code: number) => (): Answer => envelope(status, code, code === 1000 ? 'OK' : 'Bad Request');

test('a place answered 5xx with a known code after the venue placed it: proven placed by the lookup, exit 0, sent once', async () => {
  const bid = await restingBid();
  for (const status of STATUSES) {
    for (const code of CODES) {
      fresh();
      const cid = `fivexx${status}c${code}`;
      v.proxy().add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'rewrite', fn: serverError(status, code) } });
      const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', bid, '--client-order-id', cid, '--yes');
      const what = `HTTP ${status} code ${code}: ${r.stderr}`;
      assert.equal(r.code, 0, what);
      assert.match(r.stderr, new RegExp(`failed with HTTP ${status} \\(code ${code}\\): a server error, not a refusal; looking it up \\(bm order get BTC_USDT --client-order-id ${cid}\\) instead of sending it again`), what);
      assert.match(r.stderr, new RegExp(`order \\d+ placed \\(client order id ${cid}\\) \\(proven by looking it up\\)`), what);
      assert.match(r.stdout, new RegExp(`^\\d+\\t${cid}\\n$`), what);
      assert.equal(v.proxy().count('POST', '/spot/v2/submit_order'), 1, `${what}: sent once`);
      assert.equal(await statusOf(cid), '4', 'the venue holds it');
    }
  }
});

test('a place answered 5xx that the venue did not place: looked up, never "failed", exit 11 naming the check', async () => {
  fresh();
  v.proxy().add({ method: 'POST', path: '/spot/v2/submit_order', fault: { kind: 'reply', answer: envelope(502, 50000, 'Bad Request') } });
  const r = await run('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await restingBid(), '--client-order-id', 'fivexxNone', '--yes', '--json');
  assert.equal(r.code, 11, r.stderr);
  assert.match(r.stderr, /order place: outcome unknown: POST \/spot\/v2\/submit_order failed with HTTP 502 \(code 50000\): a server error, not a refusal; the lookup found no such order \(yet\)/);
  assert.match(r.stderr, /hint: check with: bm order get BTC_USDT --client-order-id fivexxNone/);
  assert.equal(v.proxy().count('GET', '/spot/v1/order_detail'), 1, 'looked up');
  assert.equal(await statusOf('fivexxNone'), undefined);
});

test('a cancel answered 5xx with a known code after the venue cancelled: proven cancelled by the lookup', async () => {
  for (const [i, status] of STATUSES.entries()) {
    const code = CODES[i]!;
    const cid = `cxl${status}c${code}`;
    const id = await place(cid);
    fresh();
    // Every cancel answered so, the repeats too: only the lookup can prove it.
    v.proxy().add({ method: 'POST', path: '/spot/v3/cancel_order', fault: { kind: 'rewrite', fn: serverError(status, code) } });
    const r = await run('order', 'cancel', 'BTC_USDT', '--order-id', id, '--yes');
    const what = `HTTP ${status} code ${code}: ${r.stderr}`;
    assert.equal(r.code, 0, what);
    assert.match(r.stderr, new RegExp(`failed with HTTP ${status} \\(code ${code}\\): a server error, not a refusal; looking it up \\(bm order get BTC_USDT --order-id ${id}\\)`), what);
    assert.match(r.stderr, /order cancel: cancelled \(proven by looking it up\)/, what);
    assert.equal(r.stdout, `${id}\t${cid}\tcancelled\n`);
    assert.equal(await statusOf(cid), '8');
  }
});

test('cancel-all answered 5xx with a known code after the venue cancelled: proven by the open orders left (none)', async () => {
  await place('allFivexx1');
  await place('allFivexx2');
  fresh();
  v.proxy().add({ method: 'POST', path: '/spot/v1/cancel_orders', fault: { kind: 'rewrite', fn: serverError(503, 50000) } });
  const r = await run('order', 'cancel-all', 'BTC_USDT', '--yes', '-o', 'tsv');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /failed with HTTP 503 \(code 50000\): a server error, not a refusal[\s\S]*looking it up \(bm order list BTC_USDT --limit 100 --status 9\)/);
  // Every answer was a 5xx: only the lookup can have proven it.
  assert.equal(r.stdout, 'BTC_USDT\tboth\tcancelled\n');
  assert.equal(v.proxy().count('POST', '/spot/v1/cancel_orders'), 2, 'sent once, then once again (it is safe to repeat)');
  assert.deepEqual([await statusOf('allFivexx1'), await statusOf('allFivexx2')], ['8', '8']);
});

test('amend whose cancel is answered 5xx with a known code: the cancel looked up, then the new order placed; sent once each', async () => {
  const newPrice = String(BigInt(await restingBid()) - 100n);
  for (const [i, status] of STATUSES.entries()) {
    const code = CODES[i]!;
    const id = await place(`amd${status}c${code}`);
    fresh();
    v.proxy().add({ method: 'POST', path: '/spot/v3/cancel_order', fault: { kind: 'rewrite', fn: serverError(status, code) } });
    const r = await run('order', 'amend', 'BTC_USDT', '--order-id', id, '--price', newPrice, '--new-client-order-id', `amdNew${status}`, '--yes', '--json');
    const what = `HTTP ${status} code ${code}: ${r.stderr}`;
    assert.equal(r.code, 0, what);
    assert.match(r.stderr, new RegExp(`looking it up \\(bm order get BTC_USDT --order-id ${id}\\) instead of sending it again`), what);
    assert.doesNotMatch(r.stderr, /the new order was not sent/);
    const row = JSON.parse(r.stdout) as Record<string, string>;
    assert.deepEqual([row.old_order_id, row.old_result, row.client_order_id, row.result], [id, 'cancelled', `amdNew${status}`, 'placed'], what);
    assert.deepEqual([v.proxy().count('POST', '/spot/v3/cancel_order'), v.proxy().count('POST', '/spot/v2/submit_order')], [1, 1], what);
    assert.equal(await statusOf(`amdNew${status}`), '4');
  }
});

test('amend whose cancel is answered 5xx and whose lookup fails: exit 11 after the lookup, the new order not sent', async () => {
  const id = await place('amdLookFail');
  fresh();
  v.proxy().add({ method: 'POST', path: '/spot/v3/cancel_order', fault: { kind: 'reply', answer: envelope(500, 50000, 'Bad Request') } });
  v.proxy().add({ method: 'GET', path: '/spot/v1/order_detail', when: () => v.proxy().count('POST', '/spot/v3/cancel_order') > 0, fault: { kind: 'reply', answer: envelope(500, 50005, 'Order Id not found') } });
  const r = await run('order', 'amend', 'BTC_USDT', '--order-id', id, '--price', String(BigInt(await restingBid()) - 100n), '--yes');
  assert.equal(r.code, 11, r.stderr);
  // 50005 in a 5xx is not the venue saying "no such order": the lookup failed, nothing is concluded from it.
  assert.match(r.stderr, /outcome unknown: POST \/spot\/v3\/cancel_order failed with HTTP 500 \(code 50000\): a server error, not a refusal; the lookup failed too \(GET \/spot\/v1\/order_detail failed with HTTP 500 \(code 50005\)[^\n]*; the new order was not sent/);
  assert.match(r.stderr, new RegExp(`hint: check with: bm order get BTC_USDT --order-id ${id}`));
  assert.equal(v.proxy().count('POST', '/spot/v2/submit_order'), 0);
  assert.equal(await statusOf('amdLookFail'), '4', 'the venue was answered by the proxy: the order stands');
});

test('a legacy place answered 5xx (or a status the spec never uses) after the venue placed it: looked up, never "failed", sent once', async () => {
  const bid = await restingBid();
  const answers: Array<[string, Answer]> = [
    ['500', envelope(500, 50000, 'Bad Request')],
    ['502', { status: 502, headers: { 'content-type': 'application/json' }, body: '{"message":"bad gateway"}' }],
    ['409', { status: 409, headers: { 'content-type': 'application/json' }, body: '{"message":"conflict"}' }],
  ];
  for (const [i, [what, answer]] of answers.entries()) {
    fresh();
    v.proxy().add({ method: 'POST', path: '/v2/orders', fault: { kind: 'rewrite', fn: () => answer } });
    const amount = `0.0${i + 2}1`;
    const r = await run('legacy', 'order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', amount, '--price', bid, '--yes');
    assert.equal(r.code, 11, `${what}: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(`POST /v2/orders failed with HTTP ${what}[^;]*; looking it up`), what);
    // The first generation has no client order id: the one order that matches is named, not claimed.
    assert.match(r.stderr, /one order \(\d+\) matches on symbol, side, price, original_amount and was created while the request was out: likely ours, not proven/, what);
    assert.equal(v.proxy().count('POST', '/v2/orders'), 1, `${what}: sent once`);
  }
});

test('a read answered 500 with code 50000 is a network failure (exit 8, retryable), the venue\'s code, message and trace shown', async () => {
  fresh();
  v.proxy().add({ method: 'GET', path: '/spot/v1/ticker', fault: { kind: 'reply', answer: envelope(500, 50000, 'Bad Request') } });
  const r = await run('ticker', 'BTC_USDT', '--json');
  assert.equal(r.code, 8, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^error: GET \/spot\/v1\/ticker failed with HTTP 500 \(code 50000\): a server error, not a refusal\n {2}code 50000: Bad Request \(trace fault-proxy\)\nhint: the venue failed \(HTTP 500\): a read is safe to send again/);
  const err = (JSON.parse(r.stderr.split('\n').find((l) => l.startsWith('{'))!) as { error: Record<string, unknown> }).error;
  assert.deepEqual([err.category, err.code, err.http_status, err.retryable, err.exit_code], ['network', '50000', 500, true, 8]);

  v.proxy().add({ method: 'GET', path: '/v2/symbols', fault: { kind: 'reply', answer: { status: 502, headers: {}, body: '{"message":"bad gateway"}' } } });
  const legacy = await run('legacy', 'symbols');
  assert.equal(legacy.code, 8, legacy.stderr);
  assert.match(legacy.stderr, /^error: GET \/v2\/symbols failed with HTTP 502: a server error, not a refusal\n {2}bad gateway\n/);
  const ok = await direct('ticker', 'BTC_USDT');
  assert.equal(ok.code, 0, 'the venue itself answers');
});
