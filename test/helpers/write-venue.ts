/**
 * For the careful-write files (test/e2e/writes-*.test.ts): the sandbox in this process (strict, no warm-up)
 * behind the fault proxy, one funded account, and `bm` run in this process through the proxy (`run`) or
 * straight to the sandbox (`direct`). Each `run` has a clock of its own: a request the proxy holds
 * (`stall`) times out the moment it is held, not `TIMEOUT_MS` later. The run's clock is then ahead of the
 * venue's by what was skipped: five held requests in one run stay within the venue's 60 s timestamp window.
 */
import assert from 'node:assert/strict';
import { isolatedEnv, type Result } from './bm.js';
import type { Answer, FaultProxy, Rule } from './fault-proxy.js';
import { runCli } from './in-process.js';
import { useLibraryVenue, type LibraryVenue } from './library-venue.js';
import { skipClock, type SkipClock } from './skip-clock.js';
import { parseJson, scalarText } from '../../src/util/json.js';

/** The request timeout of `run` (ms): long enough that no answer of a loaded machine meets it by chance. */
export const TIMEOUT_MS = 10_000;

/** An answer no client can read. */
export const garbage: Answer = { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>upstream hiccup</html>' };

/** The order_detail (or legacy order) answer rewritten to carry `fields` (another order, as a venue or a proxy might answer). */
export function detailRewritten(fields: Record<string, string>): (a: Answer) => Answer {
  // Edited as text: the other fields (an order id beyond 2^53) stay exactly as the venue sent them.
  return (a) => ({ ...a, body: Object.entries(fields).reduce((b, [k, v]) => b.replace(new RegExp(`"${k}":("[^"]*"|[0-9]+)`), `"${k}":${JSON.stringify(v)}`), a.body) });
}

export interface WriteVenue {
  readonly lib: LibraryVenue;
  /** The fault proxy in front of the sandbox. */
  proxy(): FaultProxy;
  /** The sandbox's own address. */
  url(): string;
  /** The environment of the file's account (its own HOME). */
  env(): Record<string, string>;
  /** `bm` through the fault proxy (both generations), with the file's account and a clock of its own. */
  run(...args: string[]): Promise<Result>;
  /** `bm` straight to the sandbox. */
  direct(...args: string[]): Promise<Result>;
  /** A rule whose held request (`hang`, `lose`) times out in `run` as soon as the proxy holds it. */
  stall(rule: Rule): () => void;
  /** No rules, nothing seen yet. */
  fresh(): void;
  /** BTC_USDT's last price. */
  last(): Promise<string>;
  /** A whole price far enough below the market that a buy rests in the book, within the deviation guard. */
  restingBid(): Promise<string>;
  /** Places a resting BTC_USDT buy straight at the sandbox; its order id. */
  place(cid: string): Promise<string>;
  /** The status of our order with this client order id; undefined when it cannot be read. */
  statusOf(cid: string): Promise<string | undefined>;
}

export function useWriteVenue(seed = 5): WriteVenue {
  let env: Record<string, string> = {};
  let clock: SkipClock | undefined;
  const lib = useLibraryVenue(seed, { USDT: '1000000', BTC: '5' }, (v) => {
    env = isolatedEnv({ BM_API_KEY: v.credentials.key, BM_API_SECRET: v.credentials.secret, BM_API_MEMO: v.credentials.memo, NO_COLOR: '1' });
  });
  const w: WriteVenue = {
    lib,
    proxy: () => lib.proxy,
    url: () => lib.venue.url,
    env: () => env,
    run: (...args) => runCli(['--base-url', lib.proxy.url, '--legacy-url', lib.proxy.url, '--timeout', String(TIMEOUT_MS), ...args], { env, clock: (clock = skipClock()) }),
    direct: (...args) => runCli(['--base-url', lib.venue.url, '--legacy-url', lib.venue.url, ...args], { env }),
    stall: (rule) => lib.proxy.add({ ...rule, held: () => clock?.skip(TIMEOUT_MS) }),
    fresh() {
      lib.proxy.clear();
      lib.proxy.seen.splice(0);
    },
    async last() {
      const t = parseJson((await w.direct('ticker', 'BTC_USDT', '--json')).stdout) as { tickers: Array<{ last_price: string }> };
      return t.tickers[0]!.last_price;
    },
    async restingBid() {
      return String((BigInt((await w.last()).split('.')[0]!) * 8n) / 10n);
    },
    async place(cid) {
      const r = await w.direct('order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.01', '--price', await w.restingBid(), '--client-order-id', cid, '--yes', '--json');
      assert.equal(r.code, 0, r.stderr);
      return scalarText((parseJson(r.stdout) as { order_id: unknown }).order_id);
    },
    async statusOf(cid) {
      const r = await w.direct('order', 'get', 'BTC_USDT', '--client-order-id', cid, '--json');
      return r.code === 0 ? scalarText((parseJson(r.stdout) as { status: unknown }).status) : undefined;
    },
  };
  return w;
}
