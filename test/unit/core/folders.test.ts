// The core's folders form no cycle: a folder's files may import a subfolder's or a sibling's, but no two
// folders (the core's root files counting as the folder `core`) import each other, directly or round a
// longer loop. Read from the syntax tree (test/helpers/import-reader.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { folderOf, srcGraph } from '../../helpers/import-reader.js';

const G = srcGraph();

/** The folders under core/ and which others each imports. */
function folderGraph(): Map<string, Set<string>> {
  const g = new Map<string, Set<string>>();
  for (const [f, deps] of G) {
    if (!f.startsWith('core/')) continue;
    const from = folderOf(f);
    const to = g.get(from) ?? new Set<string>();
    for (const d of deps) if (d.startsWith('core/') && folderOf(d) !== from) to.add(folderOf(d));
    g.set(from, to);
  }
  return g;
}

/** Each cycle of folders, once, as `a -> b -> a`. */
function cycles(g: Map<string, Set<string>>): string[] {
  const out = new Set<string>();
  for (const start of g.keys()) {
    const walk = (at: string, path: string[]): void => {
      for (const next of g.get(at) ?? []) {
        if (next === start) {
          // Named from its smallest folder, so each loop is said once.
          const loop = [...path];
          const i = loop.indexOf([...loop].sort()[0]!);
          const turned = [...loop.slice(i), ...loop.slice(0, i)];
          out.add([...turned, turned[0]].join(' -> '));
        } else if (!path.includes(next) && next > start) walk(next, [...path, next]);
      }
    };
    walk(start, [start]);
  }
  return [...out].sort();
}

test('the cycle finder finds a loop of folders, and only loops', () => {
  const g = new Map([['core', new Set(['core/a'])], ['core/a', new Set(['core/b'])], ['core/b', new Set(['core'])], ['core/c', new Set(['core'])]]);
  assert.deepEqual(cycles(g), ['core -> core/a -> core/b -> core']);
});

test('no two folders of the core import each other', () => {
  const g = folderGraph();
  assert.ok(g.has('core/order') && g.has('core/write'), 'the core folders are read');
  assert.deepEqual(cycles(g), []);
});
