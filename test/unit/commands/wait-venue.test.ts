// `order place --wait` against the real sandbox behind the fault proxy, on a clock the test moves: the order
// stream never acknowledges (every venue frame dropped), and the wait still ends at its deadline.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { follow } from '../../../src/commands/order/place.js';
import { Context } from '../../../src/context.js';
import { BmError } from '../../../src/errors.js';
import { IO, type InStream } from '../../../src/render/io.js';
import { fakeClock } from '../../helpers/fake-clock.js';
import { startFaultProxy } from '../../helpers/fault-proxy.js';
import { useSandbox } from '../../helpers/sandbox-server.js';

const harness = useSandbox(31);

/** A context through `base` for this account; stderr lines into `notes`, stdout into `out`. */
function contextFor(base: string, creds: { key: string; secret: string; memo: string }, notes: string[], out: string[]): Context {
  const env = { BM_API_KEY: creds.key, BM_API_SECRET: creds.secret, BM_API_MEMO: creds.memo, HOME: '/nonexistent', XDG_CACHE_HOME: '/tmp/bm-test-cache-wait' };
  const io = new IO({ write: (s: string) => (out.push(s), true) }, { write: (s: string) => (notes.push(s), true) }, new PassThrough() as unknown as InStream, env, 'never');
  return new Context(io, { baseUrl: base, timeout: '30000', json: true }, env);
}

test('--wait-timeout 3 with an order stream that never acknowledges: exit 10 by the deadline on the injected clock, polled meanwhile', async () => {
  const sb = harness.sandbox();
  const acct = sb.exchange.createAccount({ USDT: '100000' });
  const order = sb.exchange.placeOrder(acct.id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.01', price: '1000.00', client_order_id: 'waitDeaf1' });
  const proxy = await startFaultProxy(sb.url);
  const unmute = proxy.ws.mute();
  const notes: string[] = [];
  const out: string[] = [];
  const clock = fakeClock(1_000_000);
  const step = 100;
  try {
    const ctx = contextFor(proxy.url, acct, notes, out);
    let ended: { at: number; err: unknown } | undefined;
    const waiting = follow(ctx, { symbol: 'BTC_USDT', clientOrderId: 'waitDeaf1' }, order.order_id, { until: 'filled', timeoutMs: 3000 }, clock);
    waiting.then(() => (ended = { at: clock.now(), err: undefined }), (err: unknown) => (ended = { at: clock.now(), err }));
    // Real I/O runs between the steps; the wait's time moves only here, `step` ms at a time, once the first read is out.
    for (let i = 0; !ended && i < 2000; i++) {
      await new Promise((r) => setTimeout(r, 5));
      if (proxy.count('GET', '/spot/v1/order_detail') > 0) clock.advance(step);
    }
    assert.ok(ended, 'the wait never ended');
    assert.ok(ended.err instanceof BmError && ended.err.exitCode === 10, String(ended.err));
    assert.match((ended.err as Error).message, new RegExp(`waited 3 s; order ${order.order_id} shows status pending \\(4\\) and is left as it is`));
    assert.ok(ended.at <= 1_003_000 + step, `ended at +${ended.at - 1_000_000} ms, by a deadline of +3000 ms`);
    assert.ok(proxy.ws.opened() >= 1, 'the stream was tried');
    assert.ok(proxy.count('GET', '/spot/v1/order_detail') >= 2, 'the order was polled while the stream said nothing');
    assert.equal(clock.pending(), 0, 'nothing under the wait is left waiting on the clock');
    assert.equal(sb.exchange.order(acct.id, 'BTC_USDT', { order_id: order.order_id })?.status, 4, 'left as it is');
  } finally {
    unmute();
    await proxy.close();
  }
});
