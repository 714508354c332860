/**
 * The library's one spelling and the catalogue's defaults, over every entry: names are snake_case and
 * unique per method, every earlier spelling is refused naming the new one, and every default the
 * catalogue gives passes the checks the command line applies to what a user types.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalogue } from '../../../src/api/catalogue/index.js';
import { checkValue, typedDefault } from '../../../src/core/params.js';
import { BmError } from '../../../src/errors.js';
import { methodTable } from '../../../src/lib/methods.js';
import { libName, refuseOldSpelling } from '../../../src/lib/names.js';

test('every method parameter is snake_case, one name per parameter', () => {
  for (const m of methodTable()) {
    const names = m.ep.params.filter((p) => !p.local).map(libName);
    for (const n of names) assert.match(n, /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, `${m.ep.id}: ${n}`);
    assert.equal(new Set(names).size, names.length, `${m.ep.id}: ${names.join(', ')}`);
  }
});

test('every wire name that differs is refused, naming the library\'s', () => {
  let refused = 0;
  for (const m of methodTable()) {
    for (const p of m.ep.params.filter((x) => !x.local && libName(x) !== x.name)) {
      assert.throws(() => refuseOldSpelling(m.ep.params, { [p.name]: '1' }), (e: unknown) => e instanceof BmError && e.category === 'usage' && e.message.startsWith(`${p.name}: spelled ${libName(p)} `));
      refused++;
    }
    for (const p of m.ep.params) refuseOldSpelling(m.ep.params, { [libName(p)]: '1' });
  }
  assert.ok(refused >= 8, `${refused} earlier spellings checked`);
});

test('every catalogue default passes the command line\'s checks', () => {
  const withDefault = catalogue().flatMap((ep) => ep.params.filter((p) => p.default !== undefined).map((p) => [ep, p] as const));
  assert.ok(withDefault.length >= 7, 'order list, funding history and kline have defaults');
  for (const [ep, p] of withDefault) {
    const typed = typedDefault(p);
    if (typed === undefined) {
      assert.ok(ep.id === 'spot.kline' && p.name === 'from', `${ep.id} ${p.name}: a rule is applied by its endpoint's code`);
      continue;
    }
    assert.doesNotThrow(() => checkValue(p, typed), `${ep.id} ${p.name}: default ${typed}`);
  }
});
