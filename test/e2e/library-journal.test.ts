/**
 * `client.order.batch` with the command line's journal, against the sandbox behind the fault proxy: a
 * batch stopped by the venue's rate refusal is completed by `client.order.batch.resume(path)` or by
 * `bm order batch --resume` (run in this process), each order placed exactly once; orders sent with
 * no proven outcome are looked up, never sent again; a resume with other orders is refused with
 * nothing sent.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BmError, Client } from '../../src/lib/index.js';
import { envelope } from '../helpers/fault-proxy.js';
import { useLibraryVenue } from '../helpers/library-venue.js';
import { isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';

const venue = useLibraryVenue(29, { USDT: '1000000' });
const env = isolatedEnv();
const BATCH = '/spot/v2/batch_orders';

type Api = Omit<Client, 'legacy'> & Record<string, any>;
const notes: string[] = [];
function client(): Api {
  return new Client({ baseUrl: venue.proxy.url, credentials: venue.credentials, env, timeoutMs: 30_000, onNote: (l) => notes.push(l) }) as Api;
}

/** `n` resting buys far below the market, each a cent apart, `tag` in their client order ids. */
async function orders(c: Api, n: number, tag: string): Promise<Array<Record<string, string>>> {
  const last = (await c.ticker({ symbol: 'BTC_USDT' })).tickers[0].last_price as string;
  const base = BigInt(last.split('.')[0]!) / 2n;
  return Array.from({ length: n }, (_, i) => ({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001', price: `${base - BigInt(i)}.25`, client_order_id: `${tag}${i}` }));
}

const journalPath = (name: string) => join(env.HOME ?? env.BM_STATE_DIR ?? '/tmp', `${name}-${process.pid}.ndjson`);
const lines = (path: string) => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

/** How many open orders the venue holds for each client order id with `tag`. */
async function held(c: Api, tag: string): Promise<Map<string, number>> {
  const open = await c.order.list({ symbol: 'BTC_USDT', status: 'open', limit: 100 });
  const m = new Map<string, number>();
  for (const o of open.orders as Array<{ client_order_id?: string; clientOrderId?: string }>) {
    const id = o.client_order_id ?? o.clientOrderId ?? '';
    if (id.startsWith(tag)) m.set(id, (m.get(id) ?? 0) + 1);
  }
  return m;
}

test('journal: the CLI\'s journal (header, outcomes, end line) and the orders beside it; a refusal for the rate stops the batch, resume(path) sends the rest once', async () => {
  const c = client();
  const list = await orders(c, 20, 'libj');
  const path = journalPath('libj');
  let n = 0;
  const remove = venue.proxy.add({ method: 'POST', path: BATCH, when: () => ++n === 2, fault: { kind: 'reply', answer: envelope(418, 30017, 'temporarily rejected', {}, { 'retry-after': '30' }) } });
  const first = await c.order.batch(list, { journal: path, maxDeviation: '60' });
  remove();
  assert.deepEqual([first.placed, first.notSent], [10, 10]);
  assert.equal(first.journal, path);
  const written = lines(path);
  assert.equal(written[0]!.batch, 2, 'the journal header of bm order batch');
  assert.equal(written[0]!.symbol, 'BTC_USDT');
  assert.deepEqual(written[0]!.ids, list.map((o) => o.client_order_id));
  assert.equal(written.at(-1)!.run, 'end', 'the run ended in order');
  assert.equal(written.filter((l) => l.result === 'placed').length, 10);
  assert.equal(written.filter((l) => l.state === 'unsent').length, 10);
  assert.ok(existsSync(`${path}.orders.json`), 'the orders beside the journal');
  assert.ok(notes.some((l) => l.includes(`client.order.batch.resume('${path}')`)), notes.join('\n'));

  // The client that saw the block holds off for 30 s: the bot restarts, as after a crash.
  const d = client();
  const sent = venue.proxy.count('POST', BATCH);
  const again = await d.order.batch.resume(path);
  assert.equal(venue.proxy.count('POST', BATCH) - sent, 1, 'only the 10 not sent');
  assert.deepEqual([again.placed, again.notSent, again.unknown], [20, 0, 0]);
  assert.deepEqual(again.orders.map((o: { clientOrderId?: string; client_order_id?: string }) => o.clientOrderId ?? o.client_order_id), list.map((o) => o.client_order_id));
  const counts = await held(d, 'libj');
  assert.equal(counts.size, 20);
  assert.ok([...counts.values()].every((x) => x === 1), 'each order once');
  assert.equal(lines(path).filter((l) => l.run === 'resume').length, 1);

  const other = await d.order.batch(list.map((o) => ({ ...o, size: '0.002' })), { resume: path }).then(() => undefined, (e: unknown) => e);
  assert.ok(other instanceof BmError && other.exitCode === 2, String(other));
  assert.match(other.message, /not the file of this journal \(its orders differ\)/);
  assert.equal(venue.proxy.count('POST', BATCH) - sent, 1, 'nothing sent');
  const exists = await d.order.batch(list, { journal: path }).then(() => undefined, (e: unknown) => e);
  assert.ok(exists instanceof BmError && exists.exitCode === 2, String(exists));
  assert.match(exists.message, /exists; resume it/);
  await d.order.cancelAll({ symbol: 'BTC_USDT' });
});

test('unknown outcomes in the journal are looked up on resume, never sent again', async () => {
  const c = client();
  const list = await orders(c, 3, 'libjlost');
  const path = journalPath('libjlost');
  const removes = [
    venue.proxy.add({ method: 'POST', path: BATCH, fault: { kind: 'cut' } }),
    venue.proxy.add({ method: 'GET', path: '/spot/v1/order_detail', fault: { kind: 'reply', answer: envelope(400, 50000, 'Bad Request') } }),
  ];
  const first = await c.order.batch(list, { journal: path });
  for (const r of removes) r();
  assert.equal(first.unknown, 3);
  const sent = venue.proxy.count('POST', BATCH);
  const again = await c.order.batch(list, { resume: path });
  assert.equal(venue.proxy.count('POST', BATCH) - sent, 0, 'looked up, not re-sent');
  assert.equal(again.placed, 3);
  assert.ok(again.orders.every((o: { message: string }) => /found by client order id/.test(o.message)));
  await c.order.cancelAll({ symbol: 'BTC_USDT' });
});

test('a library journal is the CLI\'s: bm order batch --resume completes it', async () => {
  const c = client();
  const list = await orders(c, 15, 'libjcli');
  const path = journalPath('libjcli');
  let n = 0;
  const remove = venue.proxy.add({ method: 'POST', path: BATCH, when: () => ++n === 2, fault: { kind: 'reply', answer: envelope(418, 30017, 'temporarily rejected', {}, { 'retry-after': '30' }) } });
  const first = await c.order.batch(list, { journal: path });
  remove();
  assert.deepEqual([first.placed, first.notSent], [10, 5]);
  const { key, secret, memo } = venue.credentials;
  const r = await runBm(['--base-url', venue.proxy.url, 'order', 'batch', 'BTC_USDT', '--resume', path, '--yes', '-o', 'ndjson'], isolatedEnv({ BM_API_KEY: key, BM_API_SECRET: secret, BM_API_MEMO: memo }));
  assert.equal(r.code, 0, r.stderr);
  const d = client();
  const counts = await held(d, 'libjcli');
  assert.equal(counts.size, 15);
  assert.ok([...counts.values()].every((x) => x === 1), 'each order once');
  await d.order.cancelAll({ symbol: 'BTC_USDT' });
});
