// The official Python SDK 2.5.0, unmodified, against the in-process sandbox (as the venue did: its KEYED
// calls send the key alone): a script of its own methods (test/fixtures/python-sdk-client.py) run by
// python3, each answer checked for what a bot reads. The SDK is installed by .ci/run where the machine
// reaches a Python registry (test/helpers/python-sdk.ts); where it cannot be, this file says so loudly and
// skips.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { ROOT } from '../helpers/bm.js';
import { PYTHON_SDK_VERSION, pythonSdkDir, pythonSdkMissing } from '../helpers/python-sdk.js';
import { useSandbox } from '../helpers/sandbox-server.js';
import { newAccount } from '../helpers/signed.js';

const missing = pythonSdkMissing();
if (missing) console.error(`\n*** the official Python SDK ${PYTHON_SDK_VERSION} client test is SKIPPED: ${missing} ***\n`);

const h = useSandbox(48, { warm: true });

test(`official Python SDK ${PYTHON_SDK_VERSION}: market data, v2 and v4 orders, batch, cancels, fills, fees, wallet, deposit address, withdrawal`, { skip: missing ?? false }, async () => {
  const creds = await newAccount(h.base(), { deposit: { USDT: '100000', BTC: '2', SOL: '100' }, permissions: 'withdraw' });
  const script = join(ROOT, 'test', 'fixtures', 'python-sdk-client.py');
  const run = await promisify(execFile)('python3', [script, pythonSdkDir(), h.base(), creds.key, creds.secret, creds.memo], { timeout: 120_000 });
  // The SDK may log its requests to stdout: the report is the script's last line.
  const r = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
  assert.equal(r.error, undefined, `the SDK raised: ${r.error} (answers before it: ${Object.keys(r).join(', ')})`);
  const data = (name: string) => {
    assert.equal(r[name].code, 1000, `${name}: ${JSON.stringify(r[name])}`);
    return r[name].data;
  };
  assert.ok(Number(data('v3_ticker').bid_px) < Number(data('v3_ticker').ask_px));
  assert.equal(data('v3_depth').bids.length, 5);
  assert.ok(data('v3_trades').length > 0);
  assert.equal(data('v3_latest_kline').length, 3);
  const order = data('by_client_id');
  assert.deepEqual([order.clientOrderId, order.state, order.symbol], ['py1', 'new', 'BTC_USDT']);
  assert.equal(data('by_id').orderId, order.orderId);
  assert.ok(data('open_orders').some((o: { orderId: string }) => o.orderId === order.orderId));
  assert.equal(data('batch').data.orderIds.length, 2, 'the batch signed over the SDK\'s spaced JSON is placed');
  assert.deepEqual(data('cancel_orders').successIds, [order.orderId]);
  assert.ok(data('order_trades').length > 0, 'a market buy on a quoted book has fills');
  const fills = new Set(data('order_trades').map((f: { tradeId: string }) => f.tradeId));
  assert.ok([...fills].every((id) => data('account_trades').some((f: { tradeId: string }) => f.tradeId === id)));
  assert.ok(data('history_orders').some((o: { orderId: string; state: string }) => o.orderId === order.orderId && o.state === 'canceled'));
  data('cancel_all');
  assert.deepEqual(data('open_after'), [], 'cancel-all left none open');
  assert.equal(data('trade_fee').buy_taker_fee_rate, '0.001');
  assert.ok(data('wallet').wallet.some((b: { currency: string }) => b.currency === 'SOL'));
  assert.equal(data('deposit_address').chain, 'TRC20');
  const id = data('withdraw').withdraw_id;
  assert.equal(data('withdrawals').records[0].withdraw_id, id);
});
