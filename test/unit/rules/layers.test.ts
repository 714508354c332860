// The layer order of src, lowest first: a module imports its own layer and those below, never one above.
// Every top-level folder and root file has its layer here: a new one fails until it is placed.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { graph, SRC } from '../../helpers/import-graph.js';

/** Each top-level entry of src/ (a folder, or a file at the root) and its layer; a higher number is a higher layer. */
export const LAYERS: Readonly<Record<string, number>> = {
  util: 0,
  'errors.ts': 1,
  api: 2,
  config: 3,
  profiles: 4,
  ws: 5,
  legacy: 6,
  core: 7,
  render: 8,
  sandbox: 9,
  lib: 10,
  // The bot runtime: hands user code the library's client (live on the command line's venue, or on a backtest's
  // in-process sandbox); the command line reaches it, never the library itself.
  bot: 10.5,
  commands: 11,
  'context.ts': 11,
  'invocation.ts': 11,
  'program.ts': 12,
  'main.ts': 12,
};

const G = graph();
/** The top-level entry a src file belongs to. */
const topOf = (f: string) => f.split('/')[0] ?? f;

test('every top-level folder and root file of src has a layer, and every layer named is there', () => {
  const entries = readdirSync(SRC, { withFileTypes: true }).filter((e) => e.isDirectory() || e.name.endsWith('.ts')).map((e) => e.name).sort();
  assert.deepEqual(entries.filter((e) => !(e in LAYERS)), [], 'a top-level entry of src with no layer: place it in LAYERS');
  assert.deepEqual(Object.keys(LAYERS).filter((e) => !entries.includes(e)).sort(), [], 'a layer names no entry of src');
});

test('nothing imports a layer above its own', () => {
  const up = [...G].flatMap(([f, m]) => m.files.filter((d) => (LAYERS[topOf(d)] ?? -1) > (LAYERS[topOf(f)] ?? Infinity)).map((d) => `${f} -> ${d}`));
  assert.deepEqual(up, []);
});
