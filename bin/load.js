// Loads dist/main.cjs, and the face bundles beside it (dist/<face>.cjs, which main.cjs requires by name
// when a command reaches into them) and the vendor bundles under it (dist/vendor/<name>.cjs: conf, the
// prompts, ws, the table...), each with a V8 code cache kept in the user's cache dir: a command
// then skips most of compiling our code and commander (measured in README, Performance). A cache holds
// the functions compiled by the commands that wrote it, and is rewritten once by the first run of each
// other command word, so it ends up covering what the user runs. A missing, stale or rejected cache only
// costs that one run, which writes a fresh one. BM_COMPILE_CACHE=0 turns it off.
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
// node:module and node:os are taken when first needed (a one-shot with HOME set needs neither): 0.2 ms each to load.
const createRequire = (from) => require('node:module').createRequire(from);
const { basename, dirname, join } = require('node:path');
const vm = require('node:vm');

const file = join(__dirname, '..', 'dist', 'main.cjs');

/** Set while a bundle's script runs here: its value is then its module function, uncalled (see build.mjs). */
const SCRIPT = Symbol.for('bm.script');

/** What main.cjs requires to load a face bundle of its directory, or a vendor bundle of dist/vendor/. */
const BUNDLE = /^\.\/((?:vendor\/)?[a-z]+)\.cjs$/;

/** The stamp build.mjs writes at the head of each bundle: a hash of the bundle's text (build/stamp.mjs). */
const STAMP = /^\/\*bm-build:([0-9a-f]{16})\*\//;

/**
 * The cache file for this build of a bundle and this Node (V8 rejects a cache of another Node). Named by the
 * bundle's stamp: V8 checks only a source's length, so a cache of another build of the same length would be
 * taken, and that build's functions run. A bundle without a stamp is named by its size and time.
 */
function cachePath(env, bundle, source) {
  const dir = join(env.XDG_CACHE_HOME || join(env.HOME || require('node:os').homedir(), '.cache'), 'bm', 'v8');
  const stamp = STAMP.exec(source)?.[1];
  const build = stamp ?? (({ size, mtimeMs }) => `${size}-${Math.floor(mtimeMs)}`)(statSync(bundle));
  return join(dir, `${basename(bundle, '.cjs')}-${process.version}-${build}.bin`);
}

/** Removes the caches of other builds and other Node versions of the same bundle beside `keep` (they are never read again). */
function prune(keep, bundle) {
  const dir = dirname(keep);
  const prefix = `${basename(bundle, '.cjs')}-v`;
  for (const name of readdirSync(dir)) {
    if (name.startsWith(prefix) && join(dir, name) !== keep) rmSync(join(dir, name), { force: true });
  }
}

/** A cache file: one line naming the command words whose runs it holds, then V8's bytes. */
function readCache(cache) {
  try {
    const buf = readFileSync(cache);
    const eol = buf.indexOf(10);
    return eol < 0 ? undefined : { words: buf.toString('utf8', 0, eol).split(' '), data: buf.subarray(eol + 1) };
  } catch {
    return undefined;
  }
}

/**
 * Runs one bundle compiled with its cache; `require` is what its code requires with. `save(word)`
 * writes the cache when this run made a new one or ran a command word it did not hold yet.
 */
function compile(bundle, env, require, mod) {
  // esbuild writes ASCII (its default charset): read as latin1, it needs no UTF-8 decoding.
  const source = readFileSync(bundle, 'latin1');
  const cache = env.BM_COMPILE_CACHE !== '0' ? cachePath(env, bundle, source) : undefined;
  const held = cache ? readCache(cache) : undefined;
  // The file's value is its module function (build.mjs writes it so): compiled as is, the text is never copied.
  const script = new vm.Script(source, {
    filename: bundle,
    cachedData: held?.data,
  });
  let moduleFunction;
  globalThis[SCRIPT] = true;
  try {
    moduleFunction = script.runInThisContext();
  } finally {
    delete globalThis[SCRIPT];
  }
  moduleFunction(mod.exports, require, mod, bundle, dirname(bundle));
  return (ran) => {
    // Any other word (a typo, say) is not a command: it is held as one, so it cannot grow the line.
    const word = /^[a-z][a-z-]*$/.test(ran) ? ran : '-';
    const fresh = !held || script.cachedDataRejected;
    if (!cache || (!fresh && held.words.includes(word))) return;
    try {
      mkdirSync(dirname(cache), { recursive: true, mode: 0o700 });
      const tmp = `${cache}.${process.pid}`;
      const words = [...new Set([...(fresh ? [] : held.words), word])].join(' ');
      writeFileSync(tmp, Buffer.concat([Buffer.from(`${words}\n`), script.createCachedData()]), { mode: 0o600 });
      renameSync(tmp, cache);
      prune(cache, bundle);
    } catch {
      // A cache that cannot be written only costs the next run its compile time.
    }
  };
}

/**
 * Loads main.cjs and returns its exports. `done(word)` writes the caches this run made or extended
 * (`word`: the command word that ran). Under BM_DEBUG=1 the bundles are loaded by Node's own loader
 * with source maps on, so stack traces name src/.
 */
function loadMain(env = process.env) {
  if (env.BM_DEBUG === '1') {
    process.setSourceMapsEnabled(true);
    return { main: require(file), done: () => {} };
  }
  // Node's builtins are taken with this file's own require; a package (the keychain's native module) from
  // where main.cjs lies, with a require made on first need.
  let fromMain;
  const plain = (id) => (id.startsWith('node:') ? require(id) : (fromMain ??= createRequire(file))(id));
  const faces = new Map();
  const saves = [];
  // What the bundles require with: a face bundle is compiled here, with its cache, once.
  const requireIn = (id) => {
    const name = BUNDLE.exec(id)?.[1];
    if (!name) return plain(id);
    let mod = faces.get(name);
    if (!mod) {
      // Registered before it runs: a face that requires another that requires it back gets it as loaded so far.
      faces.set(name, (mod = { exports: {} }));
      const bundle = join(dirname(file), `${name}.cjs`);
      // A vendor bundle requires only node's builtins and its package's optional modules, from where it lies.
      saves.push(compile(bundle, env, name.startsWith('vendor/') ? createRequire(bundle) : requireIn, mod));
    }
    return mod.exports;
  };
  const main = { exports: {} };
  saves.push(compile(file, env, requireIn, main));
  return { main: main.exports, done: (word = '') => saves.forEach((save) => save(word)) };
}

module.exports = { loadMain };
