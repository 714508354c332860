// Folders form no cycle, and no command folder imports another's module but a shared one's.
import assert from 'node:assert/strict';
import { dirname } from 'node:path';
import { test } from 'node:test';
import { cycles, graph } from '../../helpers/import-graph.js';

const G = graph();

/**
 * The folder of a src file: the directory holding it. A file at the root of src is a node of its own, since the
 * root holds the lowest layer (errors.ts) and the highest (program.ts, main.ts).
 */
export const folderOf = (f: string) => (f.includes('/') ? dirname(f) : f);

/** Folder -> folders it imports from, each edge with the file imports that make it. */
function folderGraph(): Map<string, Map<string, string[]>> {
  const fg = new Map<string, Map<string, string[]>>();
  for (const [f, m] of G) {
    const from = folderOf(f);
    const out = fg.get(from) ?? new Map<string, string[]>();
    fg.set(from, out);
    for (const d of m.files) {
      const to = folderOf(d);
      if (to === from) continue;
      out.set(to, [...(out.get(to) ?? []), `${f} -> ${d}`]);
    }
  }
  return fg;
}

test('no cycle between folders (a root file of src counts as a folder of its own)', () => {
  const fg = folderGraph();
  const found = cycles(fg.keys(), (v) => fg.get(v)?.keys() ?? []);
  // Each cycle with the imports that close it, so the message says what to move.
  const say = (c: readonly string[]) => [c.join(' <-> '), ...c.flatMap((a) => c.flatMap((b) => fg.get(a)?.get(b) ?? []))].join('\n  ');
  assert.deepEqual(found.map(say), [], 'a folder cycle');
});

/** The shared command modules: the root files of src/commands. */
const shared = (f: string) => /^commands\/[^/]+\.ts$/.test(f);
/** The folder that assembles the command tree (the catalogue's commands, their overrides, the generated docs): it alone imports any command folder. */
const TREE = 'commands/tree/';
/** The command folder of a file (`order` for commands/order/place.ts), if it is in one. */
const nounOf = (f: string) => (f.startsWith('commands/') && !shared(f) && !f.startsWith(TREE) ? f.split('/')[1] : undefined);

test('no command folder imports from another but the shared modules; only the tree assembles them', () => {
  const crossing = [...G].flatMap(([f, m]) => m.files.filter((d) => nounOf(f) && nounOf(d) && nounOf(f) !== nounOf(d)).map((d) => `${f} -> ${d}`));
  assert.ok(G.has('commands/trade/run.ts') && G.has('commands/order/place.ts'), 'the command folders are where this test looks');
  assert.deepEqual(crossing, [], 'an import from one command folder into another');
  // Nothing but the program imports the tree: it sits above every command folder.
  assert.deepEqual([...G].flatMap(([f, m]) => (f.startsWith(TREE) || f === 'program.ts' ? [] : m.files.filter((d) => d.startsWith(TREE)).map((d) => `${f} -> ${d}`))), [], 'an import of the command tree from below it');
});
