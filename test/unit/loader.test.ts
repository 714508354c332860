// The test loader (test/loader/): `./x.js` in a .ts file finds `./x.ts`, a changed source is compiled
// again (its modification time or size differ) rather than served stale, and a file outside the project is compiled, not kept.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { CACHE, ROOT, compiled } from '../loader/cache.mjs';

const dir = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'loader-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('a .js import of a .ts file loads the .ts, types erased', async () => {
  mkdirSync(join(dir, 'a'), { recursive: true });
  writeFileSync(join(dir, 'a', 'one.ts'), 'export const one: number = 1;\n');
  writeFileSync(join(dir, 'a', 'main.ts'), "import { one } from './one.js';\nexport const two: number = one + 1;\n");
  const m = (await import(pathToFileURL(join(dir, 'a', 'main.ts')).href)) as { two: number };
  assert.equal(m.two, 2);
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
