/**
 * What the batch tests share: the sandbox in this process behind the fault proxy, fresh funded accounts,
 * order files of resting buys, `bm order batch` run in process, the printed rows, and the orders the
 * venue holds (read from the exchange itself, not through bm).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { isolatedEnv, type Result } from './bm.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';
import { runBm } from './in-process.js';
import { startServer, type RunningSandbox } from '../../src/sandbox/server/server.js';
import { parseJson } from '../../src/util/json.js';
import { STATUS_NUMBER } from '../../src/api/catalogue/statuses.js';

export const BATCH_PATH = '/spot/v2/batch_orders';

export type Row = { index: unknown; result: string; order_id: unknown; client_order_id: string; code: string; message: string };

/** The rows of `-o ndjson` output. */
export const rowsOf = (stdout: string): Row[] => stdout.trim().split('\n').filter(Boolean).map((l) => parseJson(l) as Row);

/** A batch file's venue: the sandbox (seeded, strict, no warm-up) behind the fault proxy, for the file's tests. */
export interface BatchVenue {
  /** The sandbox's own address (reads that bypass the proxy). */
  readonly url: string;
  readonly proxy: FaultProxy;
  /** A fresh account holding `deposit` (default 10,000,000 USDT): an isolated home whose environment carries its key. */
  account(deposit?: Record<string, string>): Record<string, string>;
  /** The pair's last price, whole units. */
  lastPrice(): bigint;
  /** `n` resting buys at about half the market (as NDJSON in the account's home), client order ids `${tag}${i}`. */
  ordersFile(env: Record<string, string>, n: number, tag: string): string;
  /** The open orders on BTC_USDT of the account whose key `env` carries, by client order id (order ids as text). */
  venueOrders(env: Record<string, string>): Map<string, string>;
  /** `bm order batch BTC_USDT ... --yes -o ndjson` through the proxy, in this process. */
  batch(env: Record<string, string>, ...args: string[]): Promise<Result>;
  /** Batch requests that reached the proxy so far. */
  posts(): number;
}

const OPEN = [STATUS_NUMBER.pending, STATUS_NUMBER.partially_filled];

/** Registers the file's before/after hooks; the venue is there once `before` has run. */
export function useBatchVenue(seed: number): BatchVenue {
  let sandbox: RunningSandbox | undefined;
  let proxy: FaultProxy | undefined;
  // One hook: the proxy needs the sandbox's address, and top-level hooks start as they are registered, none awaiting another.
  before(async () => {
    sandbox = await startServer({ port: 0, seed, strict: true, warmUpMs: 0, log: () => {} });
    proxy = await startFaultProxy(sandbox.url);
  });
  after(async () => {
    await proxy?.close();
    await sandbox?.close();
    [proxy, sandbox] = [undefined, undefined]; // let go with the file (its module lives on in a pool)
  });
  const ex = () => sandbox!.exchange;
  const v: BatchVenue = {
    get url() {
      return sandbox!.url;
    },
    get proxy() {
      return proxy!;
    },
    account(deposit = { USDT: '10000000' }) {
      const a = ex().createAccount(deposit);
      return isolatedEnv({ BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo });
    },
    lastPrice: () => BigInt(ex().ticker('BTC_USDT').last_price.split('.')[0]!),
    ordersFile(env, n, tag) {
      const bid = v.lastPrice() / 2n;
      const file = join(env.HOME!, `${tag}.ndjson`);
      writeFileSync(file, Array.from({ length: n }, (_, i) => JSON.stringify({ side: 'buy', type: 'limit', size: '0.01', price: `${bid - BigInt(i % 5)}.${i % 10}`, client_order_id: `${tag}${i}` })).join('\n'));
      return file;
    },
    venueOrders(env) {
      const account = ex().accountByKey(env.BM_API_KEY!);
      if (!account) throw new Error('no sandbox account has the key of this environment');
      return new Map(ex().orders(account.id, 'BTC_USDT', OPEN, 10_000).map((o) => [o.client_order_id, o.order_id]));
    },
    batch: (env, ...args) => runBm(['--base-url', proxy!.url, 'order', 'batch', 'BTC_USDT', ...args, '--yes', '-o', 'ndjson'], env),
    posts: () => proxy!.count('POST', BATCH_PATH),
  };
  return v;
}
