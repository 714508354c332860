// The shipped library (dist/lib, as built) carries the core and the protocol, and no module of the
// command line: no command, no invocation context, no renderer, and no import of commander or of the
// prompt library. Read from the built files: esbuild names each source module it bundles in a
// `// src/...` line, and the imports left are plain specifiers.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { ensureBuilt, ROOT } from '../helpers/bm.js';

const LIB = join(ROOT, 'dist', 'lib');

/** Every .js file of dist/lib and its text. */
function files(): Array<{ name: string; text: string }> {
  return (readdirSync(LIB, { recursive: true }) as string[]).filter((f) => f.endsWith('.js')).map((name) => ({ name, text: readFileSync(join(LIB, name), 'utf8') }));
}

before(() => ensureBuilt());

test('dist/lib bundles the core and no module of the command line', () => {
  const modules = new Set(files().flatMap((f) => [...f.text.matchAll(/^\/\/ (src\/\S+\.ts)$/gm)].map((m) => m[1]!)));
  // The names are there to read: the library's own modules and the core it calls.
  for (const m of ['src/lib/client.ts', 'src/core/write/pipeline.ts', 'src/core/order/batch-send.ts', 'src/core/session.ts']) assert.ok(modules.has(m), `${m} is in dist/lib`);
  const cli = [...modules].filter((m) => /^src\/(commands\/|render\/|context\.ts$|program\.ts$|main\.ts$)/.test(m));
  assert.deepEqual(cli, [], 'CLI modules shipped in the library');
});

test('dist/lib imports neither commander nor the prompt library, and nothing outside itself but packages', () => {
  const specs = files().flatMap((f) => [...f.text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)"([^"]+)"/gm)].map((m) => ({ file: f.name, spec: m[1]! })));
  assert.ok(specs.some((s) => s.spec.startsWith('./')), 'the reader sees the chunks\' own imports');
  assert.deepEqual(specs.filter((s) => /^(commander|@inquirer\/)/.test(s.spec)), []);
  // A relative import stays in dist/lib: the library never loads the CLI bundle (dist/main.cjs).
  assert.deepEqual(specs.filter((s) => s.spec.startsWith('.') && join(LIB, s.file, '..', s.spec).replace(/\\/g, '/').indexOf(LIB.replace(/\\/g, '/')) !== 0), []);
});
