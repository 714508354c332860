/** What the batch tests share: order files of resting buys, the printed rows, and the orders the venue holds. */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { bm, bmAsync, startSandbox, type Result } from './bm.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';
import { parseJson, scalarText } from '../../src/util/json.js';

export const BATCH_PATH = '/spot/v2/batch_orders';

export type Row = { index: unknown; result: string; order_id: unknown; client_order_id: string; code: string; message: string };

/** The pair's last price, whole units. */
export function lastPrice(url: string, env: Record<string, string>): bigint {
  const t = parseJson(bm(['--base-url', url, 'ticker', 'BTC_USDT', '--json'], env).stdout) as { tickers: Array<{ last_price: string }> };
  return BigInt(t.tickers[0]!.last_price.split('.')[0]!);
}

/** `n` resting buys at about half the market (as NDJSON in the account's home), client order ids `${tag}${i}`. */
export function ordersFile(url: string, env: Record<string, string>, n: number, tag: string): string {
  const bid = lastPrice(url, env) / 2n;
  const file = join(env.HOME!, `${tag}.ndjson`);
  writeFileSync(file, Array.from({ length: n }, (_, i) => JSON.stringify({ side: 'buy', type: 'limit', size: '0.01', price: `${bid - BigInt(i % 5)}.${i % 10}`, client_order_id: `${tag}${i}` })).join('\n'));
  return file;
}

/** The rows of `-o ndjson` output. */
export const rowsOf = (stdout: string): Row[] => stdout.trim().split('\n').filter(Boolean).map((l) => parseJson(l) as Row);

/** The venue's orders of this key on BTC_USDT (open ones by default), by client order id. */
export function venueOrders(url: string, env: Record<string, string>, status = 'open'): Map<string, string> {
  const r = bm(['--base-url', url, 'order', 'list', 'BTC_USDT', '--status', status, '--limit', '100', '--json'], env);
  assert.equal(r.code, 0, r.stderr);
  const list = (parseJson(r.stdout) as { orders: Array<{ clientOrderId?: string; client_order_id?: string; order_id: unknown }> }).orders;
  return new Map(list.map((o) => [(o.clientOrderId ?? o.client_order_id)!, scalarText(o.order_id)]));
}

/** A batch file's venue: the sandbox (seeded) behind the fault proxy, started before the file's tests and stopped after. */
export interface BatchVenue {
  /** The sandbox's own address (reads that bypass the proxy). */
  readonly url: string;
  readonly proxy: FaultProxy;
  /** `bm order batch BTC_USDT ... --yes -o ndjson` through the proxy. */
  batch(env: Record<string, string>, ...args: string[]): Promise<Result>;
  /** Batch requests that reached the proxy so far. */
  posts(): number;
}

/** Registers the file's before/after hooks; the fields are set once `before` has run. */
export function useBatchVenue(seed: number): BatchVenue {
  let stop: () => Promise<void> = async () => {};
  const v = {
    url: '',
    proxy: undefined as unknown as FaultProxy,
    batch: (env: Record<string, string>, ...args: string[]) => bmAsync(['--base-url', v.proxy.url, 'order', 'batch', 'BTC_USDT', ...args, '--yes', '-o', 'ndjson'], env),
    posts: () => v.proxy.count('POST', BATCH_PATH),
  };
  before(async () => {
    ({ url: v.url, stop } = await startSandbox(['--seed', String(seed)]));
    v.proxy = await startFaultProxy(v.url);
  });
  after(async () => {
    await v.proxy.close();
    await stop();
  });
  return v;
}
