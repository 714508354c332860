// Builds dist/: our code and commander in CommonJS files that bin/load.js compiles with V8 code caches,
// and each heavy dependency bundled on its own as an ES module under dist/vendor/, imported only by the
// commands that use it. The CLI is split by face (build/faces.mjs): dist/main.cjs holds what a one-shot
// runs, and the sandbox, the trading terminal, record, watch and the keychain are one file each beside
// it: one file per face rather than esbuild's code splitting, whose many small shared chunks each cost
// a module load at start-up (see README, Performance). The native keychain module stays external.
import { build } from 'esbuild';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogueAsData } from './build/catalogue.mjs';
import { buildFaces } from './build/faces.mjs';
import { buildLibrary } from './build/library.mjs';
import { LAZY_NAMESPACE, lazyNamespaces } from './build/namespaces.mjs';
import { STAMP_PLACEHOLDER, stamped } from './build/stamp.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

/** Heavy dependencies: the specifier our code imports, and the vendor file it becomes. */
const VENDOR = {
  ws: { entry: 'node_modules/ws/wrapper.mjs', out: 'ws' },
  pako: { entry: 'pako', out: 'pako' },
  '@inquirer/prompts': { entry: '@inquirer/prompts', out: 'prompts' },
  conf: { entry: 'build/vendor-conf.cjs', out: 'conf' },
  './undici-core.js': { entry: 'src/api/undici-core.ts', out: 'undici' },
  'cli-table3': { entry: 'cli-table3', out: 'table' },
  '../../build/vendor-chalk.mjs': { entry: 'build/vendor-chalk.mjs', out: 'chalk' },
};

// CommonJS dependencies bundled into ES modules still call require() for node builtins.
const banner = { js: "import { createRequire as __bmCreateRequire } from 'node:module'; const require = __bmCreateRequire(import.meta.url);" };
const common = { bundle: true, format: 'esm', platform: 'node', target: 'node20.18', minifySyntax: true, legalComments: 'none', banner, logLevel: 'warning' };

/**
 * The CLI's files (main, faces, vendor) are each a script whose value is its module function when bin/load.js
 * runs it (the mark it sets), which then calls it, compiled with a code cache: wrapping the text there would
 * copy it, about 600 KB of young heap for main.cjs in every run. Required by Node's own loader (BM_DEBUG=1, a
 * bench), the file calls the function itself with the module's arguments.
 */
const moduleFunction = {
  banner: { js: `${STAMP_PLACEHOLDER}(globalThis[Symbol.for('bm.script')] ? (f) => f : (f) => f(exports, require, module, __filename, __dirname))(function (exports, require, module, __filename, __dirname) {const __bmMeta = { get url() { return require('node:url').pathToFileURL(__filename).href; } };` },
  footer: { js: '})' },
};

/** commander's top-level require of child_process, deferred to first use. */
const deferChildProcess = {
  name: 'defer-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes('/node_modules/commander/') ? { path: here('./build/lazy-child-process.cjs') } : undefined);
  },
};

/** Imports of a heavy dependency point at its vendor file (kept external). */
const vendorImports = {
  name: 'vendor-imports',
  setup(b) {
    b.onResolve({ filter: /^(ws|pako|@inquirer\/prompts|conf|\.\/undici-core\.js|cli-table3|\.\.\/\.\.\/build\/vendor-chalk\.mjs)$/ }, (args) => {
      const v = VENDOR[args.path];
      return v ? { path: `./vendor/${v.out}.cjs`, external: true } : undefined;
    });
  },
};

/** chalk's colour detection without node:tty (see build/no-tty.cjs). */
const chalkWithoutTty = {
  name: 'chalk-without-tty',
  setup(b) {
    b.onResolve({ filter: /^(node:)?tty$/ }, (args) => (args.importer.includes('/supports-color/') ? { path: here('./build/no-tty.cjs') } : undefined));
  },
};

/**
 * Node builtins imported as ES modules get a facade that reads every export (fs pulls in all of
 * streams, for one); required, they cost what the floor pays. Our sources' builtin imports become
 * requires through the createRequire of the banner.
 */
const IMPORT_BUILTIN = /^import\s+(?!type\b)(?:\{([^}]*)\}|\*\s+as\s+(\w+)|(\w+))\s+from\s+'(node:[\w/]+)';$/gm;
const requireBuiltins = {
  name: 'require-builtins',
  setup(b) {
    b.onLoad({ filter: /\/src\/.*\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8').replace(IMPORT_BUILTIN, (_m, named, ns, def, mod) => {
        if (named !== undefined) {
          const names = named.split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type '));
          return `const { ${names.map((n) => n.replace(/\s+as\s+/, ': ')).join(', ')} } = require('${mod}');`;
        }
        return `const ${ns ?? def} = require('${mod}');`;
      });
      return { contents: text, loader: 'ts' };
    });
  },
};

rmSync('dist', { recursive: true, force: true });
const [faces] = await Promise.all([
  buildFaces({
    ...common,
    format: 'cjs',
    entryPoints: { main: 'src/main.ts' },
    outdir: 'dist',
    // Whitespace out, names kept: a quarter less text for every command to read (source maps still map it).
    // BM_NO_MINIFY=1 keeps it, one statement a line, for a profile's per-line ticks (docs/performance.md).
    minifyWhitespace: process.env.BM_NO_MINIFY !== '1',
    // dist/<file>.cjs.map: read only under BM_DEBUG=1 (bin/load.js), so stack traces name src/ files and lines.
    sourcemap: 'linked',
    sourcesContent: false,
    outExtension: { '.js': '.cjs' },
    // CommonJS has no import.meta: the file's own URL stands in for it, made when first read (not every run needs it).
    define: { 'import.meta.url': '__bmMeta.url' },
    // import() becomes require(): code compiled from a V8 code cache has no dynamic-import host.
    supported: { 'dynamic-import': false },
    ...moduleFunction,
    // The namespace objects are built when first read (build/namespaces.mjs, applied below).
    banner: { js: `${moduleFunction.banner.js}${LAZY_NAMESPACE}` },
    // esbuild: a TypeScript bot's compiler when Node cannot strip types itself, from the bot's project or bm's own.
    external: ['@napi-rs/keyring', 'bufferutil', 'utf-8-validate', 'esbuild'],
    plugins: [deferChildProcess, vendorImports, catalogueAsData, requireBuiltins],
  }, here('.')),
  build({
    ...common,
    format: 'cjs',
    entryPoints: Object.fromEntries(Object.values(VENDOR).map((v) => [v.out, v.entry])),
    outdir: 'dist/vendor',
    outExtension: { '.js': '.cjs' },
    define: { 'import.meta.url': '__bmMeta.url' },
    ...moduleFunction,
    external: ['bufferutil', 'utf-8-validate'],
    plugins: [chalkWithoutTty],
  }),
]);
// In place and to the same length: the source maps written beside the files stay true. The stamp last: it
// is a hash of the final text (build/stamp.mjs).
for (const file of Object.keys(faces)) {
  const path = `dist/${file}.cjs`;
  writeFileSync(path, lazyNamespaces(readFileSync(path, 'latin1')).text, 'latin1');
}
for (const path of [...readdirSync('dist'), ...readdirSync('dist/vendor').map((f) => `vendor/${f}`)].filter((f) => f.endsWith('.cjs')).map((f) => `dist/${f}`)) {
  writeFileSync(path, stamped(readFileSync(path, 'latin1')), 'latin1');
}
await buildLibrary(common, [catalogueAsData, requireBuiltins]);
