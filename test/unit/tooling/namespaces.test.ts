// build/namespaces.mjs: the namespace objects esbuild builds as a bundle loads are built when first read, the
// statements rewritten in place to their old length. A bundle made by esbuild as the CLI's are made must
// behave the same before and after, and keep every line and column where it was.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { build } from 'esbuild';
import { LAZY_NAMESPACE, lazyNamespaces } from '../../../build/namespaces.mjs';

/** A bundle of an entry that reaches two modules by dynamic import, made with the CLI's build options that shape it. */
async function bundle(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bm-ns-'));
  writeFileSync(join(dir, 'counter.ts'), 'export let count = 0;\nexport function bump(): number { return ++count; }\nexport const name = "counter";\n');
  writeFileSync(join(dir, 'other.ts'), 'export default 42;\nexport const unused = { a: 1 };\n');
  writeFileSync(join(dir, 'entry.ts'), [
    'export const loads: string[] = [];',
    'export async function counter() { loads.push("counter"); return import("./counter.js"); }',
    'export async function other() { return import("./other.js"); }',
  ].join('\n'));
  const out = await build({
    entryPoints: [join(dir, 'entry.ts')], bundle: true, write: false, format: 'cjs', platform: 'node', target: 'node20.18',
    minifySyntax: true, minifyWhitespace: true, supported: { 'dynamic-import': false }, logLevel: 'warning',
  });
  return out.outputFiles[0]!.text;
}

const require = createRequire(import.meta.url);

/** Runs a bundle's text with the helper in its scope, as the CLI's banner puts it; its exports. `made` is called as a namespace is built. */
function load(text: string, made: () => void = () => {}): Record<string, unknown> {
  const mod = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', 'made', `${LAZY_NAMESPACE}${text}`)(mod, mod.exports, require, made);
  return mod.exports;
}

/** What a caller sees of the namespaces: their names, values (a live binding included) and membership. */
async function seen(exports: Record<string, unknown>): Promise<unknown> {
  const counter = (await (exports.counter as () => Promise<Record<string, unknown>>)());
  const before = counter.count;
  (counter.bump as () => number)();
  const other = await (exports.other as () => Promise<Record<string, unknown>>)();
  return {
    keys: Object.keys(counter).sort(), before, after: counter.count, name: counter.name, has: 'bump' in counter && !('nope' in counter),
    described: Object.getOwnPropertyDescriptor(counter, 'name')?.enumerable, other: { ...other }, entry: Object.keys(exports).sort(),
  };
}

test('namespaces built on first read behave as the eager ones, and the text keeps its lines and columns', async () => {
  const eager = await bundle();
  const { text, count } = lazyNamespaces(eager);
  assert.equal(count, 3, 'the two imported modules and the entry');
  assert.equal(text.length, eager.length);
  assert.deepEqual(text.split('\n').map((l) => l.length), eager.split('\n').map((l) => l.length));
  assert.doesNotMatch(text, /__export\(\w+,\{/);
  const expected = await seen(load(eager));
  assert.deepEqual(expected, {
    keys: ['bump', 'count', 'name'], before: 0, after: 1, name: 'counter', has: true, described: true,
    other: { default: 42, unused: { a: 1 } }, entry: ['counter', 'loads', 'other'],
  });
  assert.deepEqual(await seen(load(text)), expected);
});

test('a namespace is not built until something reads it', async () => {
  const { text } = lazyNamespaces(await bundle());
  let made = 0;
  // Each namespace's exports, listed when it is built, count one.
  const exports = load(text.replace(/__bmNs\(\(\)=>\(/g, '__bmNs(()=>(made(),'), () => made++);
  // The entry's own namespace is read as the file loads (it is the file's exports); the others are not.
  assert.ok(Object.keys(exports).includes('counter'));
  assert.equal(made, 1);
  await (exports.counter as () => Promise<unknown>)();
  assert.equal(made, 2, 'importing the module built its namespace, and only its');
});
