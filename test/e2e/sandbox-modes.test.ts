// The two modes of the sandbox over raw HTTP: by default it answers as the venue did (facts.md), with
// `strict` (`bm sandbox serve --strict`) it holds every client to the spec's letter, refusing what
// the venue let pass with the spec's code. Items closed in both modes are probed on both.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startServer } from '../../src/sandbox/server/server.js';
import { scalarText } from '../../src/util/json.js';
import { signWsLogin } from '../../src/util/signing.js';
import { bm, ensureBuilt, isolatedEnv, startSandbox } from '../helpers/bm.js';
import { rawClient } from '../helpers/ws-client.js';
import { call, newAccount, type Answer, type Creds } from '../helpers/signed.js';
import { useSandbox, type Harness } from '../helpers/sandbox-server.js';

const venue = useSandbox(7);
const strict = useSandbox(7, { strict: true });

const accounts = new Map<Harness, Promise<Creds>>();
/** The funded account of `h`, made on first use. */
function acct(h: Harness): Promise<Creds> {
  let a = accounts.get(h);
  if (!a) accounts.set(h, (a = newAccount(h.base(), { deposit: { USDT: '1000000', BTC: '10' } })));
  return a;
}

function ok(r: Answer): void {
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.code, 1000, r.text);
}
function refused(r: Answer, code: number, status = 400): void {
  assert.equal(r.status, status, r.text);
  assert.equal(r.json.code, code, r.text);
}
const post = async (h: Harness, path: string, body: string | object) => call(h.base(), 'POST', path, { body, creds: await acct(h) });
const keyOnly = async (h: Harness, path: string, query = '') => call(h.base(), 'GET', path, { query, headers: { 'X-BM-KEY': (await acct(h)).key } });
async function detail(h: Harness, id: unknown) {
  return (await call(h.base(), 'GET', '/spot/v1/order_detail', { query: `symbol=BTC_USDT&order_id=${scalarText(id)}`, creds: await acct(h), auth: 'KEYED' })).json.data;
}
/** A buy far below the market: it rests. */
const resting = { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '1000', size: '0.01' };

describe('keyed reads: the key alone by default (facts.md 3), the timestamp too in strict (30006)', () => {
  test('wallet and deposit detail', async () => {
    const w = await keyOnly(venue, '/spot/v1/wallet');
    ok(w);
    assert.ok(w.json.data.wallet.some((b: { id: string }) => b.id === 'USDT'));
    refused(await keyOnly(venue, '/account/v1/deposit-withdraw/detail', 'id=nope'), 60010);
    refused(await keyOnly(strict, '/spot/v1/wallet'), 30006, 401);
    refused(await keyOnly(strict, '/account/v1/deposit-withdraw/detail', 'id=nope'), 30006, 401);
  });

  test('a timestamp or signature that is sent is checked in both modes', async () => {
    const stale = String(Date.now() - 120_000);
    for (const h of [venue, strict]) {
      const a = await acct(h);
      refused(await call(h.base(), 'GET', '/spot/v1/wallet', { creds: a, auth: 'KEYED', timestamp: stale }), 30007, 401);
      refused(await call(h.base(), 'GET', '/spot/v1/wallet', { headers: { 'X-BM-KEY': a.key, 'X-BM-SIGN': 'bad' } }), 30006, 401);
    }
  });

  test('signed writes need timestamp and signature in both modes', async () => {
    for (const h of [venue, strict]) {
      const r = await call(h.base(), 'POST', '/spot/v2/submit_order', { body: resting, headers: { 'X-BM-KEY': (await acct(h)).key } });
      refused(r, 30006, 401);
    }
  });
});

describe('decimals: read as the venue did by default, refused with 50021 in strict', () => {
  test('a JSON number as size or price: taken as its value by default, refused naming the field in strict', async () => {
    const body = '{"symbol":"BTC_USDT","side":"buy","type":"limit","price":1000,"size":1e-2}';
    const placed = await post(venue, '/spot/v2/submit_order', body);
    ok(placed);
    const d = await detail(venue, placed.json.data.order_id);
    assert.equal(d.price, '1000');
    assert.equal(d.size, '0.01');
    const r = await post(strict, '/spot/v2/submit_order', body);
    refused(r, 50021);
    assert.match(r.json.message, /size/);
    const p = await post(strict, '/spot/v2/submit_order', { ...resting, price: 1000 });
    refused(p, 50021);
    assert.match(p.json.message, /price/);
    const inBatch = await post(strict, '/spot/v2/batch_orders', `{"order_params":[${body}]}`);
    assert.equal(inBatch.json.data.responses[0].code, 50021, inBatch.text);
    const lenientBatch = await post(venue, '/spot/v2/batch_orders', `{"order_params":[${body}]}`);
    assert.equal(lenientBatch.json.data.responses[0].code, 0, lenientBatch.text);
  });

  test('more decimals than the pair allows: cut toward zero by default, refused in strict', async () => {
    const body = { ...resting, price: '1000.129', size: '0.0100099' };
    const placed = await post(venue, '/spot/v2/submit_order', body);
    ok(placed);
    const d = await detail(venue, placed.json.data.order_id);
    assert.equal(d.price, '1000.12');
    assert.equal(d.size, '0.01');
    const price = await post(strict, '/spot/v2/submit_order', { ...resting, price: '1000.129' });
    refused(price, 50021);
    assert.match(price.json.message, /price/);
    const size = await post(strict, '/spot/v2/submit_order', { ...resting, size: '0.0100099' });
    refused(size, 50021);
    assert.match(size.json.message, /size/);
  });
});

describe('a placed order\'s id: a string by default (facts.md 5), the spec\'s unquoted number in strict', () => {
  test('submit and batch answers; reads keep the spec\'s number in both modes', async () => {
    const batch = { order_params: [resting] };
    for (const [h, id] of [[venue, /"order_id":"[0-9]{18,}"/], [strict, /"order_id":[0-9]{18,}[,}]/]] as const) {
      const placed = await post(h, '/spot/v2/submit_order', resting);
      ok(placed);
      assert.match(placed.text, id);
      const batched = await post(h, '/spot/v2/batch_orders', batch);
      ok(batched);
      assert.match(batched.text, id);
      const d = await call(h.base(), 'GET', '/spot/v1/order_detail', { query: `symbol=BTC_USDT&order_id=${scalarText(placed.json.data.order_id)}`, creds: await acct(h), auth: 'KEYED' });
      assert.match(d.text, /"order_id":[0-9]{18,}[,}]/);
    }
  });
});

describe('closed in both modes', () => {
  test('v3 cancel of a finished order answers result false (facts.md 5), not 50030/50031', async () => {
    for (const h of [venue, strict]) {
      const id = (await post(h, '/spot/v2/submit_order', resting)).json.data.order_id;
      const first = await post(h, '/spot/v3/cancel_order', { symbol: 'BTC_USDT', order_id: scalarText(id) });
      ok(first);
      assert.equal(first.json.data.result, true);
      const again = await post(h, '/spot/v3/cancel_order', { symbol: 'BTC_USDT', order_id: scalarText(id) });
      ok(again);
      assert.equal(again.json.data.result, false);
      refused(await post(h, '/spot/v3/cancel_order', { symbol: 'BTC_USDT', order_id: '123' }), 50032);
    }
  });

  test('orders echo type as the spec\'s order shape names it: limit_maker and ioc are limit', async () => {
    for (const h of [venue, strict]) {
      const maker = await post(h, '/spot/v2/submit_order', { ...resting, type: 'limit_maker' });
      ok(maker);
      assert.equal((await detail(h, maker.json.data.order_id)).type, 'limit');
      const ioc = await post(h, '/spot/v2/submit_order', { ...resting, type: 'ioc' });
      ok(ioc);
      const d = await detail(h, ioc.json.data.order_id);
      assert.equal(d.type, 'limit');
      assert.equal(d.status, '8', 'an ioc that finds nothing is cancelled');
    }
  });

  test('/contract/public/details is served: an empty contract list', async () => {
    for (const h of [venue, strict]) {
      const r = await call(h.base(), 'GET', '/contract/public/details');
      ok(r);
      assert.deepEqual(r.json.data, { symbols: [] });
    }
  });
});

describe('repeated 429s: no block by default (the milder rule of spec 8.1), 418/30017 in strict, REST only', () => {
  async function burst(url: string, n: number): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await call(url, 'GET', '/spot/v1/steps', { raw429: true })).status);
    return out;
  }
  async function upgrade(url: string): Promise<number> {
    const { WebSocket } = await import('ws');
    return new Promise((resolve) => {
      const ws = new WebSocket(`${url.replace('http', 'ws')}/api?protocol=1.1`);
      ws.on('open', () => {
        ws.close();
        resolve(101);
      });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    });
  }

  // The venue's clock held: every request of a burst falls in one window, however slowly they go.
  const held = (at = Date.now()) => () => at;

  test('default: 429s only, the address keeps being served', async () => {
    // Factor 0.1: spot.steps allows 1 request per window.
    const s = await startServer({ port: 0, seed: 1, limits: 0.1, clock: held() });
    try {
      assert.deepEqual(await burst(s.url, 6), [200, 429, 429, 429, 429, 429]);
      ok(await call(s.url, 'GET', '/system/time', { raw429: true }));
    } finally {
      await s.close();
    }
  });

  test('strict: the address is blocked (418/30017) for REST; WebSocket upgrades are not (the spec does not say so)', async () => {
    const s = await startServer({ port: 0, seed: 1, limits: 0.1, strict: true, clock: held() });
    try {
      assert.deepEqual(await burst(s.url, 5), [200, 429, 429, 429, 418]);
      refused(await call(s.url, 'GET', '/system/time', { raw429: true }), 30017, 418);
      assert.equal(await upgrade(s.url), 101);
    } finally {
      await s.close();
    }
  });
});

describe('bm sandbox serve --strict --service NAME', () => {
  test('the served sandbox is strict and expects NAME.WebSocket; a bad name is exit 2', async () => {
    ensureBuilt();
    assert.equal(bm(['sandbox', 'serve', '--service', 'a b'], isolatedEnv()).code, 2);
    const s = await startSandbox(['--service', 'bitmart']);
    try {
      const a = await newAccount(s.url);
      refused(await call(s.url, 'GET', '/spot/v1/wallet', { headers: { 'X-BM-KEY': a.key } }), 30006, 401);
      const login = async (service: string) => {
        const c = await rawClient(`${s.url.replace('http', 'ws')}/user?protocol=1.1`);
        const ts = String(Date.now());
        c.send({ op: 'login', args: [a.key, ts, signWsLogin(a.secret, ts, a.memo, service)] });
        const f = await c.next((x) => x.kind === 'event' || x.kind === 'error');
        c.ws.close();
        return f;
      };
      assert.deepEqual(await login('bitmart'), { kind: 'event', event: 'login' });
      const wrong = await login('exchange');
      assert.ok(wrong.kind === 'error' && wrong.code === '91011' && wrong.message.includes('#bitmart.WebSocket'), JSON.stringify(wrong));
    } finally {
      await s.stop();
    }
  });
});
