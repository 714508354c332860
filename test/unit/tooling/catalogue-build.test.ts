// build/catalogue.mjs: the bundles carry the catalogue's entries as JSON text (src/api/catalogue/table.ts as
// data), each parsed on first use. The text must give back the entries exactly, and the build must refuse
// an entry that JSON would change.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertPlainData, tableModule } from '../../../build/catalogue.mjs';
import { entryAt, KEYS } from '../../../src/api/catalogue/table.js';

/** A module's exports from its text. */
async function evaluate(text: string): Promise<Record<string, unknown>> {
  return (await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)) as Record<string, unknown>;
}

test('the data module gives back every entry of the catalogue and its keys, each entry parsed once, when asked for', async () => {
  const entries = KEYS.map((_, i) => entryAt(i));
  assert.ok(entries.length > 80, `the catalogue has ${entries.length} entries`);
  const mod = await evaluate(tableModule(KEYS, entries));
  assert.deepEqual(mod.KEYS, KEYS);
  const at = mod.entryAt as (i: number) => unknown;
  entries.forEach((e, i) => assert.deepEqual(at(i), e, `entry ${KEYS[i]![0]}`));
  // Asked for again: the same object (a lookup does not parse twice, and what a caller holds stays the entry).
  assert.equal(at(3), at(3));
});

test('an entry JSON would not carry unchanged is refused, naming where it is', () => {
  const keys = [['x.y', 'GET /x', '']] as const;
  const cases: Array<[unknown, RegExp]> = [
    [{ id: 'x.y', load: () => 1 }, /catalogue entry x\.y\.load: a function/],
    [{ id: 'x.y', notes: undefined }, /catalogue entry x\.y\.notes: a undefined/],
    [{ id: 'x.y', params: [{ max: Infinity }] }, /x\.y\.params\[0\]\.max: Infinity/],
    [{ id: 'x.y', rate: { limit: -0 } }, /x\.y\.rate\.limit: 0 is not written/],
    [{ id: 'x.y', values: new Set(['a']) }, /x\.y\.values: an object of a class/],
  ];
  for (const [entry, why] of cases) assert.throws(() => tableModule(keys, [entry]), why);
  assert.doesNotThrow(() => assertPlainData({ a: [1, 'b', null, true, { c: 2.5 }] }, 'plain'));
});
