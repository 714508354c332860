// Your orders after a gap in the stream: an order cancelled and one filled while the connection was
// down (their pushes lost) are shown as they are now once it is back, by `bm watch orders` and by the
// library's order stream. The real sandbox, its market held still, behind the fault proxy: the venue's
// pushes of the gap are dropped on their way (and read, to know they were sent), then the connection
// is cut. Only a read over REST after the reconnect can tell the stream what became of the orders.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { SandboxAccount } from '../../src/sandbox/exchange-api.js';
import { Client } from '../../src/lib/index.js';
import { add, fmt, mul, norm } from '../../src/util/decimal.js';
import { decodeFrame } from '../../src/ws/codec.js';
import type { Entry } from '../../src/ws/codec.js';
import { isolatedEnv } from '../helpers/bm.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { startBm } from '../helpers/in-process-stream.js';
import { useSandbox } from '../helpers/sandbox-server.js';

const h = useSandbox(31, { strict: true });
/** One proxy for the file, made by its first test (the sandbox is up by then). */
let proxy!: FaultProxy;
let started: Promise<FaultProxy> | undefined;
const useProxy = async () => (proxy = await (started ??= startFaultProxy(h.base())));
after(async () => (await started)?.close());

const SYMBOL = 'BTC_USDT';
const ex = () => h.sandbox().exchange;

/** Waits for `cond`, re-checked every few ms; fails naming `what` after a generous deadline. */
async function until(what: string, cond: () => boolean, limitMs = 30_000): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > limitMs) throw new Error(`not within ${limitMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Two orders of a fresh account: one resting far below the market, one selling at the best ask. */
function twoOrders(): { trader: SandboxAccount; resting: string; selling: string; size: string } {
  const trader = ex().createAccount({ USDT: '100000', BTC: '10' });
  const t = ex().ticker(SYMBOL);
  const size = '0.01';
  // Far below the market, worth the minimum (5 USDT).
  const resting = ex().placeOrder(trader.id, { symbol: SYMBOL, side: 'buy', type: 'limit', size: '10', price: '1' }).order_id;
  const selling = ex().placeOrder(trader.id, { symbol: SYMBOL, side: 'sell', type: 'limit', size, price: t.best_ask }).order_id;
  return { trader, resting, selling, size };
}

/**
 * The gap: every push of the venue is dropped (and read) while the resting order is cancelled and the
 * selling one filled by another account's market buy; once both were pushed (and lost), the connection
 * is cut. The stream reconnects by itself.
 */
async function gap(o: ReturnType<typeof twoOrders>): Promise<void> {
  const lost: Entry[] = [];
  const stop = proxy.ws.rewrite((payload, binary) => {
    const f = decodeFrame(payload, binary);
    if (f.kind !== 'push') return payload;
    lost.push(...f.data);
    return undefined;
  });
  try {
    ex().cancelOrder(o.trader.id, SYMBOL, { order_id: o.resting });
    const t = ex().ticker(SYMBOL);
    // Enough to take the whole best ask level (the trader's order at its end) and more, in whole USDT.
    const notional = fmt(add(mul(add(t.best_ask_size, o.size), mul(t.best_ask, '2')), '1'), 0);
    const buyer = ex().createAccount({ USDT: norm(mul(notional, '2')) });
    ex().placeOrder(buyer.id, { symbol: SYMBOL, side: 'buy', type: 'market', notional });
    assert.equal(String(ex().order(o.trader.id, SYMBOL, { order_id: o.selling })?.status), '6', 'the selling order was filled');
    const pushed = (id: string, state: string) => lost.some((e) => e.order_id === id && e.state === state);
    await until('the cancel and the fill pushed (and dropped)', () => pushed(o.resting, '8') && pushed(o.selling, '6'));
  } finally {
    stop();
  }
  assert.equal(proxy.ws.cut(), 1, 'one stream was open');
}

test('bm watch orders: an order cancelled and one filled during a gap are shown as they are now after the reconnect', async () => {
  await useProxy();
  const o = twoOrders();
  const env = isolatedEnv({ BM_API_KEY: o.trader.key, BM_API_SECRET: o.trader.secret, BM_API_MEMO: o.trader.memo });
  const wsUrl = proxy.url.replace(/^http/, 'ws');
  const run = startBm(['watch', 'orders', SYMBOL, '-o', 'ndjson', '--ws-url', wsUrl, '--base-url', proxy.url], env);
  const line = (id: string, state: string) => new RegExp(`"order_id":"${id}"[^\\n]*"state":"${state}"`);
  try {
    // The open orders at subscription: both, pending.
    await run.waitFor(line(o.resting, '4'));
    await run.waitFor(line(o.selling, '4'));
    const readsBefore = proxy.count('GET', '/spot/v2/orders');
    await gap(o);
    await run.waitFor(line(o.resting, '8'));
    await run.waitFor(line(o.selling, '6'));
    assert.ok(proxy.count('GET', '/spot/v2/orders') > readsBefore, 'the open orders were read again');
    assert.ok(proxy.count('GET', '/spot/v1/order_detail') >= 2, 'each order no longer open was read');
  } finally {
    run.stop();
  }
  const r = await run.done;
  assert.equal(r.code, 0, r.stderr);
  const after = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  const filled = after.find((e) => e.order_id === o.selling && e.state === '6');
  assert.deepEqual([filled?.table, filled?.filled_size], ['spot/user/order', o.size], 'shaped as the channel pushes it, exact');
});

test('the library\'s order stream: the same orders after a gap come as pushes of where they stand', async () => {
  await useProxy();
  const o = twoOrders();
  const c = new Client({ baseUrl: proxy.url, credentials: { key: o.trader.key, secret: o.trader.secret, memo: o.trader.memo }, env: isolatedEnv(), timeoutMs: 30_000 });
  try {
    const stream = c.watch.orders(SYMBOL);
    const seen = new Map<string, string>();
    // Pushes are read as they come; a stream that never brings what is awaited fails the test at its deadline.
    const read = async (cond: () => boolean) => {
      const t0 = Date.now();
      while (!cond()) {
        let cancel!: () => void;
        const late = new Promise<never>((_, ko) => {
          const t = setTimeout(() => ko(new Error(`not within 30000 ms: ${JSON.stringify([...seen])}`)), Math.max(0, 30_000 - (Date.now() - t0)));
          cancel = () => clearTimeout(t);
        });
        const { value, done } = await Promise.race([stream.next(), late]).finally(cancel);
        assert.equal(done, false, 'the stream ended');
        seen.set(String(value.order_id), String(value.state));
      }
    };
    await read(() => seen.get(o.resting) === '4' && seen.get(o.selling) === '4');
    await gap(o);
    await read(() => seen.get(o.resting) === '8' && seen.get(o.selling) === '6');
  } finally {
    await c.close();
  }
});
