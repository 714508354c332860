// The command line, run in this process, against an in-process server with the sandbox's legacy routes on port 0.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, test } from 'node:test';
import { legacyState } from '../../src/sandbox/legacy/auth.js';
import { isolatedEnv } from '../helpers/bm.js';
import { runBm } from '../helpers/in-process.js';
import { ACCOUNT } from '../helpers/legacy-exchange.js';
import { startLegacyServer, type LegacyTestServer } from '../helpers/legacy-server.js';

let srv: LegacyTestServer;
const home = mkdtempSync(join(tmpdir(), 'bm-legacy-e2e-'));

before(async () => {
  srv = await startLegacyServer();
});
after(async () => {
  await srv.close();
  rmSync(home, { recursive: true, force: true });
});
beforeEach(() => {
  srv.intercept = undefined;
  legacyState(srv.exchange, { tokenRequestsPerMinute: 1000 });
});

const env = isolatedEnv({
  BM_STATE_DIR: join(home, 'state'), BM_CONFIG_DIR: join(home, 'config'),
  BM_API_KEY: ACCOUNT.key, BM_API_SECRET: ACCOUNT.secret, BM_API_MEMO: ACCOUNT.memo, NO_COLOR: '1',
});

interface Run {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

async function bm(args: readonly string[], extra: Record<string, string> = {}): Promise<Run> {
  const r = await runBm(['legacy', ...args, '--legacy-url', srv.url], { ...env, ...extra });
  return { code: r.code, out: r.stdout, err: r.stderr };
}

async function ok(args: readonly string[], env?: Record<string, string>): Promise<string> {
  const r = await bm(args, env);
  assert.equal(r.code, 0, `bm legacy ${args.join(' ')}: ${r.err}`);
  return r.out;
}

test('two wallet invocations share one token (cached 0600 in the state dir)', async () => {
  const first = await ok(['wallet']);
  const second = await ok(['wallet']);
  assert.equal(first, 'BTC\tBitcoin\t1.50000000\t0.00000000\nUSDT\tTether\t100000.00\t0.00\n');
  assert.equal(second, first);
  assert.equal(srv.count('POST /v2/authentication'), 1);
  assert.equal(srv.count('GET /v2/wallet'), 2);
  const file = join(home, 'state', 'legacy-tokens.json');
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.ok(JSON.parse(readFileSync(file, 'utf8'))[`${srv.url} ${ACCOUNT.key}`].token);
});

test('public commands, piped (tsv)', async () => {
  assert.match(await ok(['ping']), /^ok\t[0-9]+\n$/);
  assert.match(await ok(['time']), /^[0-9]{13}\t[0-9]{13}\t-?[0-9]+\n$/);
  assert.equal(await ok(['symbols']), 'BTC_USDT\nETH_USDT\n');
  assert.equal(await ok(['currencies']), 'BTC\tBTC\ttrue\ttrue\nETH\tETH\ttrue\ttrue\nUSDT\tUSDT\ttrue\ttrue\n');
  assert.match(await ok(['symbol-details']), /^BTC_USDT\tBTC\tUSDT\t0\.0001\t0\.0001\t1000\t1\t2\tNA\n/);
  assert.equal(await ok(['ticker', 'btc_usdt']), 'BTC_USDT\t30000.5\t+1.70%\t31000\t29000\t12.5\t375006.25\t30000\t30001\n');
  assert.equal((await ok(['ticker'])).split('\n').length, 3);
  assert.equal(await ok(['steps', '--fields', 'step']), '1\n3\n5\n15\n30\n45\n60\n120\n180\n240\n1440\n10080\n43200\n');
  assert.equal(await ok(['trades', 'BTC_USDT']), '1700000000000\tbuy\t30000.5\t0.002\t60.001\n');
  assert.equal(await ok(['book', 'BTC_USDT', '--precision', '0']), 'ask\t30002\t5\t5\t3\nbid\t30000\t3\t3\t2\nbid\t29999\t0.5\t3.5\t1\n');
  const from = Date.parse('2026-11-01T10:00:00Z');
  const kline = await ok(['kline', 'BTC_USDT', '--from', '2026-11-01T10:00Z', '--to', String(from + 600_000), '--step', '5m']);
  assert.equal(kline, [0, 1, 2].map((i) => `${from + i * 300_000}\t1.1\t1.3\t1.0\t1.2\t5`).join('\n') + '\n');
});

test('the order round trip, with ids beyond 2^53 exact; statuses as words on a table only', async () => {
  const placed = await bm(['order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.25', '--price', '30000.10', '--yes']);
  assert.equal(placed.code, 0, placed.err);
  assert.match(placed.out, /^[0-9]{18}\n$/);
  const id = placed.out.trim();
  assert.ok(BigInt(id) > BigInt(Number.MAX_SAFE_INTEGER));
  assert.match(placed.err, new RegExp(`order ${id} placed`));
  assert.equal(srv.exchange.order(ACCOUNT.id, 'BTC_USDT', { order_id: id })!.price, '30000.10');
  // The id is a JSON string (exact for any reader); --raw-ids prints it as the venue sent it.
  const json = JSON.parse(await ok(['order', 'get', id, '-o', 'json']));
  assert.equal(json.entrust_id, id);
  assert.equal(json.status, 1);
  assert.match(await ok(['order', 'get', id, '-o', 'json', '--raw-ids']), new RegExp(`"entrust_id": ${id},`));
  srv.exchange.fill(id, '0.1');
  const table = await ok(['order', 'get', id, '-o', 'table', '--fields', 'entrust_id,status,executed_amount']);
  assert.equal(table, `        entrust_id  status            executed_amount\n${id}  partially_filled              0.1\n`);
  assert.match(await ok(['order', 'list', 'BTC_USDT', '--status', '2', '--fields', 'entrust_id,status']), new RegExp(`^${id}\t2\n`));
  assert.match(await ok(['order', 'list', 'BTC_USDT', '--status', 'open', '--page', '0', '--limit', '5', '-o', 'table']), /pending|partially_filled/);
  const fills = await ok(['fills', 'BTC_USDT', '--entrust-id', id, '--fields', 'entrust_id,side,amount,active']);
  assert.equal(fills, `${id}\tbuy\t0.1\tfalse\n`);
  const cancel = await bm(['order', 'cancel', id, '--yes']);
  assert.equal(cancel.code, 0, cancel.err);
  assert.equal(cancel.out, `${id}\tcancelled\n`);
  const again = await bm(['order', 'cancel', id, '--yes']);
  assert.equal(again.code, 6);
  assert.match(again.err, /HTTP 400\n  Order already canceled\n/);
  assert.equal(srv.exchange.order(ACCOUNT.id, 'BTC_USDT', { order_id: id })!.status, 8);
  await ok(['order', 'place', 'BTC_USDT', '--side', 'sell', '--amount', '1', '--price', '31000', '--yes']);
  assert.equal(await ok(['order', 'cancel-all', 'BTC_USDT', '--side', 'sell', '--yes']), 'BTC_USDT\tsell\tcancelled\n');
  assert.equal(srv.exchange.orders(ACCOUNT.id, 'BTC_USDT', [4, 5], 100).filter((o) => o.side === 'sell').length, 0);
});

test('output formats: json raw, ndjson, csv, table, --fields', async () => {
  assert.deepEqual(JSON.parse(await ok(['wallet', '--json'])), srv.exchange.balances().map((b) => ({ id: b.currency, name: b.name, available: b.available, frozen: b.frozen })));
  assert.equal(await ok(['wallet', '-o', 'ndjson', '--fields', 'id,available']), '{"id":"BTC","available":"1.50000000"}\n{"id":"USDT","available":"100000.00"}\n');
  assert.equal(await ok(['wallet', '-o', 'csv']), 'id,name,available,frozen\nBTC,Bitcoin,1.50000000,0.00000000\nUSDT,Tether,100000.00,0.00\n');
  assert.match(await ok(['wallet', '-o', 'table']), /^id\s+name\s+available\s+frozen\nBTC\s+Bitcoin\s+1\.5{1}0+\s+0\.0+\n/);
  assert.equal(await ok(['ping', '--json']), '{}\n');
  const token = JSON.parse(await ok(['token', '--json']));
  assert.equal(token.access_token, '[redacted]');
  assert.equal(token.cached, true);
  assert.ok(token.expires_in > 7000 && token.expires_in <= 7200);
  assert.match(await ok(['token', '--show-token', '--fields', 'access_token']), /^[0-9a-f]{48}\n$/);
});

test('errors: exit codes by HTTP status, the venue message, a JSON error object with -o json', async () => {
  const cases: Array<[number, number]> = [[401, 4], [403, 4], [429, 7], [500, 8], [400, 6]];
  for (const [status, exit] of cases) {
    srv.intercept = (req, res) => {
      if (!req.url?.startsWith('/v2/symbols')) return false;
      res.writeHead(status, { 'content-type': 'application/json' }).end(`{"message":"refused ${status}"}`);
      return true;
    };
    const r = await bm(['symbols', '-o', 'json']);
    assert.equal(r.code, exit, r.err);
    assert.equal(r.out, '');
    // A 429 is retried first, and each wait is said.
    assert.match(r.err, new RegExp(`^(bm: the venue asks to slow down \\(HTTP 429\\): retrying in \\d+\\.\\d s\\n)*error: GET /v2/symbols failed with HTTP ${status}${status >= 500 ? ': a server error, not a refusal' : ''}\\n  refused ${status}\\n`));
    const obj = JSON.parse(r.err.trim().split('\n').pop()!);
    assert.equal(obj.error.http_status, status);
    assert.equal(obj.error.exit_code, exit);
  }
});

test('local validation exits 2 and sends nothing; writes need --yes without a terminal', async () => {
  const before = srv.total();
  const bad: string[][] = [
    ['order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '1e-3', '--price', '1'],
    ['order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '1', '--price', '0', '--yes'],
    ['order', 'place', 'BTC', '--side', 'buy', '--amount', '1', '--price', '1', '--yes'],
    ['order', 'place', 'BTC_USDT', '--side', 'long', '--amount', '1', '--price', '1', '--yes'],
    ['order', 'list', 'BTC_USDT', '--status', '9'],
    ['order', 'list', 'BTC_USDT'],
    ['order', 'get', 'abc'],
    ['kline', 'BTC_USDT', '--from', 'yesterday'],
    ['kline', 'BTC_USDT', '--step', '7m'],
    ['fills', 'BTC_USDT', '--limit', '500'],
    ['order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '1', '--price', '1'],
    ['order', 'cancel', '123'],
    ['order', 'cancel-all', 'BTC_USDT', '--side', 'buy'],
  ];
  for (const args of bad) {
    const r = await bm(args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
    assert.match(r.err, /^error: /);
  }
  assert.match((await bm(['order', 'cancel', '123'])).err, /hint: add --yes/);
  assert.equal(srv.total(), before);
});

test('--dry-run prints the exact request with token and signature redacted, and sends nothing', async () => {
  const before = srv.total();
  const r = await bm(['order', 'place', 'btc_usdt', '--side', 'buy', '--amount', '0.5', '--price', '30000', '--dry-run']);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, new RegExp(`^POST ${srv.url}/v2/orders\\n`));
  assert.match(r.out, /x-bm-authorization: \[redacted\]\n/);
  assert.match(r.out, /x-bm-signature: \[redacted\]\n/);
  assert.match(r.out, /\n\{"amount":"0.5","price":"30000","side":"buy","symbol":"BTC_USDT"\}\n$/);
  const tok = await bm(['token', '--dry-run', '-o', 'json']);
  assert.equal(JSON.parse(tok.out).body, 'grant_type=client_credentials&client_id=[redacted]&client_secret=[redacted]');
  assert.equal(srv.total(), before);
});

test('--verbose traces requests with the key, token, signature and client secret redacted', async () => {
  const r = await bm(['token', '--fresh', '-v']);
  assert.equal(r.code, 0, r.err);
  const file = JSON.parse(readFileSync(join(home, 'state', 'legacy-tokens.json'), 'utf8'));
  const token = file[`${srv.url} ${ACCOUNT.key}`].token as string;
  const w = await bm(['order', 'place', 'BTC_USDT', '--side', 'buy', '--amount', '0.1', '--price', '1', '--yes', '-v']);
  assert.equal(w.code, 0, w.err);
  for (const text of [r.err, w.err]) {
    assert.ok(!text.includes(token), 'token leaked');
    assert.ok(!text.includes(ACCOUNT.key), 'key leaked');
    assert.ok(!/client_secret=[0-9a-f]/.test(text), 'client secret leaked');
    assert.ok(!/x-bm-signature: [0-9a-f]/.test(text), 'signature leaked');
  }
  assert.match(w.err, /x-bm-signature: \[redacted\]/);
  assert.match(r.err, /> grant_type=client_credentials&client_id=\[redacted\]&client_secret=\[redacted\]\n/);
});

test('across invocations: a token near its end is replaced, and one the venue forgot is fetched again once', async () => {
  const file = join(home, 'state', 'legacy-tokens.json');
  await ok(['wallet']);
  const count = () => srv.count('POST /v2/authentication');
  const start = count();
  const cached = JSON.parse(readFileSync(file, 'utf8'));
  const entry = cached[`${srv.url} ${ACCOUNT.key}`];
  // 5 s of a 2 h lifetime left: inside the refresh margin.
  cached[`${srv.url} ${ACCOUNT.key}`] = { ...entry, issuedAt: Date.now() - 7_195_000, expiresAt: Date.now() + 5000 };
  writeFileSync(file, JSON.stringify(cached));
  await ok(['wallet']);
  assert.equal(count(), start + 1);
  await ok(['wallet']);
  assert.equal(count(), start + 1);
  legacyState(srv.exchange).tokens.clear();
  const walletsBefore = srv.count('GET /v2/wallet');
  await ok(['wallet']);
  assert.equal(count(), start + 2);
  assert.equal(srv.count('GET /v2/wallet'), walletsBefore + 2);
});

test('a cancel whose answer is lost is sent again (it is idempotent), then proven by reading the order', async () => {
  const id = srv.exchange.placeOrder(ACCOUNT.id, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', size: '1', price: '2' }).order_id;
  let deletes = 0;
  srv.intercept = (req, res) => {
    if (req.method !== 'DELETE' || deletes++ > 0) return false;
    srv.exchange.cancelOrder(ACCOUNT.id, 'BTC_USDT', { order_id: id }); // done, but the answer never arrives
    res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"bad gateway"}');
    return true;
  };
  const r = await bm(['order', 'cancel', id, '--yes', '--fields', 'entrust_id,result']);
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, /failed with HTTP 502: a server error, not a refusal; sending it again, as it is safe to repeat \(1 of 2\)/);
  assert.match(r.err, /the repeated request was refused .*; looking it up \(bm legacy order get \d+\) instead of sending it again/);
  assert.match(r.err, /cancelled \(proven by looking it up\)/);
  assert.equal(srv.count(`DELETE /v2/orders/${id}`), 2, 'the first, and one repeat');
  assert.equal(r.out, `${id}\tcancelled\n`);
  // A cancel prints its own columns whichever way it was proven: a column of the order alone is refused before sending.
  const other = await bm(['order', 'cancel', id, '--yes', '--fields', 'entrust_id,status']);
  assert.equal(other.code, 2, other.err);
  assert.match(other.err, /^error: --fields: no column 'status' here \(valid: entrust_id, result\)$/m);
  assert.equal(srv.count(`DELETE /v2/orders/${id}`), 2, 'nothing sent');
});
