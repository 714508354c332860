// `bm order amend` run in this process against the real sandbox behind the fault proxy: the cancel is
// proven before the new order leaves (one of each at the proxy), a lost cancel answer is looked up and
// not sent again, and an order that filled meanwhile (fully, or in part) is replaced by what is left or
// by nothing. The fills are made on the exchange itself, synchronously, while the cancel is on its way.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { SandboxAccount } from '../../src/sandbox/exchange-api.js';
import type { AmendOptions, AmendParams, AmendResult } from '../../src/lib/types-orders.js';
import type { DryRun } from '../../src/lib/types.js';
import { add, norm } from '../../src/util/decimal.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { runBm, runCli } from '../helpers/in-process.js';
import { skipClock } from '../helpers/skip-clock.js';
import { useSandbox } from '../helpers/sandbox-server.js';

// A still market: only the tests' own trades fill an order, however slowly the file runs.
const harness = useSandbox(43);
const home = mkdtempSync(join(tmpdir(), 'bm-amend-'));
const CANCEL = '/spot/v3/cancel_order';
const SUBMIT = '/spot/v2/submit_order';
/** Far below the simulated market (about 65000): nothing but the test's own sells reach it. */
const LOW = '50000.00';

function envOf(proxy: FaultProxy, a: SandboxAccount): Record<string, string> {
  return {
    HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), XDG_CACHE_HOME: join(home, 'cache'),
    BM_BASE_URL: proxy.url, BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo,
  };
}

interface Setup {
  readonly proxy: FaultProxy;
  readonly me: SandboxAccount;
  readonly env: Record<string, string>;
  readonly orderId: string;
  /** Cancels what the test left open (an order at our price would take the next test's fills first) and closes the proxy. */
  readonly done: () => Promise<void>;
}

async function setup(): Promise<Setup> {
  const ex = harness.sandbox().exchange;
  const proxy = await startFaultProxy(harness.base());
  const me = ex.createAccount({ USDT: '100000' });
  const o = ex.placeOrder(me.id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: LOW, size: '0.01' });
  const done = async () => {
    ex.cancelAll(me.id, 'BTC_USDT');
    await proxy.close();
  };
  return { proxy, me, env: envOf(proxy, me), orderId: o.order_id, done };
}

/**
 * Sells into every bid at or above our price, so that exactly `ours` of our order fills: the bids above
 * it are taken whole first (price-time priority), all in one synchronous step the market cannot interleave.
 */
function fillOurs(ours: string): void {
  const ex = harness.sandbox().exchange;
  const other = ex.createAccount({ BTC: '10000' });
  const above = ex.depth('BTC_USDT', 5000).bids.filter(([p]) => Number(p) > Number(LOW)).reduce((s, [, n]) => norm(add(s, n)), '0');
  ex.placeOrder(other.id, { symbol: 'BTC_USDT', side: 'sell', type: 'ioc', price: LOW, size: norm(add(above, ours)) });
}

/** A rule that runs `fn` when the cancel reaches the proxy, before it is forwarded. */
function onCancel(proxy: FaultProxy, fn: () => void): void {
  let done = false;
  proxy.add({ method: 'POST', path: CANCEL, when: () => (done ? false : ((done = true), fn(), false)), fault: { kind: 'hang' } });
}

function json(stdout: string): Record<string, string | null> {
  return JSON.parse(stdout) as Record<string, string | null>;
}

test('amend: the cancel proven, then the new order placed at the new price; one of each reaches the venue', async () => {
  const { proxy, me, env, orderId, done } = await setup();
  try {
    const r = await runBm(['order', 'amend', 'BTC_USDT', '--order-id', orderId, '--price', '49000.00', '--yes', '--json'], env);
    assert.equal(r.code, 0, r.stderr);
    const row = json(r.stdout);
    assert.equal(row.old_order_id, orderId);
    assert.equal(row.old_result, 'cancelled');
    assert.equal(row.old_filled, '0');
    assert.deepEqual([row.size, row.price, row.result], ['0.01', '49000.00', 'placed']);
    assert.equal(proxy.count('POST', CANCEL), 1);
    assert.equal(proxy.count('POST', SUBMIT), 1);
    // The cancel left before the new order: the new one never stands beside the old.
    const order = proxy.seen.filter((s) => s.method === 'POST').map((s) => s.path);
    assert.deepEqual(order, [CANCEL, SUBMIT]);
    const ex = harness.sandbox().exchange;
    assert.equal(ex.order(me.id, 'BTC_USDT', { order_id: orderId })!.status, 8);
    const placed = ex.order(me.id, 'BTC_USDT', { order_id: row.order_id! })!;
    assert.deepEqual([placed.price, placed.size, placed.status, placed.client_order_id], ['49000', '0.01', 4, row.client_order_id]);
  } finally {
    await done();
  }
});

test('amend: a lost cancel answer is looked up, not sent again; the new order goes once the lookup proves the cancel', async () => {
  const { proxy, env, orderId, done } = await setup();
  try {
    proxy.add({ method: 'POST', path: CANCEL, fault: { kind: 'cut' }, times: 1 });
    const r = await runBm(['--timeout', '30000', 'order', 'amend', 'BTC_USDT', '--order-id', orderId, '--size', '0.02', '--yes', '--json'], env);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, new RegExp(`looking it up \\(bm order get BTC_USDT --order-id ${orderId}\\) instead of sending it again`));
    const row = json(r.stdout);
    assert.deepEqual([row.old_result, row.size, row.price, row.result], ['cancelled', '0.02', '50000', 'placed'], 'the price as the order shows it');
    assert.match(r.stderr, /cancelled \(proven by looking it up\)/);
    assert.equal(proxy.count('POST', CANCEL), 1, 'the cancel is not repeated');
    assert.equal(proxy.count('POST', SUBMIT), 1);
  } finally {
    await done();
  }
});

test('amend: the cancel\'s outcome unknown (no answer, lookup failing): exit 11 with the command to check, the new order not sent', async () => {
  const { proxy, env, orderId, done } = await setup();
  try {
    const clock = skipClock();
    proxy.add({ method: 'POST', path: CANCEL, fault: { kind: 'hang' }, times: 1, held: () => clock.skip(30_000) });
    proxy.add({ method: 'GET', path: '/spot/v1/order_detail', when: () => proxy.count('POST', CANCEL) > 0, fault: { kind: 'reset' } });
    const r = await runCli(['--timeout', '30000', 'order', 'amend', 'BTC_USDT', '--order-id', orderId, '--price', '49000.00', '--yes'], { env, clock });
    assert.equal(r.code, 11, r.stderr);
    assert.match(r.stderr, /outcome unknown: .*the new order was not sent/);
    assert.match(r.stderr, new RegExp(`check with: bm order get BTC_USDT --order-id ${orderId}`));
    assert.equal(proxy.count('POST', SUBMIT), 0);
  } finally {
    await done();
  }
});

test('amend: the new order\'s answer lost: looked up by its own client order id, not sent again; unknown: exit 11 naming it', async () => {
  const { proxy, env, orderId, done } = await setup();
  try {
    proxy.add({ method: 'POST', path: SUBMIT, fault: { kind: 'cut' }, times: 1 });
    const r = await runBm(['--timeout', '30000', 'order', 'amend', 'BTC_USDT', '--order-id', orderId, '--price', '49000.00', '--new-client-order-id', 'amendLost1', '--yes', '--json'], env);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /looking it up \(bm order get BTC_USDT --client-order-id amendLost1\) instead of sending it again/);
    const row = json(r.stdout);
    assert.deepEqual([row.old_result, row.client_order_id, row.result], ['cancelled', 'amendLost1', 'placed']);
    assert.deepEqual([proxy.count('POST', CANCEL), proxy.count('POST', SUBMIT)], [1, 1]);

    // The new one amended in turn, its answer never coming and the lookup finding nothing: not claimed.
    const clock = skipClock();
    proxy.add({ method: 'POST', path: SUBMIT, fault: { kind: 'hang' }, times: 1, held: () => clock.skip(30_000) });
    const unknown = await runCli(['--timeout', '30000', 'order', 'amend', 'BTC_USDT', '--client-order-id', 'amendLost1', '--price', '48000.00', '--new-client-order-id', 'amendLost2', '--yes'], { env, clock });
    assert.equal(unknown.code, 11, unknown.stderr);
    assert.match(unknown.stderr, new RegExp(`order ${row.order_id} cancelled \\(0 filled\\); order amend \\(new order, client order id amendLost2\\): outcome unknown`));
    assert.match(unknown.stderr, /check with: bm order get BTC_USDT --client-order-id amendLost2/);
    assert.equal(proxy.count('POST', SUBMIT), 2, 'sent once');
  } finally {
    await done();
  }
});

test('amend of an order that filled in part meanwhile: the new order is for what is left of the new size', async () => {
  const { proxy, env, orderId, done } = await setup();
  try {
    onCancel(proxy, () => fillOurs('0.004'));
    const r = await runBm(['order', 'amend', 'BTC_USDT', '--order-id', orderId, '--price', '49000.00', '--size', '0.015', '--yes', '--json'], env);
    assert.equal(r.code, 0, r.stderr);
    const row = json(r.stdout);
    // 0.015 in all, 0.004 of it filled on the old order: 0.011 placed.
    assert.deepEqual([row.old_result, row.old_filled, row.size, row.price, row.result], ['cancelled', '0.004', '0.011', '49000.00', 'placed']);
    assert.equal(proxy.count('POST', SUBMIT), 1);
  } finally {
    await done();
  }
});

test('amend of an order that filled whole meanwhile: no new order, exit 6 saying so', async () => {
  const { proxy, env, orderId, done } = await setup();
  try {
    onCancel(proxy, () => fillOurs('0.01'));
    const r = await runBm(['order', 'amend', 'BTC_USDT', '--order-id', orderId, '--price', '49000.00', '--yes', '--json'], env);
    assert.equal(r.code, 6, r.stderr);
    const row = json(r.stdout);
    assert.equal(row.order_id, null);
    assert.match(row.result!, /^not placed: the old order was filled before the cancel took$/);
    assert.match(r.stderr, new RegExp(`order amend: order ${orderId} not amended`));
    assert.equal(proxy.count('POST', CANCEL), 1);
    assert.equal(proxy.count('POST', SUBMIT), 0);
  } finally {
    await done();
  }
});

test('amend: bad options and orders that cannot be amended are refused before any write', async () => {
  const { proxy, env, orderId, done } = await setup();
  try {
    const cases: Array<[string[], number, RegExp]> = [
      [['--order-id', orderId], 2, /give --price, --size or both/],
      [['--price', '1'], 2, /give exactly one of --order-id and --client-order-id/],
      [['--order-id', orderId, '--price', 'abc'], 2, /--price/],
      [['--order-id', orderId, '--price', '49000.001'], 2, /--price: at most 2 decimal places/],
      [['--order-id', orderId, '--price', '90000.00'], 2, /above the last price/],
      [['--order-id', orderId, '--price', '49000.00', '--fields', 'nosuch'], 2, /--fields/],
      [['--order-id', orderId, '--price', '49000.00', '-o', 'xml'], 2, /--output/],
    ];
    for (const [args, code, message] of cases) {
      const r = await runBm(['order', 'amend', 'BTC_USDT', ...args, '--yes'], env);
      assert.equal(r.code, code, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message);
    }
    const noTerminal = await runBm(['order', 'amend', 'BTC_USDT', '--order-id', orderId, '--price', '49000.00'], env);
    assert.equal(noTerminal.code, 2, noTerminal.stderr);
    const dry = await runBm(['order', 'amend', 'BTC_USDT', '--order-id', orderId, '--price', '49000.00', '--dry-run'], env);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout + dry.stderr, /cancel_order[\s\S]*submit_order/);
    assert.equal(proxy.count('POST', CANCEL) + proxy.count('POST', SUBMIT), 0, 'nothing written');
  } finally {
    await done();
  }
});

test('client.order.amend: the same cancel-replace for a bot, its outcome as data', async () => {
  const { proxy, me, orderId, done } = await setup();
  const { Client } = await import('../../src/lib/index.js');
  // The source class is typed by its tree at run time; its declared overloads (types/bm.d.ts) are checked
  // against the built package by test/fixtures/library/bot.mts (library-pack), so here the plain signature.
  type Amend = (params: AmendParams, opts?: AmendOptions) => Promise<AmendResult | DryRun[]>;
  const client = new Client({ baseUrl: proxy.url, credentials: { key: me.key, secret: me.secret, memo: me.memo }, env: {}, timeoutMs: 30_000 }) as unknown as { order: { amend: Amend }; close(): Promise<void> };
  const sent = async (...args: Parameters<Amend>): Promise<AmendResult> => {
    const r = await client.order.amend(...args);
    assert.ok(!Array.isArray(r), 'an amend sent resolves with its outcome');
    return r;
  };
  try {
    const dry = await client.order.amend({ symbol: 'BTC_USDT', order_id: orderId, price: '49500.00' }, { dryRun: true });
    assert.ok(Array.isArray(dry) && dry.length === 2, 'a dry run gives both requests');
    assert.equal(proxy.count('POST', CANCEL), 0);
    // The deviation guard is asked for in the call's options (as for a batch); a price through it is refused before sending.
    await assert.rejects(client.order.amend({ symbol: 'BTC_USDT', order_id: orderId, price: '90000.00' }, { maxDeviation: '10', dryRun: true }), /above the last price/);
    await assert.rejects(client.order.amend({ symbol: 'BTC_USDT', order_id: orderId, price: '90000.00' }, { maxDeviation: '10' }), /above the last price/);
    // Not asked for, no guard (as for client.order.place: a bot sets its own prices).
    const unguarded = await client.order.amend({ symbol: 'BTC_USDT', order_id: orderId, price: '90000.00' }, { dryRun: true });
    assert.ok(Array.isArray(unguarded) && unguarded.length === 2 && /"price":"90000.00"/.test(unguarded[1]!.body ?? ''), JSON.stringify(unguarded));
    await assert.rejects(client.order.amend({ symbol: 'BTC_USDT', order_id: orderId, price: '49500.00' }, { maxDeviation: 10 as unknown as string }), /^BmError: maxDeviation: give a percentage as text/);
    await assert.rejects(client.order.amend({ symbol: 'BTC_USDT', order_id: orderId, price: '49500.00' }, { maxdeviation: '10' } as AmendOptions), /maxdeviation: not an option of this call \(allowed: dryRun, maxDeviation\)/);
    assert.equal(proxy.count('POST', CANCEL), 0, 'refused before sending');
    const r = await sent({ symbol: 'BTC_USDT', order_id: orderId, price: '49500.00', new_client_order_id: 'libAmend1' }, { maxDeviation: '10' });
    assert.equal(r.amended, true);
    assert.deepEqual([r.old.orderId, r.old.say, r.old.filled], [orderId, 'cancelled', '0']);
    assert.deepEqual([r.placed?.size, r.placed?.price, r.placed?.say, r.placed?.clientOrderId], ['0.01', '49500.00', 'placed', 'libAmend1']);
    assert.deepEqual([proxy.count('POST', CANCEL), proxy.count('POST', SUBMIT)], [1, 1]);
    // By its client order id; no guard asked for: none applied (as for client.order.place).
    const again = await sent({ symbol: 'BTC_USDT', client_order_id: 'libAmend1', size: '0.02' });
    assert.deepEqual([again.old.orderId, again.placed?.size, again.placed?.price], [r.placed!.orderId, '0.02', '49500']);
    await assert.rejects(client.order.amend({ symbol: 'BTC_USDT', order_id: again.placed!.orderId, price: 49000 as unknown as string }), /price: give a decimal as a string/);
    await assert.rejects(client.order.amend({ symbol: 'BTC_USDT', order_id: orderId }), /give price, size or both/);
    await assert.rejects(client.order.amend({ symbol: 'BTC_USDT', price: '1' }), /give exactly one of order_id and client_order_id/);
    assert.deepEqual([proxy.count('POST', CANCEL), proxy.count('POST', SUBMIT)], [2, 2], 'refused before sending');
  } finally {
    await client.close();
    await done();
  }
});
