// The test loader (test/loader/): the mirror the suite runs from (import.meta pinned to the sources), and
// the hooks for a TypeScript file run on its own: `./x.js` in a .ts file finds `./x.ts`, a changed source is compiled
// again (its modification time or size differ) rather than served stale, and a file outside the project is compiled, not kept.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { CACHE, ROOT, compiled } from '../loader/cache.mjs';
import { MIRROR, mirrorOf, pinned, sourceOf } from '../loader/mirror.mjs';

const dir = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'loader-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('under the hooks, a .js import of a .ts file loads the .ts, types erased', () => {
  mkdirSync(join(dir, 'a'), { recursive: true });
  writeFileSync(join(dir, 'a', 'one.ts'), 'export const one: number = 1;\n');
  writeFileSync(join(dir, 'a', 'main.ts'), "import { one } from './one.js';\nconst two: number = one + 1;\nconsole.log(two);\n");
  const r = spawnSync(process.execPath, ['--import', join(ROOT, 'test', 'loader', 'register.mjs'), join(dir, 'a', 'main.ts')], { encoding: 'utf8' });
  assert.equal(r.stderr, '');
  assert.equal(r.stdout, '2\n');
});

test('the mirror: import.meta written as the source\'s own, paths both ways', () => {
  const file = join(ROOT, 'test', 'unit', 'x.test.ts');
  // Spelled in pieces: the mirror pins the words wherever they stand, strings included (this file's own too).
  const meta = ['import', 'meta'].join('.');
  assert.equal(pinned(`const a = ${meta}.dirname; const b = ${meta}.url; const c = ${meta}.filename;`, file),
    `const a = ${JSON.stringify(join(ROOT, 'test', 'unit'))}; const b = ${JSON.stringify(pathToFileURL(file).href)}; const c = ${JSON.stringify(file)};`);
  assert.equal(mirrorOf('test/unit/x.test.ts'), join(MIRROR, 'test', 'unit', 'x.test.js'));
  assert.equal(mirrorOf(file), join(MIRROR, 'test', 'unit', 'x.test.js'));
  assert.equal(sourceOf(join(MIRROR, 'test', 'unit', 'lanes.test.js')), 'test/unit/lanes.test.ts');
  assert.equal(sourceOf(join(MIRROR, 'test', 'lanes.mjs')), 'test/lanes.mjs');
  assert.equal(sourceOf(join(ROOT, 'test', 'unit', 'lanes.test.ts')), 'test/unit/lanes.test.ts');
  // This very file runs from the mirror, yet knows where its source is.
  assert.equal(import.meta.dirname, join(ROOT, 'test', 'unit'));
});

test('a source changed since it was cached is compiled again', async () => {
  const file = join(dir, 'changed.ts');
  writeFileSync(file, 'export const v: string = "old";\n');
  utimesSync(file, new Date(1_000_000), new Date(1_000_000));
  assert.match(await compiled(file), /"old"/);
  assert.ok(readdirSync(join(CACHE, relative(ROOT, dir))).some((f) => f.startsWith('changed.ts.')), 'cached under the cache folder by its path');
  writeFileSync(file, 'export const v: string = "new";\n');
  assert.match(await compiled(file), /"new"/);
});

test('a file outside the project is compiled and not kept', async () => {
  const out = mkdtempSync(join(tmpdir(), 'bm-loader-'));
  const file = join(out, 'x.ts');
  writeFileSync(file, 'export const x: number = 3;\n');
  assert.match(await compiled(file), /const x = 3/);
  assert.ok(!existsSync(join(CACHE, relative(ROOT, out))), 'nothing cached for it');
  rmSync(out, { recursive: true, force: true });
});
