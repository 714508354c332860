import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../helpers/bm.js';

/** Every .ts file under src/, with the src/ files it imports (type imports included: a cycle of types is a seam in the wrong place). */
function graph(): Map<string, string[]> {
  const src = join(ROOT, 'src');
  const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => join(src, f));
  const g = new Map<string, string[]>();
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    const deps = [...text.matchAll(/^(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/gm)].map((m) => resolve(dirname(f), m[1]!.replace(/\.js$/, '.ts')));
    g.set(relative(src, f), deps.map((d) => relative(src, d)));
  }
  return g;
}

test('no module imports the program but main.ts: ContextOf lives with the Context it builds', () => {
  const importers = [...graph()].filter(([, deps]) => deps.includes('program.ts')).map(([f]) => f);
  assert.deepEqual(importers, ['main.ts']);
});

test('commands, render and the catalogue form no import cycle with program.ts or context.ts', () => {
  const g = graph();
  const reach = (from: string, to: string): boolean => {
    const seen = new Set<string>();
    const stack = [...(g.get(from) ?? [])];
    while (stack.length) {
      const f = stack.pop()!;
      if (f === to) return true;
      if (seen.has(f)) continue;
      seen.add(f);
      stack.push(...(g.get(f) ?? []));
    }
    return false;
  };
  assert.ok(!reach('context.ts', 'program.ts'), 'context.ts reaches program.ts');
  for (const f of g.keys()) {
    if (f.startsWith('api/catalogue/')) assert.ok(!reach(f, 'commands/engine.ts') && !reach(f, 'context.ts'), `${f}: the catalogue is data, it imports no command code`);
    if (f.startsWith('render/')) assert.ok(!reach(f, 'program.ts') && !reach(f, 'commands/engine.ts'), `${f}: render imports no command code`);
  }
});
