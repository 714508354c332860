/**
 * How `bm order batch` ends, against the sandbox behind the fault proxy: a 418 (the address blocked
 * for too many requests) stops it at once with the rest "not sent" and resumable, and the exit code
 * says what is known (8 nothing known sent, 9 partial, 6 all rejected, 11 any unknown).
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BATCH_PATH, useBatchVenue, rowsOf } from '../helpers/batch.js';
import { envelope } from '../helpers/fault-proxy.js';
import { scalarText } from '../../src/util/json.js';

const shared = useBatchVenue(13);
const { account, batch, lastPrice, ordersFile, posts, venueOrders } = shared;
const blocked = (retryAfter?: string) => envelope(418, 30017, 'temporarily rejected for rate-limit violations', {}, retryAfter ? { 'retry-after': retryAfter } : {});

test('a 418 on the first request: nothing more sent, every order "not sent" (none rejected), exit 8 with when the block ends and the --resume command', async () => {
  const env = account();
  const file = ordersFile(env, 30, 'ban1');
  const journal = join(env.HOME!, 'ban1.journal');
  shared.proxy.clear();
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, fault: { kind: 'reply', answer: blocked('120') } });
  const before = posts();
  const r = await batch(env, '--file', file, '--journal', journal);
  shared.proxy.clear();
  assert.equal(r.code, 8, r.stderr);
  assert.equal(posts() - before, 1, 'nothing sent after the 418');
  assert.equal(r.stdout, '', 'no order has an outcome to print');
  assert.match(r.stderr, /0 placed, 0 rejected, 0 unknown, 30 not sent of 30/);
  assert.match(r.stderr, /error: the venue blocked this address for too many requests \(HTTP 418\): the batch stopped, 30 of 30 orders not sent; none is known sent/);
  const until = /the venue allows requests again from (\S+); then send the rest with: bm order batch BTC_USDT --resume (\S+)/.exec(r.stderr);
  assert.ok(until, r.stderr);
  assert.ok(Math.abs(Date.parse(until[1]!) - Date.now() - 120_000) < 60_000, `the block ends about 120 s after the answer (${until[1]})`);
  assert.equal(until[2], journal);
  assert.match(readFileSync(journal, 'utf8'), /"state":"unsent","code":"30017"/);

  // Resumed once the venue answers again: all thirty sent, none looked up (the journal proves none went through).
  const lookups = shared.proxy.count('GET', '/spot/v1/order_detail');
  const again = await batch(env, '--resume', journal);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(posts() - before, 4);
  assert.equal(shared.proxy.count('GET', '/spot/v1/order_detail'), lookups, 'nothing to look up');
  const venue = venueOrders(env);
  assert.equal(venue.size, 30);
  for (const x of rowsOf(again.stdout)) assert.equal(scalarText(x.order_id), venue.get(x.client_order_id));
});

test('a 418 mid-batch: the requests already out are settled, none more is sent, the rest "not sent" (exit 9); --resume sends only them', async () => {
  const env = account();
  const file = ordersFile(env, 100, 'ban2');
  const journal = join(env.HOME!, 'ban2.journal');
  shared.proxy.clear();
  // The first request alone, then eight at once: the second is blocked while the other seven are on their way.
  let n = 0;
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, when: () => ++n === 2, fault: { kind: 'reply', answer: blocked() } });
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, when: () => n > 2, fault: { kind: 'delay', ms: 400 } });
  const before = posts();
  const r = await batch(env, '--file', file, '--journal', journal);
  shared.proxy.clear();
  assert.equal(r.code, 9, r.stderr);
  const sent = posts() - before;
  assert.ok(sent >= 2 && sent <= 9, `the requests out when the 418 came, and no other (${sent})`);
  const placed = (sent - 1) * 10;
  const rows = rowsOf(r.stdout);
  assert.equal(rows.length, placed);
  assert.ok(rows.every((x) => x.result === 'placed'), 'no order is called rejected');
  assert.match(r.stderr, new RegExp(`${placed} placed, 0 rejected, 0 unknown, ${100 - placed} not sent of 100`));
  assert.match(r.stderr, /the venue did not say for how long; send the rest later with: bm order batch BTC_USDT --resume/);
  assert.equal(venueOrders(env).size, placed);

  const again = await batch(env, '--resume', journal);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(posts() - before - sent, (100 - placed) / 10, 'only the orders not sent are sent');
  const venue = venueOrders(env);
  assert.equal(venue.size, 100);
  const all = rowsOf(again.stdout);
  assert.deepEqual(all.map((x) => Number(scalarText(x.index))), Array.from({ length: 100 }, (_, i) => i + 1));
  for (const x of all) assert.equal(scalarText(x.order_id), venue.get(x.client_order_id));
});

test('exit codes: 6 when the venue refused every order, 9 when it refused some', async () => {
  const env = account();
  const last = lastPrice();
  const sell = JSON.stringify({ side: 'sell', type: 'limit', size: '0.01', price: `${last * 2n}` });
  const buy = JSON.stringify({ side: 'buy', type: 'limit', size: '0.01', price: `${last / 2n}` });
  const all = join(env.HOME!, 'sells.ndjson');
  writeFileSync(all, [sell, sell].join('\n'));
  const r = await batch(env, '--file', all);
  assert.equal(r.code, 6, r.stderr);
  assert.deepEqual(rowsOf(r.stdout).map((x) => [x.result, x.code]), [['rejected', '50020'], ['rejected', '50020']]);
  assert.match(r.stderr, /error: all 2 orders were rejected/);
  const some = join(env.HOME!, 'some.ndjson');
  writeFileSync(some, [buy, sell].join('\n'));
  const p = await batch(env, '--file', some);
  assert.equal(p.code, 9, p.stderr);
  assert.match(p.stderr, /1 of 2 orders were rejected; the others were placed/);
});

test('a 429 left after the allowed retries stops the batch the same way: not sent, exit 8, resumable', async () => {
  const env = account();
  const file = ordersFile(env, 20, 'slow');
  const journal = join(env.HOME!, 'slow.journal');
  shared.proxy.clear();
  // The venue's window is 10 ms (X-BM-RateLimit-Reset): the back-off between the retries is that short.
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, fault: { kind: 'reply', answer: envelope(429, 30013, 'too many requests', {}, { 'retry-after': '0', 'x-bm-ratelimit-reset': '0.01' }) } });
  const before = posts();
  const r = await batch(env, '--file', file, '--journal', journal);
  shared.proxy.clear();
  assert.equal(r.code, 8, r.stderr);
  assert.equal(posts() - before, 4, 'the first request and its three retries; no other request');
  assert.match(r.stderr, /the venue refused a request for its rate \(HTTP 429\): the batch stopped, 20 of 20 orders not sent; none is known sent/);
  const again = await batch(env, '--resume', journal);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(venueOrders(env).size, 20);
});
