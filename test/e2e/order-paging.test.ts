import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { isolatedEnv } from '../helpers/bm.js';
import { startFaultProxy, type Answer, type FaultProxy, type Seen } from '../helpers/fault-proxy.js';
import { runBm } from '../helpers/in-process.js';
import { useSandbox } from '../helpers/sandbox-server.js';
import type { SandboxAccount } from '../../src/sandbox/exchange-api.js';
import { endpoint } from '../../src/api/catalogue/index.js';
import { CurrentCalls } from '../../src/core/calls.js';
import { fillPages, pageThrough } from '../../src/core/order/pages.js';
import { explicitVenue } from '../../src/core/venue.js';
import { parseJson, scalarText } from '../../src/util/json.js';

const h = useSandbox(61);
let proxy: FaultProxy;
/** Every HTTP status the venue answered /spot/v1/trades and /spot/v2/orders with. */
const statuses: number[] = [];
let orders: SandboxAccount;
let traded: SandboxAccount;
let few: SandboxAccount;
let capped: SandboxAccount;

const envOf = (a: SandboxAccount) => isolatedEnv({ BM_API_KEY: a.key, BM_API_SECRET: a.secret, BM_API_MEMO: a.memo });
let ordersEnv: Record<string, string> = {};
let tradedEnv: Record<string, string> = {};
let fewEnv: Record<string, string> = {};
const run = (env: Record<string, string>, ...args: string[]) => runBm(['--base-url', proxy.url, ...args], env);
/** While set, the venue ignores `offset`: every page of fills is the first. */
let repeatPages = false;
let firstPage = '';
function repeatFirst(a: Answer, seen: Seen): Answer {
  if (new URL(seen.url, 'http://x').searchParams.get('offset') !== '1') return { ...a, body: firstPage };
  firstPage = a.body;
  return a;
}
const key = (f: { detail_id: unknown; order_id: unknown }) => `${scalarText(f.detail_id)}/${scalarText(f.order_id)}`;

/** More fills than 12 pages of 100: one pair's --all alone is more requests than the 2-second window allows. */
const FILLS = 1250;
/** Fills on two pages: every pair's --all, then one pair's again, fit in one window of the limit (12 per 2 s). */
const FEW = 150;
/** More fills than the cap of 250 the core paging test sets: its three requests on a key of their own (no window of another test to wait out). */
const CAPPED = 260;

/** The venue and accounts, made on the first test's start (after the sandbox's own hook). */
let made: Promise<void> | undefined;
const setup = () => (made ??= prepare());
async function prepare(): Promise<void> {
  proxy = await startFaultProxy(h.base());
  proxy.add({ path: /^\/spot\/v[12]\/(trades|orders)$/, fault: { kind: 'rewrite', fn: (a, seen) => (statuses.push(a.status), repeatPages ? repeatFirst(a, seen) : a) } });
  const ex = h.sandbox().exchange;
  orders = ex.createAccount({ USDT: '10000000' });
  traded = ex.createAccount({ USDT: '10000000' });
  few = ex.createAccount({ USDT: '10000000' });
  capped = ex.createAccount({ USDT: '10000000' });
  ordersEnv = envOf(orders);
  tradedEnv = envOf(traded);
  fewEnv = envOf(few);
  // Far under the market: 300 orders that rest until cancelled.
  const low = String(BigInt(ex.ticker('BTC_USDT').best_bid.split('.')[0]!) / 2n);
  for (let i = 0; i < 300; i++) ex.placeOrder(orders.id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: low, size: '0.001' });
  for (const [a, n] of [[traded, FILLS], [few, FEW], [capped, CAPPED]] as const) {
    for (let i = 0; ex.fills(a.id, 'BTC_USDT').length < n; i++) {
      assert.ok(i < 5 * n, 'the market maker stopped filling market buys');
      ex.placeOrder(a.id, { symbol: 'BTC_USDT', side: 'buy', type: 'market', notional: '20' });
    }
    for (let i = 0; i < 3; i++) ex.placeOrder(a.id, { symbol: 'ETH_USDT', side: 'buy', type: 'market', notional: '20' });
  }
}
after(() => proxy?.close());

test('order list: 100 shown says on stderr, --quiet too, that there may be more; --all is refused before anything is sent', async () => {
  await setup();
  const one = await run(ordersEnv, 'order', 'list', 'BTC_USDT', '--status', 'open', '--fields', 'order_id');
  assert.equal(one.code, 0, one.stderr);
  assert.equal(new Set(one.stdout.trim().split('\n')).size, 100);
  assert.match(one.stderr, /^bm: 100 orders shown, a full page: there may be more; the venue answers only the most recent 100 of a pair and status\n$/m);
  const quiet = await run(ordersEnv, 'order', 'list', 'BTC_USDT', '--limit', '20', '--quiet', '-o', 'ndjson');
  assert.equal(quiet.stdout.trim().split('\n').length, 20);
  assert.equal(quiet.stderr, 'bm: 20 orders shown, a full page: there may be more (add --limit up to 100)\n');
  const across = await run(ordersEnv, 'order', 'list', '--status', 'open', '-o', 'tsv');
  assert.equal(across.code, 0, across.stderr);
  assert.equal(across.stdout.trim().split('\n').length, 100);
  assert.match(across.stderr, /\nbm: 100 orders shown, a full page of BTC_USDT: there may be more; the venue answers only/);
  const sent = proxy.count('GET', '/spot/v2/orders');
  const all = await run(ordersEnv, 'order', 'list', '--status', 'open', '--all');
  assert.equal(all.code, 2);
  assert.equal(all.stdout, '');
  assert.match(all.stderr, /^error: --all: the venue answers only the most recent 100 orders of a pair and status \(GET \/spot\/v2\/orders takes N, with no page, time window or id to continue from\), so bm cannot list more\n/);
  assert.match(all.stderr, /\nhint: .*bm order fills --all lists every fill\n/);
  assert.equal(proxy.count('GET', '/spot/v2/orders'), sent, 'order list --all sent a request');
});

test('order fills SYMBOL --all: every fill once, newest first, streamed page by page, paced within the limit (no 429)', async () => {
  await setup();
  const venue = h.sandbox().exchange.fills(traded.id, 'BTC_USDT').map(key);
  assert.equal(new Set(venue).size, venue.length);
  const before = proxy.count('GET', '/spot/v1/trades');
  const r = await run(tradedEnv, 'order', 'fills', 'BTC_USDT', '--all', '-o', 'ndjson');
  assert.equal(r.code, 0, r.stderr);
  const got = r.stdout.trim().split('\n').map((l) => key(parseJson(l) as { detail_id: unknown; order_id: unknown }));
  assert.deepEqual(got, venue);
  // Full pages, then the short one that ends it: more requests than one 2-second window holds.
  const pages = Math.floor(venue.length / 100) + 1;
  assert.ok(pages > 12);
  assert.equal(proxy.count('GET', '/spot/v1/trades') - before, pages);
  const asked = proxy.seen.filter((s) => s.path === '/spot/v1/trades').slice(before).map((s) => new URL(s.url, 'http://x').searchParams);
  assert.deepEqual(asked.map((q) => q.get('offset')), Array.from({ length: pages }, (_v, i) => String(i + 1)));
  assert.ok(asked.every((q) => q.get('limit') === '100' && q.get('symbol') === 'BTC_USDT'));
  assert.match(r.stderr, /^bm: fetching every one of the fills of BTC_USDT, 100 a request, at most 12 requests per 2 s\n$/);
  assert.ok(statuses.length > 0 && statuses.every((s) => s === 200), `statuses: ${statuses.join(',')}`);
});

test('order fills without --all: a full page says there may be more on stderr, --quiet too; across pairs, more exist', async () => {
  await setup();
  const one = await run(tradedEnv, 'order', 'fills', 'BTC_USDT', '--fields', 'detail_id', '--quiet');
  assert.equal(one.code, 0, one.stderr);
  assert.equal(new Set(one.stdout.trim().split('\n')).size, 100);
  assert.equal(one.stderr, 'bm: 100 fills shown, a full page: there may be more (add --all, or --page 2)\n');
  const page = await run(tradedEnv, 'order', 'fills', 'BTC_USDT', '--limit', '30', '--page', '3', '-o', 'tsv');
  assert.equal(page.stdout.trim().split('\n').length, 30);
  assert.equal(page.stderr, 'bm: 30 fills shown, a full page: there may be more (add --all, or --limit up to 100, or --page 4)\n');
  const across = await run(tradedEnv, 'order', 'fills', '--limit', '10', '-o', 'json');
  assert.equal(across.code, 0, across.stderr);
  assert.equal((parseJson(across.stdout) as { trades: unknown[] }).trades.length, 10);
  assert.match(across.stderr, /\nbm: 10 fills shown, the newest of [0-9]+ fetched: more exist \(add --all, or --limit up to 100\)\n$/);
  const bad = await run(tradedEnv, 'order', 'fills', 'BTC_USDT', '--all', '--page', '2');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^error: --all asks every page, 100 fills a request: it takes no --page or --limit\n/);
});

test('order fills --all across pairs: every pair paged in turn, json at the end, tsv with one header', async () => {
  await setup();
  // An account with few fills, so that no run here waits for a window (pacing is the test of order fills SYMBOL --all above).
  const ex = h.sandbox().exchange;
  const r = await run(fewEnv, 'order', 'fills', '--all', '-o', 'json');
  assert.equal(r.code, 0, r.stderr);
  const pairs = /^bm: fetching every one of the fills of (BTC_USDT, ETH_USDT, [A-Z_, ]+), 100 a request, at most 12 requests per 2 s\n$/.exec(r.stderr)?.[1]?.split(', ');
  assert.ok(pairs, r.stderr);
  const trades = (parseJson(r.stdout) as { trades: Array<{ symbol: string; detail_id: unknown; order_id: unknown }> }).trades;
  assert.deepEqual(trades.map((t) => `${t.symbol} ${key(t)}`), pairs.flatMap((p) => ex.fills(few.id, p).map((f) => `${p} ${key(f)}`)));
  const venue = ex.fills(few.id, 'BTC_USDT').map(key);
  assert.ok(venue.length > 100, 'the tsv spans two pages');
  const tsv = await run(fewEnv, 'order', 'fills', 'BTC_USDT', '--all', '-o', 'tsv', '--header', '--fields', 'detail_id,order_id');
  assert.equal(tsv.code, 0, tsv.stderr);
  const lines = tsv.stdout.trim().split('\n');
  assert.equal(lines[0], 'detail_id\torder_id');
  assert.deepEqual(lines.slice(1).map((l) => l.replace('\t', '/')), venue);
  assert.ok(statuses.every((s) => s === 200), `statuses: ${statuses.join(',')}`);
  const sent = proxy.count('GET', '/spot/v1/trades');
  const dry = await run(fewEnv, 'order', 'fills', 'BTC_USDT', '--all', '--dry-run');
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /^GET http:\/\/\S+\/spot\/v1\/trades\?symbol=BTC_USDT&offset=1&limit=100\n/);
  assert.match(dry.stderr, /^dry run: nothing was sent\n/m);
  assert.doesNotMatch(dry.stderr, /wallet/);
  assert.match(dry.stderr, /dry run: --all would go on with pages 2, 3, \.\.\. of each pair until one holds fewer than 100 fills\n/);
  assert.equal(proxy.count('GET', '/spot/v1/trades'), sent);
});

test('order fills --all stops where the venue repeats a page, and says its list may be incomplete', async () => {
  await setup();
  // A venue that ignores offset answers the first page again: the paging must end, not loop.
  repeatPages = true;
  try {
    const r = await run(tradedEnv, 'order', 'fills', 'BTC_USDT', '--all', '-o', 'ndjson');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim().split('\n').length, 100);
    assert.match(r.stderr, /\nbm: the venue answered a further page of BTC_USDT with fills already listed: stopped there, so its list may be incomplete\n$/);
  } finally {
    repeatPages = false;
  }
});

test('the core paging, the library\'s too, stops at its cap and says so; pages arrive in order', async () => {
  await setup();
  const calls = new CurrentCalls({
    venue: explicitVenue(proxy.url, undefined, undefined, undefined, { key: capped.key, secret: capped.secret, memo: capped.memo }),
    env: isolatedEnv(), timeoutMs: 30_000, note: () => {}, gateTrace: () => {},
  });
  const ep = endpoint('spot.trades.user');
  const pages: number[] = [];
  const from = proxy.seen.length;
  const end = await pageThrough({ calls: async () => calls }, fillPages(ep, ['BTC_USDT'], undefined, 250), (rows) => pages.push(rows.length));
  assert.deepEqual(pages, [100, 100, 50]);
  assert.deepEqual(end, { rows: 250, requests: 3, capped: true, repeated: [] });
  // The pages asked, in order; a page is asked again only right after itself (the venue's 429 waited out).
  const asked = proxy.seen.slice(from).filter((x) => x.path === '/spot/v1/trades').map((x) => new URL(x.url, 'http://x').searchParams.get('offset'));
  assert.deepEqual(asked.filter((o, i) => o !== asked[i - 1]), ['1', '2', '3'], `pages asked: ${asked.join(', ')}`);
});
