// Answers outside the venue's rules (spec 7.1 and the code tables): a 5xx whatever code its body carries, a
// 3xx, a 4xx the spec never uses, an error status with the success code. Neither generation reads one as the
// venue's refusal: a network failure (exit 8) that keeps the venue's code, message and trace; for a write,
// the hint of an unknown outcome and never "retryable"; never sent again for a code that would be retried
// in a refusal (30007, 30013). The answers the rules define keep their meaning.
import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { ApiClient } from '../../../src/api/client.js';
import { endpoint } from '../../../src/api/catalogue/index.js';
import { ruledStatus } from '../../../src/api/codes.js';
import { BmError } from '../../../src/errors.js';
import { legacyEndpoint } from '../../../src/legacy/catalogue.js';
import { LegacyClient } from '../../../src/legacy/client.js';
import { MemoryTokenStore } from '../../../src/legacy/tokens.js';

let answer: (res: ServerResponse) => void = () => {};
let hits = 0;
let base = '';
const server = createServer((req, res) => {
  req.resume().on('end', () => {
    // The legacy client's token, and the clock a 30007 would make the client learn, always answer.
    if (req.url === '/v2/authentication') return reply(res, 200, '{"access_token":"tok","expires_in":7200}');
    if (req.url === '/system/time') return reply(res, 200, `{"code":1000,"message":"OK","trace":"t","data":{"server_time":${Date.now()}}}`);
    hits++;
    answer(res);
  });
});
before(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

function reply(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(text);
}
const CREDS = { key: 'k1', secret: 's3cr3t', memo: 'memo1' };
/** A clock only the clients' pauses move (a 429's back-off): no test waits for one. */
let clock = 1_800_000_000_000;
const time = { now: () => clock, sleep: async (ms: number) => void (clock += ms) };
const api = () => new ApiClient({ env: {}, baseUrl: async () => base, credentials: async () => CREDS, timeoutMs: 30_000, ...time });
const legacy = () => new LegacyClient({ env: {}, baseUrl: async () => base, credentials: async () => CREDS, store: new MemoryTokenStore(), timeoutMs: 30_000, ...time });
const envelopeOf = (code: number | string) => JSON.stringify({ code, message: `said ${code}`, trace: 'tr-5xx', data: {} });
const SUBMIT = endpoint('spot.order.submit');
const TICKER = endpoint('spot.ticker');

/** The error `call` rejects with, and how many requests reached the server. */
async function failure(call: () => Promise<unknown>): Promise<{ err: BmError; hits: number }> {
  hits = 0;
  const err = await call().then(() => assert.fail('resolved'), (e: unknown) => e);
  assert.ok(err instanceof BmError, String(err));
  return { err, hits };
}

test('the statuses the rules define: 2xx and the 4xx of spec 7.1 and the code tables; nothing else', () => {
  assert.deepEqual([200, 201, 400, 401, 403, 404, 405, 415, 418, 429].filter((s) => !ruledStatus(s)), []);
  assert.deepEqual([100, 199, 301, 302, 304, 408, 409, 410, 422, 499, 500, 502, 503, 504, 599].filter(ruledStatus), []);
});

test('a 5xx carrying a known code (30000, 50000, even 1000) is no refusal: a read is exit 8, retryable, the venue\'s words kept', async () => {
  for (const status of [500, 502, 503]) {
    for (const code of [30000, 50000, 1000, '1000']) {
      answer = (res) => reply(res, status, envelopeOf(code));
      const { err } = await failure(() => api().call(TICKER, [['symbol', 'BTC_USDT']]));
      const what = `${status} ${code}`;
      assert.equal(err.category, 'network', what);
      assert.equal(err.exitCode, 8, what);
      assert.equal(err.retryable, true, what);
      assert.deepEqual([err.code, err.details.venueMessage, err.trace, err.httpStatus], [String(code), `said ${code}`, 'tr-5xx', status], what);
      assert.match(err.message, new RegExp(`^GET /spot/v1/ticker failed with HTTP ${status} \\(code ${code}\\): a server error, not a refusal$`), what);
      assert.match(err.details.hint ?? '', /a read is safe to send again/, what);
    }
  }
});

test('a write answered 5xx with a code: maybe done, so the hint says how to check, never retryable; sent once', async () => {
  for (const code of [30000, 50000, 1000, 30013, 30007, 30002]) {
    answer = (res) => reply(res, 500, envelopeOf(code));
    const { err, hits: n } = await failure(() => api().call(SUBMIT, [['symbol', 'BTC_USDT']]));
    assert.equal(err.category, 'network', String(code));
    assert.equal(err.retryable, false, String(code));
    assert.equal(err.code, String(code));
    assert.match(err.details.hint ?? '', /outcome is unknown: look it up/);
    // 30013 in a 429 is retried, 30007 and 30002 in a 401 are sent again: in a 5xx the request may have been done.
    assert.equal(n, 1, `${code}: sent once`);
  }
});

test('a 3xx, a 4xx the spec never uses, an error status with the success code: no refusal either', async () => {
  const cases: Array<[number, string]> = [[302, envelopeOf(50000)], [408, envelopeOf(50000)], [409, '{"message":"conflict"}'], [499, ''], [400, envelopeOf(1000)], [404, envelopeOf(0)]];
  for (const [status, body] of cases) {
    answer = (res) => reply(res, status, body);
    const read = await failure(() => api().call(TICKER, [['symbol', 'BTC_USDT']]));
    assert.equal(read.err.exitCode, 8, `${status} ${body}: ${read.err.message}`);
    assert.equal(read.err.httpStatus, status);
    const write = await failure(() => api().call(SUBMIT, [['symbol', 'BTC_USDT']]));
    assert.equal(write.err.category, 'network', `${status} ${body}`);
    assert.match(write.err.details.hint ?? '', /outcome is unknown/);
  }
  answer = (res) => reply(res, 400, envelopeOf(1000));
  assert.match((await failure(() => api().call(TICKER))).err.message, /an error status with the success code, an answer that contradicts itself/);
});

test('the answers the rules define keep their meaning: a 4xx\'s code, a 429 and a 418 rate limits', async () => {
  const cases: Array<[number, number, string, number]> = [[400, 50000, 'venue', 6], [404, 30000, 'venue', 6], [400, 50020, 'venue', 6], [401, 30005, 'auth', 4], [429, 30013, 'ratelimit', 7], [418, 30017, 'ratelimit', 7]];
  for (const [status, code, category, exit] of cases) {
    answer = (res) => reply(res, status, envelopeOf(code));
    const { err } = await failure(() => api().call(SUBMIT, [['symbol', 'BTC_USDT']]));
    assert.deepEqual([err.category, err.exitCode, err.code], [category, exit, String(code)], `${status} ${code}`);
  }
});

test('the first generation: a 5xx (whatever its body), a 3xx or a 409 is no refusal; its 400 and 404 are', async () => {
  const PLACE = legacyEndpoint('legacy.order.place');
  const values = { symbol: 'BTC_USDT', side: 'buy', amount: '0.01', price: '1000' };
  for (const [status, body] of [[500, '{"code":50000,"message":"Bad Request"}'], [502, '{"message":"bad gateway"}'], [503, ''], [302, ''], [409, '{"message":"conflict"}']] as const) {
    answer = (res) => reply(res, status, body);
    const { err, hits: n } = await failure(() => legacy().call(PLACE, values));
    assert.equal(err.category, 'network', `${status} ${body}: ${err.message}`);
    assert.equal(err.retryable, false);
    assert.match(err.details.hint ?? '', /the outcome is unknown: look it up with bm legacy order list SYMBOL --status 5/);
    assert.equal(n, 1, 'sent once');
    const read = await failure(() => legacy().call(legacyEndpoint('legacy.wallet'), {}));
    assert.deepEqual([read.err.exitCode, read.err.retryable], [8, status !== 302], `${status}: a read is exit 8`);
  }
  for (const status of [400, 404]) {
    answer = (res) => reply(res, status, '{"message":"refused"}');
    const { err } = await failure(() => legacy().call(PLACE, values));
    assert.deepEqual([err.category, err.details.venueMessage], ['venue', 'refused'], String(status));
  }
});
