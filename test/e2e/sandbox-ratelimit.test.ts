import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, newAccount, type Answer } from '../helpers/signed.js';
import { useSandbox } from '../helpers/sandbox-server.js';

const h = useSandbox(41);

function limits(r: Answer): [string | null, string | null, string | null] {
  return [r.headers.get('x-bm-ratelimit-remaining'), r.headers.get('x-bm-ratelimit-limit'), r.headers.get('x-bm-ratelimit-reset')];
}

describe('sandbox REST: rate limits', () => {
  test('a burst past a per-IP limit gets 429 and code 30013; the window then frees up', async () => {
    const steps = () => call(h.base(), 'GET', '/spot/v1/steps', { raw429: true });
    const [a, b, c] = [await steps(), await steps(), await steps()];
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    assert.deepEqual(limits(a), ['1', '2', '2']);
    assert.deepEqual(limits(b), ['0', '2', '2']);
    assert.equal(c.status, 429);
    assert.equal(c.json.code, 30013);
    assert.deepEqual(limits(c), ['0', '2', '2']);
    h.skip(2050); // the 2 s window passes on the sandbox's clock, not the test's
    assert.equal((await steps()).status, 200);
  });

  test('keyed limits count per key', async () => {
    const [k1, k2] = [await newAccount(h.base()), await newAccount(h.base())];
    const cancelAll = (creds: typeof k1) => call(h.base(), 'POST', '/spot/v1/cancel_orders', { body: { symbol: 'BTC_USDT' }, creds, raw429: true });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await cancelAll(k1)).json.code);
    assert.deepEqual(codes, [1000, 1000, 1000, 1000, 30013]);
    const other = await cancelAll(k2);
    assert.equal(other.json.code, 1000);
    assert.deepEqual(limits(other), ['3', '4', '2']);
  });
});
