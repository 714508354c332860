// Builds the library (`import { Client } from 'bm'`): an ES module under dist/lib/ whose dependencies
// stay packages of their own (loaded only by the code that needs them), code split so a program pays
// at import for the client alone (the sandbox, streams and profiles load on first use); and its types:
// the hand-kept types/bm.d.ts and src/lib/types.ts (with the types-*.ts it re-exports, and types-orders.ts), and the methods' and vocabulary's types generated from
// the catalogue.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';

/** `common`: build.mjs's shared esbuild options; `plugins`: its source plugins. */
export async function buildLibrary(common, plugins) {
  await build({
    ...common,
    entryPoints: { index: 'src/lib/index.ts' },
    outdir: 'dist/lib',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    packages: 'external',
    plugins,
  });
  const gen = await build({ bundle: true, format: 'esm', platform: 'node', logLevel: 'warning', entryPoints: ['src/lib/reference.ts'], write: false, packages: 'external' });
  const { endpointDts } = await import(`data:text/javascript;base64,${Buffer.from(gen.outputFiles[0].text).toString('base64')}`);
  const kinds = await build({ bundle: true, format: 'esm', platform: 'node', logLevel: 'warning', entryPoints: ['src/lib/algo-types.ts'], write: false, packages: 'external' });
  const { algoDts } = await import(`data:text/javascript;base64,${Buffer.from(kinds.outputFiles[0].text).toString('base64')}`);
  mkdirSync('dist/lib', { recursive: true });
  writeFileSync('dist/lib/endpoints.d.ts', endpointDts());
  writeFileSync('dist/lib/algo-kinds.d.ts', algoDts());
  copyFileSync('types/bm.d.ts', 'dist/lib/index.d.ts');
  // Declarations only, so the sources are their own declaration files.
  for (const name of ['types', 'types-values', 'types-calls', 'types-streams', 'types-sandbox', 'types-helpers', 'types-account', 'types-bots', 'types-orders']) {
    copyFileSync(`src/lib/${name}.ts`, `dist/lib/${name}.d.ts`);
  }
  copyFileSync('src/lib/vocab.ts', 'dist/lib/vocab.d.ts');
}
