/**
 * The pieces together against the real sandbox from the built binary: an order placed over REST is
 * pushed on the private WebSocket (`bm watch orders`) as open, then as cancelled, and shows in the
 * public book (`bm watch depth`) at its price until it is cancelled.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, test } from 'node:test';
import { BIN, bmAsync, isolatedEnv } from '../helpers/bm.js';
import { startStillSandbox } from '../helpers/sandbox-server.js';
import { parseJson, scalarText } from '../../src/util/json.js';
import { runBm } from '../helpers/in-process.js';

let url = '';
let stop: () => Promise<void> = async () => {};
let env: Record<string, string> = {};
const venue = () => ['--base-url', url, '--ws-url', url];

before(async () => {
  // The simulated market held still: no simulated trade fills the order under test between its placing and its cancel.
  ({ url, stop } = await startStillSandbox(7));
  const r = await runBm(['--base-url', url, 'sandbox', 'account', 'create', '--deposit', 'USDT=1000000,BTC=5', '--json'], isolatedEnv());
  assert.equal(r.code, 0, r.stderr);
  const a = JSON.parse(r.stdout) as { key: string; secret: string; memo: string };
  env = isolatedEnv({ BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo });
});
after(() => stop());

type Row = Record<string, unknown>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long a wait for what the binaries show may take (ms): long enough for a loaded machine. */
const WAIT_MS = 60_000;

/** Polls `probe` until it gives a value, or fails after `ms` saying what was awaited. */
async function within<T>(ms: number, what: string, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(100);
  }
}

/** A running `bm watch`: its NDJSON lines as they come (ids parsed exactly), and a way to end it. */
function watch(args: readonly string[]) {
  const child = spawn(process.execPath, [BIN, 'watch', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const rows: Row[] = [];
  let partial = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    const lines = (partial + c).split('\n');
    partial = lines.pop()!;
    for (const l of lines) if (l.trim()) rows.push(parseJson(l) as Row);
  });
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const exited = new Promise<number>((done) => child.on('close', (code) => done(code ?? -1)));
  return { rows, stderr: () => stderr, exited, end: () => (child.kill('SIGINT'), exited) };
}

async function place(price: string, cid: string): Promise<string> {
  const r = await bmAsync([...venue(), 'order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', price, '--client-order-id', cid, '--yes', '--json'], env);
  assert.equal(r.code, 0, r.stderr);
  return scalarText((parseJson(r.stdout) as Row).order_id);
}

async function cancel(id: string): Promise<void> {
  const r = await bmAsync([...venue(), 'order', 'cancel', 'BTC_USDT', '--order-id', id, '--yes', '--json'], env);
  assert.equal(r.code, 0, r.stderr);
}

/** The bids of the current book, 50 levels, from `bm watch depth --once`. */
async function bids(): Promise<string[][]> {
  const r = await bmAsync(['watch', 'depth', 'BTC_USDT', '--levels', '50', '-o', 'ndjson', '--once', ...venue()], env);
  assert.equal(r.code, 0, r.stderr);
  const book = JSON.parse(r.stdout.trim().split('\n')[0]!) as { table: string; symbol: string; bids: string[][] };
  assert.equal(book.table, 'spot/depth50');
  assert.equal(book.symbol, 'BTC_USDT');
  return book.bids;
}

test('an order placed over REST is pushed by watch orders (state 4, then 8) and shows in watch depth at its price', async () => {
  const t = parseJson((await bmAsync([...venue(), 'ticker', 'BTC_USDT', '--json'], env)).stdout) as { tickers: Array<{ last_price: string }> };
  // Probe orders at half the market rest far from the book.
  const half = BigInt(t.tickers[0]!.last_price.split('.')[0]!) / 2n;
  const w = watch(['orders', 'BTC_USDT', '-o', 'ndjson', '--duration', '300', ...venue()]);
  try {
    const seen = (cid: string, state: string) => w.rows.find((r) => r.client_order_id === cid && scalarText(r.state) === state);
    // The subscription's readiness is not printed: a probe order, repeated until one is pushed,
    // shows the stream is live before the order under test is placed.
    await within(WAIT_MS, `a probe order on the stream (stderr: ${w.stderr()})`, async () => {
      const cid = `probe${Date.now()}`;
      const id = await place(`${half - 100n}.00`, cid);
      // Not seen soon: the stream was not subscribed yet when it was pushed, and another probe goes.
      const row = await within(2000, 'probe', () => seen(cid, '4')).catch(() => undefined);
      await cancel(id);
      return row;
    });

    // Inside the 50 levels watch depth shows: the book is 200 levels deep, so half the market is
    // beyond them; between the 30th bid and the best one the order rests and stays in view.
    const deep = (await bids())[30]![0]!;
    const price = `${deep.split('.')[0]}.37`;
    const id = await place(price, 'liveOrder1');
    const open = await within(WAIT_MS, 'state 4 of liveOrder1', () => seen('liveOrder1', '4'));
    assert.equal(scalarText(open.order_id), id, 'the exact order id, beyond 2^53');
    assert.equal(open.table, 'spot/user/order');
    assert.equal(open.symbol, 'BTC_USDT');
    assert.equal(open.side, 'buy');
    assert.equal(open.price, price);
    assert.equal(open.size, '0.01');

    const level = await within(WAIT_MS, `bid ${price} in watch depth`, async () => (await bids()).find(([p]) => p === price));
    assert.deepEqual(level, [price, '0.01']);

    await cancel(id);
    const cancelled = await within(WAIT_MS, 'state 8 of liveOrder1', () => seen('liveOrder1', '8'));
    assert.equal(scalarText(cancelled.order_id), id);
    assert.equal(cancelled.filled_size, '0');
    await within(WAIT_MS, `bid ${price} gone from watch depth`, async () => ((await bids()).some(([p]) => p === price) ? undefined : true));

    // Every line is a push of this account's orders on the pair, nothing else.
    for (const r of w.rows) assert.equal(r.table, 'spot/user/order');
    const mine = w.rows.filter((r) => r.client_order_id === 'liveOrder1').map((r) => scalarText(r.state));
    assert.deepEqual(mine, ['4', '8']);
  } finally {
    const code = await w.end();
    assert.ok(code === 130 || code === 0, `watch exited ${code}: ${w.stderr()}`);
  }
});
