// The render, trade and watch code keeps its caches on the object that owns them (the screen, the
// pane, the renderer, the state), never at module scope where one session or test would find what
// another left. Only the names below may hold module-scope state, each for the reason given.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { moduleState } from '../helpers/module-state.js';

const ROOTS = ['src/render', 'src/commands/trade', 'src/commands/watch', 'src/lib/watch.ts', 'src/lib/topic-stream.ts', 'src/lib/stream-merge.ts', 'src/ws'];

/** `path:name` -> why sharing it between sessions changes nothing any of them sees. */
const ALLOWED: ReadonlyMap<string, string> = new Map([
  ['src/render/vendor.ts:table', 'cli-table3 loaded on first use (start-up time); the module, not a session, is kept'],
  ['src/render/vendor.ts:chalk', 'chalk loaded on first use (start-up time); the module, not a session, is kept'],
  ['src/ws/socket.ts:wsModule', 'the ws package loaded on first use (start-up time); the module, not a session, is kept'],
  ['src/render/ansi.ts:instances', 'one chalk instance per colour level, made on first use: a function of the level alone'],
  ['src/render/row-cells.ts:STYLES', 'style interning: a style text gets a number once and keeps it, so any two rows compare by number'],
  ['src/render/row-cells.ts:NUMBERS', 'style interning (the other direction of STYLES)'],
  ['src/render/sgr.ts:transitions', 'memo of a pure function (the SGR state after an escape), bounded by TRANSITIONS_KEPT: every entry is the answer itself'],
  ['src/render/sgr.ts:kept', 'the count that bounds `transitions`'],
  ['src/commands/trade/text.ts:spaces', 'runs of blanks, each length made once: a string of n blanks is the same for every caller'],
]);

const walk = (p: string): string[] => (statSync(p).isDirectory() ? readdirSync(p).sort().flatMap((f) => walk(join(p, f))) : p.endsWith('.ts') ? [p] : []);

test('no module-scope state in render, trade, watch and ws code but the allowed names', () => {
  const seen = new Set<string>();
  const unexpected: string[] = [];
  for (const file of ROOTS.flatMap(walk)) {
    for (const f of moduleState(file, readFileSync(file, 'utf8'))) {
      const key = `${file}:${f.name}`;
      seen.add(key);
      if (!ALLOWED.has(key)) unexpected.push(`${key} (${f.why})`);
    }
  }
  assert.deepEqual(unexpected, [], 'module-scope state: move it onto the object that owns it (screen, pane, renderer, state), or allow it here with the reason sharing it is harmless');
  assert.deepEqual([...ALLOWED.keys()].filter((k) => !seen.has(k)), [], 'allowed names no longer there: take them off the list');
});

test('the finder sees lets, made instances, memo factories and changed collections, and passes constants', () => {
  const source = [
    'let a = 0;',
    'var b: string | undefined;',
    'const c = new Map<string, number>();',
    'const d = { kept: new Kept() };',
    'const e: string[] = [];',
    'function f() { e.push("x"); }',
    'const g = runOf(" ");',
    'const h = { n: 0 };',
    'export function i() { h.n++; }',
    'const j = [[1], [2]];',
    'const k = (x: number) => (j[x]![0] = x);',
    'const l = new Set(["a", "b"]);',
    'const m = (s: string) => l.has(s);',
    'export const N = [1, 2, 3] as const;',
    'const O = { red: (s: string) => s } satisfies Record<string, unknown>;',
    'const P = () => new Map();',
    'const Q = Array.from({ length: 4 }, (_, i) => i);',
  ].join('\n');
  assert.deepEqual(moduleState('sample.ts', source).map((x) => x.name), ['a', 'b', 'c', 'd', 'e', 'g', 'h', 'j']);
});
