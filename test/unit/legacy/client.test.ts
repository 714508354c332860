import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, test } from 'node:test';
import { legacyEndpoint } from '../../../src/legacy/catalogue.js';
import { LegacyClient } from '../../../src/legacy/client.js';
import { FileTokenStore, MemoryTokenStore, type TokenStore } from '../../../src/legacy/tokens.js';
import { legacyState } from '../../../src/sandbox/legacy/auth.js';
import { BmError } from '../../../src/errors.js';
import { ACCOUNT } from '../../helpers/legacy-exchange.js';
import { startLegacyServer, type LegacyTestServer } from '../../helpers/legacy-server.js';

let srv: LegacyTestServer;
let clock = 1_800_000_000_000;
const dir = mkdtempSync(join(tmpdir(), 'bm-legacy-client-'));
before(async () => {
  srv = await startLegacyServer();
});
after(async () => {
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  srv.hits.clear();
  srv.intercept = undefined;
  const st = legacyState(srv.exchange, { now: () => clock, tokenLifetimeSec: 7200, tokenRequestsPerMinute: 1000 });
  st.tokens.clear();
  st.tokenHits.clear();
});

function client(store: TokenStore = new MemoryTokenStore(), creds = ACCOUNT): LegacyClient {
  return new LegacyClient({ env: {}, baseUrl: async () => srv.url, credentials: async () => creds, store, timeoutMs: 30_000, now: () => clock, sleep: async (ms) => void (clock += ms) });
}
const WALLET = legacyEndpoint('legacy.wallet');
const TOKEN = 'POST /v2/authentication';

test('a token is cached in a 0600 file and reused by a second client (a second invocation)', async () => {
  const file = join(dir, 'state', 'legacy-tokens.json');
  const first = await client(new FileTokenStore(file)).call(WALLET, {});
  const second = await client(new FileTokenStore(file)).call(WALLET, {});
  assert.deepEqual(first, second);
  assert.equal(srv.count(TOKEN), 1);
  assert.equal(srv.count('GET /v2/wallet'), 2);
  assert.equal(statSync(file).mode & 0o777, 0o600);
  // Keyed by venue and key: another key on the same venue gets its own token.
  assert.equal(new FileTokenStore(file).get(srv.url, 'other-key', clock), undefined);
  assert.ok(new FileTokenStore(file).get(srv.url, ACCOUNT.key, clock));
});

test('the lifetime the server returns is honoured: refreshed shortly before it ends', async () => {
  legacyState(srv.exchange, { tokenLifetimeSec: 900 });
  const store = new MemoryTokenStore();
  await client(store).call(WALLET, {});
  clock += 800_000; // 100 s left: still good
  await client(store).call(WALLET, {});
  assert.equal(srv.count(TOKEN), 1);
  clock += 50_000; // 50 s left: within the margin, a new one is fetched before the old one dies
  await client(store).call(WALLET, {});
  assert.equal(srv.count(TOKEN), 2);
});

test('a 401 with a cached token drops it, fetches once more and retries once', async () => {
  const store = new MemoryTokenStore();
  await client(store).call(WALLET, {});
  legacyState(srv.exchange).tokens.clear(); // the venue forgot every token
  const rows = (await client(store).call(WALLET, {})) as unknown[];
  assert.ok(rows.length > 0);
  assert.equal(srv.count(TOKEN), 2);
  assert.equal(srv.count('GET /v2/wallet'), 3);
});

test('a 401 that persists is an auth error (exit 4), with no loop', async () => {
  const store = new MemoryTokenStore();
  await client(store).call(WALLET, {});
  srv.hits.clear();
  srv.intercept = (req, res) => {
    if (req.url !== '/v2/wallet') return false;
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"access token expired"}');
    return true;
  };
  await assert.rejects(client(store).call(WALLET, {}), (e: BmError) => e.exitCode === 4 && e.details.venueMessage === 'access token expired' && e.details.httpStatus === 401);
  assert.equal(srv.count('GET /v2/wallet'), 2);
  assert.equal(srv.count(TOKEN), 1);
});

test('wrong credentials: the token endpoint answers 401', async () => {
  await assert.rejects(client(new MemoryTokenStore(), { ...ACCOUNT, memo: 'wrong' }).call(WALLET, {}), (e: BmError) => e.category === 'auth' && /client_secret/.test(e.details.venueMessage ?? ''));
});

test('token requests keep to 5 a minute: the sixth waits for the window instead of earning a refusal', async () => {
  legacyState(srv.exchange, { tokenRequestsPerMinute: 5 });
  const waits: number[] = [];
  const c = new LegacyClient({
    env: {}, baseUrl: async () => srv.url, credentials: async () => ACCOUNT, store: new MemoryTokenStore(), timeoutMs: 30_000,
    now: () => clock, sleep: async (ms) => void (waits.push(ms), (clock += ms)),
  });
  const start = clock;
  for (let i = 0; i < 5; i++) await c.token(true);
  assert.deepEqual(waits, []);
  await c.token(true);
  assert.ok(clock - start >= 60_000, `the sixth went out ${clock - start} ms after the first`);
  assert.equal(srv.count(TOKEN), 6);
});

test('a venue that still refuses a token request (429) exits 7 with the hint of the token limit', async () => {
  srv.intercept = (req, res) => (req.url === '/v2/authentication' ? (res.writeHead(429, { 'content-type': 'application/json' }).end('{"message":"too many"}'), true) : false);
  await assert.rejects(client().token(true), (e: BmError) => e.exitCode === 7 && /5 requests a minute/.test(e.details.hint ?? ''));
});

test('HTTP statuses map to categories; the body message is kept', async () => {
  const cases: Array<[number, string, number]> = [[403, 'auth', 4], [429, 'ratelimit', 7], [500, 'network', 8], [503, 'network', 8], [400, 'venue', 6], [404, 'venue', 6]];
  for (const [status, category, exit] of cases) {
    srv.intercept = (_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(`{"message":"m${status}"}`);
      return true;
    };
    await assert.rejects(client().call(legacyEndpoint('legacy.symbols'), {}), (e: BmError) =>
      e.category === category && e.exitCode === exit && e.details.venueMessage === `m${status}` && e.details.httpStatus === status);
  }
  srv.intercept = (_req, res) => (res.writeHead(502).end('<html>bad gateway</html>'), true);
  await assert.rejects(client().call(legacyEndpoint('legacy.symbols'), {}), (e: BmError) => e.category === 'network' && /bad gateway/.test(e.message));
});

test('a refused connection is a network error saying nothing was reached', async () => {
  const c = new LegacyClient({ env: {}, baseUrl: async () => 'http://127.0.0.1:1', credentials: async () => ACCOUNT, store: new MemoryTokenStore(), timeoutMs: 2000 });
  await assert.rejects(c.call(legacyEndpoint('legacy.time'), {}), (e: BmError) => e.exitCode === 8 && /venue running/.test(e.details.hint ?? ''));
});

test('a timestamp refusal syncs the clock from /v2/time once and sends again', async () => {
  legacyState(srv.exchange, { now: () => clock + 300_000 }); // our clock runs 5 minutes slow
  const c = client();
  const rows = (await c.call(WALLET, {})) as unknown[];
  assert.ok(rows.length > 0);
  assert.equal(srv.count('GET /v2/time'), 1);
  assert.equal(srv.count('GET /v2/wallet'), 2);
  assert.equal(srv.count(TOKEN), 1);
  await c.call(WALLET, {});
  assert.equal(srv.count('GET /v2/time'), 1);
});
