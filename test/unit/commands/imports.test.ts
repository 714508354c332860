// The dependency rules of src (docs of the architecture: one core, two faces), read from every import
// a reader follows: static, `import type`, `export ... from`, side-effect and lazy `import()` alike.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../helpers/bm.js';

const SRC = join(ROOT, 'src');

interface Module {
  /** src files it imports, relative to src/. */
  readonly files: readonly string[];
  /** Packages it imports (`commander`, `@inquirer/prompts`, `node:fs`...). */
  readonly packages: readonly string[];
}

/** The specifiers of every import form; comments are left out so a sentence about `import()` is no edge. */
export function specifiers(text: string): string[] {
  const code = text.replace(/\/\*[^]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const forms = [
    /^\s*(?:import|export)\b[^;]*?\bfrom\s*'([^']+)'/gm, // import x / import type x / export ... from
    /^\s*import\s*'([^']+)'/gm, // side effect
    /\bimport\(\s*'([^']+)'\s*\)/g, // lazy
  ];
  return forms.flatMap((re) => [...code.matchAll(re)].map((m) => m[1]!));
}

/** Every .ts file under src/ and what it imports. */
function graph(): Map<string, Module> {
  const files = (readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
  const g = new Map<string, Module>();
  for (const f of files) {
    const specs = specifiers(readFileSync(join(SRC, f), 'utf8'));
    const local = specs.filter((s) => s.startsWith('.')).map((s) => relative(SRC, resolve(dirname(join(SRC, f)), s.replace(/\.js$/, '.ts'))));
    g.set(f, { files: [...new Set(local)], packages: [...new Set(specs.filter((s) => !s.startsWith('.')))] });
  }
  return g;
}

const G = graph();
const under = (f: string, ...dirs: string[]) => dirs.some((d) => (d.endsWith('.ts') ? f === d : f.startsWith(`${d}/`)));
/** Each import of a file of `from` that breaks `ok`, as `file -> import`. */
function breaking(from: (f: string) => boolean, ok: (dep: string) => boolean): string[] {
  return [...G].filter(([f]) => from(f)).flatMap(([f, m]) => m.files.filter((d) => !ok(d)).map((d) => `${f} -> ${d}`));
}
/** Every file `from` reaches, itself included. */
function closure(from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...(G.get(f)?.files ?? []));
  }
  return seen;
}
const FACE_PACKAGES = /^(commander|@inquirer\/)/;

test('the reader sees every form of import', () => {
  assert.deepEqual(specifiers("import a from './a.js';\nimport type { B } from './b.js';\nexport { c } from './c.js';\nimport './d.js';\nconst e = await import('./e.js');\n// import('./not.js')\n/** import('./nor.js') */"),
    ['./a.js', './b.js', './c.js', './d.js', './e.js']);
  // And on the tree: a lazy edge, a type-only edge and a re-export are all in the graph.
  assert.ok(G.get('core/session.ts')?.files.includes('core/calls.ts'), 'core/session.ts loads core/calls.ts lazily');
  assert.ok(G.get('context.ts')?.files.includes('render/io.ts'), 'context.ts imports the type IO');
  assert.ok(G.get('render/cells.ts')?.files.includes('util/row.ts'), 'render/cells.ts re-exports Row');
});

test('core imports only the protocol, config, profiles, util and errors: never a face, render, commander or prompts', () => {
  const core = (f: string) => under(f, 'core');
  assert.ok([...G.keys()].filter(core).length > 30, 'the core is under src/core');
  assert.deepEqual(breaking(core, (d) => under(d, 'core', 'api', 'legacy', 'ws', 'config', 'profiles', 'util', 'errors.ts')), []);
  assert.deepEqual([...G].filter(([f, m]) => core(f) && m.packages.some((p) => FACE_PACKAGES.test(p))).map(([f]) => f), []);
});

test('the library imports the core and below: never commands, context.ts, render, the program or main', () => {
  const faces = (d: string) => under(d, 'commands', 'render', 'context.ts', 'program.ts', 'main.ts');
  assert.deepEqual(breaking((f) => under(f, 'lib'), (d) => !faces(d)), []);
  // Nor through anything it loads: the library's whole reach holds no CLI module, commander or prompt.
  const reach = [...closure('lib/index.ts')];
  assert.ok(reach.includes('core/write/pipeline.ts'), 'the library reaches the careful-write pipeline');
  assert.deepEqual(reach.filter(faces), []);
  assert.deepEqual(reach.filter((f) => G.get(f)?.packages.some((p) => FACE_PACKAGES.test(p))), []);
});

test('the command line never imports the library', () => {
  const cli = (f: string) => under(f, 'commands', 'context.ts', 'program.ts', 'main.ts');
  assert.ok(G.get('context.ts')?.files.some((d) => under(d, 'core')), 'context.ts holds a core session');
  assert.deepEqual(breaking(cli, (d) => !under(d, 'lib')), []);
});

test('the sandbox imports only the catalogues, the codes and util', () => {
  assert.deepEqual(breaking((f) => under(f, 'sandbox'), (d) => under(d, 'sandbox', 'api/catalogue', 'legacy/catalogue.ts', 'api/codes.ts', 'util')), []);
});

test('no import cycle of any kind among src files (type-only and lazy included)', () => {
  // Tarjan's strongly connected components: any of more than one file is a cycle.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of G.get(v)?.files ?? []) {
      if (!G.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do scc.push((w = stack.pop()!));
    while (w !== v);
    if (scc.length > 1 || G.get(v)?.files.includes(v)) cycles.push(scc.sort());
  };
  for (const v of G.keys()) if (!index.has(v)) visit(v);
  assert.deepEqual(cycles, []);
});

test('no module imports the program but main.ts: ContextOf lives with the Context it builds', () => {
  const importers = [...G].filter(([, m]) => m.files.includes('program.ts')).map(([f]) => f);
  assert.deepEqual(importers, ['main.ts']);
});

test('commands, render and the catalogue form no import cycle with program.ts or context.ts', () => {
  const reach = (from: string, to: string) => closure(from).has(to) && from !== to;
  assert.ok(!reach('context.ts', 'program.ts'), 'context.ts reaches program.ts');
  for (const f of G.keys()) {
    if (f.startsWith('api/catalogue/')) assert.ok(!reach(f, 'commands/engine.ts') && !reach(f, 'context.ts'), `${f}: the catalogue is data, it imports no command code`);
    if (f.startsWith('render/')) assert.ok(!reach(f, 'program.ts') && !reach(f, 'commands/engine.ts'), `${f}: render imports no command code`);
  }
});
