/**
 * `bm order batch` claims only what the venue proved, against the sandbox behind the fault proxy:
 * bad lines and duplicate client order ids refused before anything is sent, 50042 and lost answers
 * looked up (one venue order per line), a journal that lost records or was edited, a 418 that stops
 * the batch, and the fat-finger guard of `order place` on every line.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BATCH_PATH, useBatchVenue, rowsOf } from '../helpers/batch.js';
import { envelope } from '../helpers/fault-proxy.js';
import { runBm } from '../helpers/in-process.js';
import { parseJson, scalarText } from '../../src/util/json.js';

const shared = useBatchVenue(11);
const { account, batch, lastPrice, ordersFile, posts, venueOrders } = shared;
const write = (env: Record<string, string>, name: string, text: string) => {
  const file = join(env.HOME!, name);
  writeFileSync(file, text);
  return file;
};

test('every bad line at once, one line each, and duplicate client order ids (as the venue compares them) named with their lines: exit 2, nothing sent', async () => {
  const env = account();
  const bid = lastPrice() / 2n;
  const line = (o: Record<string, string>) => JSON.stringify({ side: 'buy', type: 'limit', size: '0.01', price: `${bid}`, ...o });
  const file = write(env, 'bad.ndjson', [
    line({ client_order_id: 'dupA' }), line({ client_order_id: 'dupB' }), line({ price: '1.123456789' }), '',
    line({ client_order_id: 'dupA' }), line({ side: 'hold' }), line({ client_order_id: 'dupB' }), line({ client_order_id: 'DUPA' }), line({ client_order_id: 'dupA' }),
  ].join('\n'));
  shared.proxy.clear();
  const before = posts();
  const r = await batch(env, '--file', file);
  assert.equal(r.code, 2, r.stderr);
  const lines = r.stderr.split('\n');
  assert.match(r.stderr, new RegExp(`${file.replace(/[.]/g, '\\.')}: 7 of 8 orders refused; nothing was sent`));
  assert.equal(lines.filter((l) => /^ {2}line 3: --price: at most 2 decimal places/.test(l)).length, 1);
  assert.equal(lines.filter((l) => /^ {2}line 6: --side: must be one of buy, sell/.test(l)).length, 1);
  assert.ok(lines.includes("  line 1, line 5, line 9: the same client order id 'dupA' (the venue holds one order per id; give each order its own)"), r.stderr);
  assert.ok(lines.some((l) => l.startsWith("  line 2, line 7: the same client order id 'dupB'")), r.stderr);
  assert.doesNotMatch(r.stderr, /'DUPA'/, 'the venue keeps ids as given: DUPA is another id');
  assert.equal(r.stdout, '');
  assert.equal(posts(), before, 'nothing sent');
  assert.equal(venueOrders(env).size, 0);
});

test('no orders ([], an empty file, NDJSON of blank lines, an empty order_params): exit 2 "no orders in <file>", nothing sent', async () => {
  const env = account();
  const before = posts();
  for (const [name, text] of [['list.json', '[]'], ['empty.ndjson', ''], ['blank.ndjson', '\n  \n\n'], ['params.json', '{"order_params":[]}']] as const) {
    const file = write(env, name, text);
    const r = await batch(env, '--file', file);
    assert.equal(r.code, 2, `${name}: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(`error: no orders in ${file.replace(/[.]/g, '\\.')}\\n`), name);
  }
  const stdin = await runBm(['--base-url', shared.proxy.url, 'order', 'batch', 'BTC_USDT', '--file', '-', '--yes'], env, '[]');
  assert.equal(stdin.code, 2);
  assert.match(stdin.stderr, /no orders in stdin/);
  assert.equal(posts(), before);
});

test('--max-deviation as order place: every line too far through the market named at once, exit 2, nothing sent; a wider bound lets them through', async () => {
  const env = account();
  const last = lastPrice();
  const order = (side: string, price: bigint) => JSON.stringify({ side, type: 'limit', size: '0.001', price: `${price}` });
  // A buy 54% above the last price, a sell 50% below it, a buy 11% above it; a resting buy far below is fine.
  const file = write(env, 'far.ndjson', [order('buy', last / 2n), order('buy', (last * 154n) / 100n), order('sell', last / 2n), order('buy', (last * 111n) / 100n)].join('\n'));
  const before = posts();
  const r = await batch(env, '--file', file);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /3 of 4 orders refused; nothing was sent/);
  assert.match(r.stderr, /\n {2}line 2: --price: \d+ is 5[34](\.\d+)?% above the last price \S+; a buy may be at most 10% above it/);
  assert.match(r.stderr, /\n {2}line 3: --price: \d+ is (49|50)(\.\d+)?% below the last price/);
  assert.match(r.stderr, /\n {2}line 4: --price: \d+ is 1[01](\.\d+)?% above the last price/);
  assert.doesNotMatch(r.stderr, /line 1:/);
  assert.match(r.stderr, /hint: check the prices; to send them anyway: --max-deviation 5[45] \(or none to skip the check\)/);
  assert.equal(posts(), before, 'nothing sent');
  // A bound of 60% lets every line through (shown by a dry run, which sends nothing).
  const dry = await runBm(['--base-url', shared.proxy.url, 'order', 'batch', 'BTC_USDT', '--file', file, '--max-deviation', '60', '--dry-run'], env);
  assert.equal(dry.code, 0, dry.stderr);
  assert.equal((dry.stdout.match(/"order_params"/g) ?? []).length, 1, dry.stdout);
  assert.equal(posts(), before, 'a dry run sends nothing');
  const bad = await batch(env, '--file', file, '--max-deviation', 'lots');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--max-deviation: a percentage like 10, or none/);
});

test('a 50042 refusal is looked up before it is called rejected: the venue holds it under our id (placed), or it stays unknown (exit 11)', async () => {
  const env = account();
  const file = ordersFile(env, 4, 'dupok');
  shared.proxy.clear();
  // The venue places the four; its answer is rewritten to call two of them duplicates.
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, times: 1, fault: { kind: 'rewrite', fn: (a) => {
    const body = parseJson(a.body) as { data: { responses: unknown[] } };
    for (const j of [1, 3]) body.data.responses[j] = { code: 50042, msg: 'duplicate clientOrderId' };
    return { ...a, body: JSON.stringify(body) };
  } } });
  const r = await batch(env, '--file', file);
  assert.equal(r.code, 0, r.stderr);
  const venue = venueOrders(env);
  const rows = rowsOf(r.stdout);
  assert.deepEqual(rows.map((x) => x.result), ['placed', 'placed', 'placed', 'placed']);
  assert.match(rows[1]!.message, /found by client order id after a refusal as a duplicate client order id/);
  for (const x of rows) assert.equal(scalarText(x.order_id), venue.get(x.client_order_id));

  // The venue never saw these: a 50042 for them proves nothing, and the lookup finds none.
  const other = ordersFile(env, 2, 'dupnone');
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, times: 1, fault: { kind: 'reply', answer: envelope(200, 1000, 'OK', { responses: [{ code: 50042, msg: 'duplicate clientOrderId' }, { code: 50042, msg: 'duplicate clientOrderId' }] }) } });
  const u = await batch(env, '--file', other);
  assert.equal(u.code, 11, u.stderr);
  assert.deepEqual(rowsOf(u.stdout).map((x) => x.result), ['unknown', 'unknown']);
  assert.match(u.stderr, /2 of 2 orders have an unknown outcome/);
  assert.equal([...venueOrders(env).keys()].filter((k) => k.startsWith('dupnone')).length, 0);
});

test('one venue order settles at most one line: two lookups shown the same order leave the second line unknown', async () => {
  const env = account();
  const file = ordersFile(env, 2, 'claim');
  // Both lines the same terms, so only the client order id and the order id tell them apart.
  writeFileSync(file, readFileSync(file, 'utf8').replace(/"price":"[^"]*"/g, `"price":"${lastPrice() / 2n}"`));
  shared.proxy.clear();
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, times: 1, fault: { kind: 'cut' } });
  let shown = '';
  shared.proxy.add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'rewrite', fn: (a) => {
    const id = /"order_id":"?(\d+)/.exec(a.body)?.[1];
    shown ||= id ?? '';
    return { ...a, body: a.body.replace(/"order_id":("?)\d+/, `"order_id":$1${shown}`) };
  } } });
  const before = posts();
  const r = await runBm(['--base-url', shared.proxy.url, '--timeout', '30000', 'order', 'batch', 'BTC_USDT', '--file', file, '--yes', '-o', 'ndjson'], env);
  shared.proxy.clear();
  assert.equal(r.code, 11, r.stderr);
  const rows = rowsOf(r.stdout);
  assert.deepEqual(rows.map((x) => x.result).sort(), ['placed', 'unknown']);
  const placed = rows.find((x) => x.result === 'placed')!;
  assert.equal(scalarText(placed.order_id), shown);
  assert.match(rows.find((x) => x.result === 'unknown')!.message, new RegExp(`the venue showed order ${shown}, which is order ${scalarText(placed.index)}'s outcome`));
  assert.equal(posts() - before, 1, 'sent once');
  assert.equal(venueOrders(env).size, 2, 'the venue holds both: the second is unknown, not claimed twice');
});

test('--resume of a journal that lost its records (cut at a line, then a torn line): every order without a proven outcome is looked up first, nothing sent twice', async () => {
  const env = account();
  const file = ordersFile(env, 20, 'lost');
  const journal = join(env.HOME!, 'lost.journal');
  shared.proxy.clear();
  const done = await batch(env, '--file', file, '--journal', journal);
  assert.equal(done.code, 0, done.stderr);
  // As after a power loss: only the header and the first request's `sending` lines reached the disk, then half a line.
  const lines = readFileSync(journal, 'utf8').split('\n');
  writeFileSync(journal, `${lines.slice(0, 11).join('\n')}\n{"i":11,"client_order_id":"lo`);
  const before = posts();
  const r = await batch(env, '--resume', journal);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /the journal's last run was cut short \(its last line is torn\)/);
  assert.equal(posts(), before, 'every order was found: none sent again');
  const rows = rowsOf(r.stdout);
  const venue = venueOrders(env);
  assert.equal(rows.length, 20);
  assert.equal(venue.size, 20, 'the venue holds each order once');
  for (const x of rows) {
    assert.equal(x.result, 'placed');
    assert.match(x.message, /found by client order id/);
    assert.equal(scalarText(x.order_id), venue.get(x.client_order_id));
  }
  // Resumed again: the journal, torn line cut off, is intact and settled.
  const again = await batch(env, '--resume', journal);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(posts(), before);
});

test('--resume of a journal whose header or a line was edited: exit 2, nothing sent or looked up', async () => {
  const env = account();
  const file = ordersFile(env, 3, 'edit');
  const journal = join(env.HOME!, 'edit.journal');
  shared.proxy.clear();
  shared.proxy.add({ method: 'POST', path: BATCH_PATH, times: 1, fault: { kind: 'reply', answer: envelope(200, 1000, 'OK', { accepted: true }) } });
  shared.proxy.add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'reply', answer: envelope(400, 50000, 'Bad Request') } });
  const first = await runBm(['--base-url', shared.proxy.url, 'order', 'batch', 'BTC_USDT', '--file', write(env, 'edit.json', JSON.stringify(readFileSync(file, 'utf8').trim().split('\n').map((l) => ({ ...JSON.parse(l), client_order_id: undefined })))), '--journal', journal, '--yes', '-o', 'ndjson'], env);
  shared.proxy.clear();
  assert.equal(first.code, 11, first.stderr);
  const text = readFileSync(journal, 'utf8');
  const id = (parseJson(text.split('\n')[0]!) as { ids: string[] }).ids[0]!;
  const before = shared.proxy.seen.length;
  writeFileSync(journal, text.replace(`"${id}"`, `"${id.slice(0, -1)}x"`));
  const r = await batch(env, '--resume', journal);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /line 1 was changed after it was written \(its digest does not match\): an edited journal is not resumed/);
  writeFileSync(journal, text.replace('"state":"sending"', '"state":"unsent"'));
  const r2 = await batch(env, '--resume', journal);
  assert.equal(r2.code, 2);
  assert.match(r2.stderr, /line 2 was changed after it was written/);
  assert.equal(shared.proxy.seen.length, before, 'nothing sent, nothing looked up');
});
