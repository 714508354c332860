import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LATER } from '../../../../src/api/catalogue/later.js';
import { MARKET } from '../../../../src/api/catalogue/market.js';
import { NAMED } from '../../../../src/api/catalogue/named.js';
import { PRIVATE } from '../../../../src/api/catalogue/private.js';
import { ROUTES } from '../../../../src/sandbox/http/dispatch.js';

test('every current-generation and later catalogue endpoint has a sandbox route, and of the named-only ones only the contract list', () => {
  const served = [...MARKET, ...PRIVATE, ...LATER].map((e) => e.id).concat('named.contract.public.details').sort();
  assert.deepEqual(Object.keys(ROUTES).sort(), served);
  for (const e of NAMED) if (e.path !== '/contract/public/details') assert.equal(ROUTES[e.id], undefined, e.id);
});

test('the later generation: no path of the named-only table, no bm command; v4 queries are reads, its batch, cancels and withdrawal writes', () => {
  const named = new Set(NAMED.map((e) => e.path));
  for (const e of LATER) {
    assert.equal(e.later, true, e.id);
    assert.ok(!named.has(e.path), `${e.path} is not also named-only`);
    assert.equal(e.command, undefined, `${e.id}: bm's own commands stay on the spec's endpoints`);
  }
  const writes = LATER.filter((e) => e.write).map((e) => e.path).sort();
  assert.deepEqual(writes, ['/account/v1/withdraw/apply', '/spot/v4/batch_orders', '/spot/v4/cancel_all', '/spot/v4/cancel_orders']);
  for (const e of LATER.filter((x) => x.path.startsWith('/spot/v4/query/'))) assert.deepEqual([e.method, e.auth, e.write], ['POST', 'SIGNED', undefined], e.id);
  for (const e of LATER.filter((x) => x.write)) assert.ok(e.safety?.confirm, `${e.id}: confirmed as every write`);
});
