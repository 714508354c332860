// One code path from a catalogue entry to the wire for the command line and the library: a `bm`
// command and the library's method put the same request on the wire (seen by the fault proxy in
// front of the real sandbox), and no command module makes a REST client of its own.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { Client } from '../../src/lib/index.js';
import { isolatedEnv, ROOT } from '../helpers/bm.js';
import type { Seen } from '../helpers/fault-proxy.js';
import { runBm } from '../helpers/in-process.js';
import { useLibraryVenue } from '../helpers/library-venue.js';

let env: Record<string, string>;
const venue = useLibraryVenue(17, { USDT: '10000', BTC: '1' }, ({ credentials: c }) => {
  env = isolatedEnv({ BM_API_KEY: c.key, BM_API_SECRET: c.secret, BM_API_MEMO: c.memo });
});

// The methods come from the catalogue at run time (their declared types ship in dist/lib).
type Api = Omit<Client, 'legacy'> & Record<string, any>;
function client(): Api {
  return new Client({ baseUrl: venue.proxy.url, credentials: venue.credentials, env }) as Api;
}

/** What identifies a request on the wire: method, path and query, body, and the headers but those that change with time. */
function wire(s: Seen): { method: string; url: string; body: string; headers: Record<string, string> } {
  const varying = new Set(['x-bm-timestamp', 'x-bm-sign', 'user-agent', 'host', 'connection', 'content-length', 'keep-alive']);
  const headers = Object.fromEntries(Object.entries(s.headers).filter(([k]) => !varying.has(k.toLowerCase())).map(([k, v]) => [k.toLowerCase(), String(v)]).sort());
  return { method: s.method, url: s.url, body: s.body, headers };
}

/** The requests made by `run` (those to `path` only). */
async function requestsOf(path: string, run: () => Promise<unknown>): Promise<Seen[]> {
  venue.proxy.seen.splice(0);
  await run();
  return venue.proxy.seen.filter((s) => s.path === path);
}

test('a private read: the command and the method send the same request', async () => {
  const c = client();
  const cli = await requestsOf('/spot/v1/wallet', async () => {
    const r = await runBm(['--base-url', venue.proxy.url, 'wallet', '--currency', 'BTC', '-o', 'json'], env);
    assert.equal(r.code, 0, r.stderr);
  });
  const lib = await requestsOf('/spot/v1/wallet', () => c.wallet({ currency: 'BTC' }));
  assert.equal(cli.length, 1);
  assert.equal(lib.length, 1);
  assert.deepEqual(wire(lib[0]!), wire(cli[0]!));
  assert.equal(cli[0]!.headers['x-bm-key'], venue.credentials.key, 'with the key');
});

test('a careful write: the command and the method place the same order with the same bytes', async () => {
  const c = client();
  const bid = (await c.ticker({ symbol: 'BTC_USDT' })).tickers[0]!.best_bid;
  // Far below the market, so it rests; the same order twice, told apart only by its client order id.
  const price = (BigInt(bid.split('.')[0]!) / 2n).toString();
  const cli = await requestsOf('/spot/v2/submit_order', async () => {
    const r = await runBm(['--base-url', venue.proxy.url, 'order', 'place', 'BTC_USDT', '--side', 'buy', '--type', 'limit', '--size', '0.001', '--price', price, '--client-order-id', 'seamA1', '--max-deviation', 'none', '--yes', '-o', 'json'], env);
    assert.equal(r.code, 0, r.stderr);
  });
  const lib = await requestsOf('/spot/v2/submit_order', () => c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001', price, client_order_id: 'seamB1' }));
  assert.equal(cli.length, 1, 'sent once');
  assert.equal(lib.length, 1, 'sent once');
  const same = (s: Seen) => ({ ...wire(s), body: s.body.replace(/seam[AB]1/, 'ID') });
  assert.deepEqual(same(lib[0]!), same(cli[0]!));
  assert.match(cli[0]!.body, /"client_order_id":"seamA1"/);
  // And a dry run of either shows that request: the library's resolves with it, redacted.
  const dry = await c.order.place({ symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '0.001', price, client_order_id: 'seamC1' }, { dryRun: true });
  assert.equal(dry.body, lib[0]!.body.replace('seamB1', 'seamC1'));
  assert.equal(dry.headers['X-BM-KEY'] ?? dry.headers['x-bm-key'], '[redacted]');
  await c.order.cancelAll({ symbol: 'BTC_USDT' });
});

test('left out, a parameter gets the command\'s default in the method too; typed times are read alike', async () => {
  const c = client();
  const cli = await requestsOf('/spot/v2/orders', async () => {
    const r = await runBm(['--base-url', venue.proxy.url, 'order', 'list', 'BTC_USDT', '-o', 'json'], env);
    assert.equal(r.code, 0, r.stderr);
  });
  const lib = await requestsOf('/spot/v2/orders', () => c.order.list({ symbol: 'BTC_USDT' }));
  assert.equal(cli.length, 1);
  assert.deepEqual(wire(lib[0]!), wire(cli[0]!));
  // An ISO start and an epoch end, within one request's candles: the same range on the wire.
  const range = ['2026-11-01T10:00Z', '1793527200'] as const;
  const candles = await requestsOf('/spot/v1/symbols/kline', async () => {
    const r = await runBm(['--base-url', venue.proxy.url, 'kline', 'BTC_USDT', '--from', range[0], '--to', range[1], '--step', '1h', '-o', 'json'], env);
    assert.equal(r.code, 0, r.stderr);
  });
  const libCandles = await requestsOf('/spot/v1/symbols/kline', () => c.kline({ symbol: 'BTC_USDT', from: range[0], to: range[1], step: '1h' }));
  assert.equal(candles.length, 1);
  assert.deepEqual(wire(libCandles[0]!), wire(candles[0]!));
});

test('a first-generation read: the command and the method send the same request', async () => {
  const c = client();
  const cli = await requestsOf('/v2/symbols/BTC_USDT/orders', async () => {
    const r = await runBm(['--base-url', venue.proxy.url, 'legacy', 'book', 'BTC_USDT', '--precision', '1', '-o', 'json'], env);
    assert.equal(r.code, 0, r.stderr);
  });
  const lib = await requestsOf('/v2/symbols/BTC_USDT/orders', () => c.legacy.book({ symbol: 'BTC_USDT', precision: 1 }));
  assert.equal(cli.length, 1);
  assert.deepEqual(wire(lib[0]!), wire(cli[0]!));
});

/** Every .ts file under `dir`, relative to src/. */
function sources(dir: string): string[] {
  const src = join(ROOT, 'src');
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [relative(src, p)] : [];
  });
}

test('the REST clients are made in one place: the calls of src/core, for the library and every command', () => {
  const src = join(ROOT, 'src');
  const makers = sources(src).filter((f) => /\bnew (ApiClient|LegacyClient)\(/.test(readFileSync(join(src, f), 'utf8')));
  assert.deepEqual(makers.sort(), ['core/calls.ts', 'core/legacy-calls.ts']);
  // The command line (its engine, its context and every command) never loads a REST client's module itself.
  const cli = [...sources(join(src, 'commands')), 'context.ts', 'invocation.ts', 'main.ts', 'program.ts'];
  for (const f of cli) {
    const text = readFileSync(join(src, f), 'utf8');
    assert.doesNotMatch(text, /^import (?!type\b)[^;]*'[./]*(api\/client|legacy\/client)\.js';/m, `${f} imports a REST client`);
    assert.doesNotMatch(text, /import\('[./]*(api\/client|legacy\/client)\.js'\)/, `${f} loads a REST client`);
  }
  const engine = readFileSync(join(src, 'commands', 'engine.ts'), 'utf8');
  assert.match(engine, /await ctx\.calls\(\)/, 'the engine sends through the invocation\'s calls');
  // A command's calls are the library client's: the same classes, wired from the invocation's core session.
  const session = readFileSync(join(src, 'core', 'session.ts'), 'utf8');
  assert.match(session, /import\('\.\/calls\.js'\)\.then\(\(\{ CurrentCalls \}\) => [^;]*new CurrentCalls\(this\.wiring\(\)\)/);
  assert.match(session, /import\('\.\/legacy-calls\.js'\)\.then\(\(\{ LegacyCalls \}\) => [^;]*new LegacyCalls\(this\.wiring\(\)\)/);
  const context = readFileSync(join(src, 'invocation.ts'), 'utf8');
  assert.match(context, /calls\(\): Promise<CurrentCalls> \{\s*return this\.session\.calls\(\);/);
  assert.match(context, /legacyCalls\(\): Promise<LegacyCalls> \{\s*return this\.session\.legacyCalls\(\);/);
  const client = readFileSync(join(src, 'lib', 'client.ts'), 'utf8');
  assert.match(client, /new CurrentCalls\(wiring\)/);
  assert.match(client, /new LegacyCalls\(wiring\)/);
});
