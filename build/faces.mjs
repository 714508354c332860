// Splits the CLI bundle by face: dist/main.cjs keeps what every command shares and what the one-shots run (the
// market reads, the order commands scripts run, the request path); the sandbox, the trading terminal, record,
// watch, the live layer, the keychain and the bots are files of their own beside it (dist/<face>.cjs), and the
// code of every other command (batches, conditional orders, profiles, help, doctor...) is dist/commands.cjs. A
// file is loaded by the first import() that reaches into it. Each module lives in exactly one file, so classes
// and module state stay one (`instanceof BmError` holds across files): a file reaches a module that another
// file owns through a registry of module getters on globalThis, and loads that other file first (main.cjs is
// always loaded already).
import { build } from 'esbuild';
import { relative, sep } from 'node:path';

/** Faces built as their own files: the source folders (or files) each owns; the first that names a module owns it. */
export const FACES = {
  sandbox: ['src/sandbox/'],
  trade: ['src/commands/trade/'],
  record: ['src/commands/record/'],
  watch: ['src/commands/watch/'],
  // The live layer and the connection it makes: loaded by the first stream, never by a one-shot.
  live: ['src/core/live/', 'src/ws/connection.ts', 'src/ws/socket.ts', 'src/ws/frames.ts', 'src/ws/pace.ts', 'src/ws/heartbeat.ts', 'src/ws/outbox.ts'],
  keychain: ['src/profiles/keychain.ts'],
  // Bots and backtests: the bot runtime, the library's client it hands a bot, and their commands.
  bot: ['src/bot/', 'src/lib/', 'src/commands/bot/', 'src/commands/backtest/'],
  // Everything else the one-shots do not run, the command groups' declarations (register.ts) included.
  commands: ['src/'],
};

/**
 * What the one-shots run beyond what main.cjs loads eagerly: the market reads and the order commands scripts
 * run (place, cancel, cancel-all, get, list, fills) with the use cases they import when they run, and what any
 * command imports when it first calls the venue (the request path, the signature, the paper account and the
 * sandbox started on a fresh machine), checks `--fields`, or looks for conditional orders left without a runner.
 * test/e2e/bundle.test.ts proves that these commands load main.cjs alone.
 */
const ONE_SHOT = [
  'src/commands/market/',
  ...['place', 'cancel', 'cancel-all', 'get', 'list', 'fills'].map((c) => `src/commands/order/${c}.ts`),
  'src/core/usecases/order.ts',
  'src/core/usecases/order-wait.ts',
  'src/core/usecases/order-cancel-all.ts',
  'src/commands/write-current.ts',
  'src/render/confirm.ts',
  'src/core/write/pipeline.ts',
  'src/core/calls.ts',
  'src/api/node-http.ts',
  'src/util/signing.ts',
  'src/profiles/paper.ts',
  'src/config/background-sandbox.ts',
  'src/commands/known-columns.ts',
  'src/core/usecases/algo-kept.ts',
];

const REGISTRY = "globalThis[Symbol.for('bm.modules')]";
const CUT = 'bm-module';

/** Whether a module is one of `paths` (a path ending in `/` is a folder and everything under it). */
const under = (paths) => (id) => paths.some((p) => (p.endsWith('/') ? id.startsWith(p) : id === p));

/** Import kinds that run when their importer loads: what they reach is loaded by every command. */
const EAGER = new Set(['entry-point', 'import-statement', 'require-call']);

/**
 * Which file owns each module: a module in a face's folders belongs to that face unless main.cjs loads it
 * eagerly or a one-shot read runs it (what {@link ONE_SHOT} imports when it loads). A command group's
 * declaration (`register.ts`: program.ts imports the one a run needs, and help all of them) is never in its
 * own group's face: help declares every group without loading the sandbox, the terminal or the bots.
 * `meta` is the metafile of the whole CLI built as one file.
 */
function owners(meta, entry) {
  const eager = new Set();
  const todo = [entry, ...Object.keys(meta.inputs).filter(under(ONE_SHOT))];
  while (todo.length) {
    const f = todo.pop();
    if (eager.has(f)) continue;
    eager.add(f);
    for (const i of meta.inputs[f]?.imports ?? []) if (!i.external && EAGER.has(i.kind)) todo.push(i.path);
  }
  const declaration = (id) => id.endsWith('/register.ts');
  const faceOf = (id) => Object.keys(FACES).find((face) => (face === 'commands' || !declaration(id)) && under(FACES[face])(id));
  const owner = new Map(Object.keys(meta.inputs).map((id) => [id, (!eager.has(id) && faceOf(id)) || 'main']));
  // The modules each file must offer: those another file imports.
  const offered = new Map([['main', new Set()], ...Object.keys(FACES).map((f) => [f, new Set()])]);
  for (const [id, input] of Object.entries(meta.inputs)) {
    for (const i of input.imports) if (!i.external && owner.get(i.path) !== owner.get(id)) offered.get(owner.get(i.path)).add(i.path);
  }
  return { owner, offered };
}

/** Source of a module that lives in another file: load that file, then take the module from the registry. */
function cutSource(id, file) {
  return `${file === 'main' ? '' : `require('./${file}.cjs');\n`}module.exports = ${REGISTRY}.get(${JSON.stringify(id)})();\n`;
}

/** The entry of one file: registers a getter for every module it offers (each loads on first get). */
function entrySource(file, offered, mainEntry) {
  const lines = [`const registry = (${REGISTRY} ??= new Map());`];
  for (const id of offered) lines.push(`registry.set(${JSON.stringify(id)}, () => require(${JSON.stringify(`./${id}`)}));`);
  if (file === 'main') lines.push(`export * from ${JSON.stringify(`./${mainEntry}`)};`);
  return lines.join('\n');
}

/** esbuild plugin for the build of `file`: its entry, and every import of a module another file owns cut out. */
function splitBy(file, { owner, offered }, mainEntry, root) {
  return {
    name: 'split-by-face',
    setup(b) {
      b.onResolve({ filter: /^bm-entry$/ }, () => ({ path: file, namespace: 'bm-entry' }));
      b.onLoad({ filter: /.*/, namespace: 'bm-entry' }, () => ({ contents: entrySource(file, offered.get(file), mainEntry), resolveDir: root, loader: 'js' }));
      b.onResolve({ filter: new RegExp(`^\\./(${Object.keys(FACES).join('|')})\\.cjs$`) }, (args) => (args.namespace === CUT ? { path: args.path, external: true } : undefined));
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.split || args.namespace !== 'file' || args.kind === 'entry-point') return undefined;
        const r = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { split: true } });
        if (r.errors.length || r.external || !r.path) return undefined;
        const id = relative(root, r.path).split(sep).join('/');
        const to = owner.get(id);
        // A cut `.mjs` module (commander's entry) is named `.mjs.cjs`: esbuild reads a `.mjs` name as an ES module.
        return to && to !== file ? { path: id.endsWith('.mjs') ? `${id}.cjs` : id, namespace: CUT, pluginData: { to, id } } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: CUT }, (args) => ({ contents: cutSource(args.pluginData.id, args.pluginData.to), resolveDir: root, loader: 'js' }));
    },
  };
}

/**
 * Builds dist/main.cjs and one dist/<face>.cjs per face. `options`: the esbuild options of the CLI
 * build (entry src/main.ts under `entryPoints.main`); the faces share them but the entry.
 * Returns the metafile of every output, by file.
 */
export async function buildFaces(options, root) {
  const mainEntry = options.entryPoints.main;
  const whole = await build({ ...options, write: false, metafile: true, sourcemap: false });
  const split = owners(whole.metafile, mainEntry);
  const files = ['main', ...Object.keys(FACES)];
  const built = await Promise.all(files.map((file) => build({
    ...options,
    entryPoints: { [file]: 'bm-entry' },
    metafile: true,
    plugins: [splitBy(file, split, mainEntry, root), ...options.plugins],
  })));
  return Object.fromEntries(files.map((f, i) => [f, built[i].metafile]));
}
