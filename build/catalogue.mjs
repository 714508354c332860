// The catalogue in the bundles: src/api/catalogue/table.ts stands there as the same entries in JSON text, one
// string an entry, each parsed when first asked for. A one-shot then builds the one entry it sends. Before,
// every run built all of them, and their object literals were a fifth of the code a ticker compiled
// (docs/performance.md, tenth start-up round). The entries are plain data. The build fails on anything
// JSON would not carry unchanged, so the text always holds the entries exactly.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const TABLE = fileURLToPath(new URL('../src/api/catalogue/table.ts', import.meta.url));

/** Throws at the first part of `v` that JSON would not give back unchanged; `at` says where it is. */
export function assertPlainData(v, at) {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return;
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || Object.is(v, -0)) throw new Error(`${at}: ${v} is not written by JSON as it is`);
    return;
  }
  if (Array.isArray(v)) {
    v.forEach((x, i) => assertPlainData(x, `${at}[${i}]`));
    return;
  }
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    for (const [k, x] of Object.entries(v)) assertPlainData(x, `${at}.${k}`);
    return;
  }
  throw new Error(`${at}: ${typeof v === 'object' ? 'an object of a class' : `a ${typeof v}`} is not data JSON carries`);
}

/** The module that stands for table.ts: `KEYS` as they are, and each entry as its JSON text, parsed on first use. */
export function tableModule(keys, entries) {
  entries.forEach((e, i) => assertPlainData(e, `catalogue entry ${keys[i][0]}`));
  return [
    '// src/api/catalogue/table.ts as data (build/catalogue.mjs).',
    `export const KEYS = ${JSON.stringify(keys)};`,
    `const TEXT = ${JSON.stringify(entries.map((e) => JSON.stringify(e)))};`,
    'const parsed = [];',
    'export function entryAt(i) {',
    '  return (parsed[i] ??= JSON.parse(TEXT[i]));',
    '}',
    '',
  ].join('\n');
}

/** table.ts evaluated once per build: its keys and entries, as the module above. */
async function generate() {
  const out = await build({ entryPoints: [TABLE], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'warning' });
  const { KEYS, entryAt } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  return tableModule(KEYS, KEYS.map((_, i) => entryAt(i)));
}

let generated;

/** esbuild plugin: table.ts loaded as its data module. Listed before any plugin that loads src/ itself. */
export const catalogueAsData = {
  name: 'catalogue-as-data',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]api[\\/]catalogue[\\/]table\.ts$/ }, async () => ({ contents: await (generated ??= generate()), loader: 'js' }));
  },
};
