// The dependency rules of src between faces and core, read from the syntax tree (./graph.ts): every import
// a reader or the bundler follows is an edge, whatever its form or its quotes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { graph, cycles, specifiers } from '../../helpers/import-graph.js';

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
  for (let f = stack.pop(); f !== undefined; f = stack.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...(G.get(f)?.files ?? []));
  }
  return seen;
}
const FACE_PACKAGES = /^(commander|@inquirer\/)/;

test('the reader sees every form of import, in either quotes, and no comment or string', () => {
  const text = [
    "import a from './a.js';",
    'import type { B } from "./b.js";',
    "export { c } from './c.js';",
    'export * from "./c2.js";',
    "import './d.js';",
    'import "./d2.js";',
    "const e = await import('./e.js');",
    'const e2 = await import("./e2.js");',
    'const f = await import(`./f.js`);',
    "const g = require('./g.js');",
    'const g2 = require("./g2.js");',
    "import h = require('./h.js');",
    "type I = typeof import('./i.js');",
    "// import('./not.js')",
    "/** import('./nor.js') */",
    "const s = \"import x from './str.js'\";",
    'const t = `require("./tpl.js")`;',
  ].join('\n');
  assert.deepEqual(specifiers(text).names, ['./a.js', './b.js', './c.js', './c2.js', './d.js', './d2.js', './e.js', './e2.js', './f.js', './g.js', './g2.js', './h.js', './i.js']);
  assert.deepEqual(specifiers(text).unread, []);
  // A specifier no one can read is reported, never dropped.
  assert.deepEqual(specifiers('const n = "x"; await import(`./${n}.js`); require(n);').unread, ['import(`./${n}.js`)', 'require(n)']);
  // And on the tree: a lazy edge, a type-only edge and a re-export are all in the graph.
  assert.ok(G.get('core/session.ts')?.files.includes('core/calls.ts'), 'core/session.ts loads core/calls.ts lazily');
  assert.ok(G.get('invocation.ts')?.files.includes('render/io.ts'), 'invocation.ts imports the type IO');
  assert.ok(G.get('render/cells.ts')?.files.includes('util/row.ts'), 'render/cells.ts re-exports Row');
});

test('every import of src is a literal that names a file of src', () => {
  assert.deepEqual([...G].flatMap(([f, m]) => m.unread.map((u) => `${f}: ${u}`)), [], 'an import the rules cannot read');
  assert.deepEqual([...G].flatMap(([f, m]) => m.missing.map((u) => `${f}: ${u}`)), [], 'a relative import that names no .ts file');
});

test('core imports only the protocol, config, profiles, util and errors: never a face, render, commander or prompts', () => {
  const core = (f: string) => under(f, 'core');
  assert.ok([...G.keys()].filter(core).length > 30, 'the core is under src/core');
  assert.deepEqual(breaking(core, (d) => under(d, 'core', 'api', 'legacy', 'ws', 'config', 'profiles', 'util', 'errors.ts')), []);
  assert.deepEqual([...G].filter(([f, m]) => core(f) && m.packages.some((p) => FACE_PACKAGES.test(p))).map(([f]) => f), []);
});

test('the library imports the core and below: never commands, context.ts, invocation.ts, render, the program or main', () => {
  const faces = (d: string) => under(d, 'commands', 'render', 'context.ts', 'invocation.ts', 'program.ts', 'main.ts');
  assert.deepEqual(breaking((f) => under(f, 'lib'), (d) => !faces(d)), []);
  // Nor through anything it loads: the library's whole reach holds no CLI module, commander or prompt.
  const reach = [...closure('lib/index.ts')];
  assert.ok(reach.includes('core/write/pipeline.ts'), 'the library reaches the careful-write pipeline');
  assert.deepEqual(reach.filter(faces), []);
  assert.deepEqual(reach.filter((f) => G.get(f)?.packages.some((p) => FACE_PACKAGES.test(p))), []);
});

test('the command line never imports the library', () => {
  const cli = (f: string) => under(f, 'commands', 'context.ts', 'invocation.ts', 'program.ts', 'main.ts');
  assert.ok(G.get('context.ts')?.files.some((d) => under(d, 'core')), 'context.ts holds a core session');
  assert.deepEqual(breaking(cli, (d) => !under(d, 'lib')), []);
});

test('the sandbox imports only the catalogues, the codes and util', () => {
  assert.deepEqual(breaking((f) => under(f, 'sandbox'), (d) => under(d, 'sandbox', 'api/catalogue', 'legacy/catalogue.ts', 'api/codes.ts', 'util')), []);
});

test('no import cycle of any kind among src files (type-only and lazy included)', () => {
  assert.deepEqual(cycles(G.keys(), (f) => (G.get(f)?.files ?? []).filter((d) => G.has(d))), []);
});

test('no module imports the program but main.ts: ContextOf lives with the Context it builds', () => {
  const importers = [...G].filter(([, m]) => m.files.includes('program.ts')).map(([f]) => f);
  assert.deepEqual(importers, ['main.ts']);
});

test('commands, render and the catalogue form no import cycle with program.ts or context.ts', () => {
  const reach = (from: string, to: string) => closure(from).has(to) && from !== to;
  assert.ok(!reach('context.ts', 'program.ts'), 'context.ts reaches program.ts');
  const engine = [...G.keys()].find((f) => /^commands\/(shared\/)?engine\.ts$/.test(f));
  assert.ok(engine, 'the generic endpoint engine is a commands module');
  for (const f of G.keys()) {
    if (f.startsWith('api/catalogue/')) assert.ok(!reach(f, engine) && !reach(f, 'context.ts'), `${f}: the catalogue is data, it imports no command code`);
    if (f.startsWith('render/')) assert.ok(!reach(f, 'program.ts') && !reach(f, engine), `${f}: render imports no command code`);
  }
});
