import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MARKET } from '../../../../src/api/catalogue/market.js';
import { NAMED } from '../../../../src/api/catalogue/named.js';
import { PRIVATE } from '../../../../src/api/catalogue/private.js';
import { ROUTES } from '../../../../src/sandbox/http/dispatch.js';

test('every current-generation catalogue endpoint has a sandbox route, and of the named-only ones only the contract list', () => {
  const served = [...MARKET, ...PRIVATE].map((e) => e.id).concat('named.contract.public.details').sort();
  assert.deepEqual(Object.keys(ROUTES).sort(), served);
  for (const e of NAMED) if (e.path !== '/contract/public/details') assert.equal(ROUTES[e.id], undefined, e.id);
});
