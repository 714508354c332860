// Bundles src/main.ts into dist/ as ESM with code splitting: commands import their heavy code lazily,
// so a one-shot loads only the chunks on its path. The native keychain module stays external.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  minifySyntax: true,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  external: ['@napi-rs/keyring', 'bufferutil', 'utf-8-validate'],
  // CommonJS dependencies bundled into ESM still call require() for node builtins.
  banner: { js: "import { createRequire as __bmCreateRequire } from 'node:module'; const require = __bmCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
