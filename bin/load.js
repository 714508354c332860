// Loads dist/main.cjs with a V8 code cache kept in the user's cache dir: a one-shot then skips most of
// compiling our code and commander (measured in README, Performance). A missing, stale or rejected
// cache only costs that one run, which writes a fresh one. BM_COMPILE_CACHE=0 turns it off.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const file = fileURLToPath(new URL('../dist/main.cjs', import.meta.url));

/** The cache file for this build of main.cjs and this Node (V8 rejects a cache of another). */
function cachePath(env) {
  const dir = join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'bm', 'v8');
  const { size, mtimeMs } = statSync(file);
  return join(dir, `main-${process.version}-${size}-${Math.floor(mtimeMs)}.bin`);
}

/** Removes the caches of other builds and other Node versions beside `keep` (they are never read again). */
function prune(keep) {
  const dir = dirname(keep);
  for (const name of readdirSync(dir)) {
    if (name.startsWith('main-') && join(dir, name) !== keep) rmSync(join(dir, name), { force: true });
  }
}

/**
 * Loads main.cjs and returns its exports. `done()` writes the cache when this run made a new one.
 * Under BM_DEBUG=1 it is loaded by Node's own loader with source maps on, so stack traces name src/.
 */
export function loadMain(env = process.env) {
  if (env.BM_DEBUG === '1') {
    process.setSourceMapsEnabled(true);
    return { main: createRequire(import.meta.url)(file), done: () => {} };
  }
  const source = readFileSync(file, 'utf8');
  const useCache = env.BM_COMPILE_CACHE !== '0';
  const cache = useCache ? cachePath(env) : undefined;
  let cachedData;
  try {
    if (cache) cachedData = readFileSync(cache);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const mod = { exports: {} };
  script.runInThisContext()(mod.exports, createRequire(file), mod, file, dirname(file));
  const done = () => {
    if (!cache || (cachedData && !script.cachedDataRejected)) return;
    try {
      mkdirSync(dirname(cache), { recursive: true, mode: 0o700 });
      const tmp = `${cache}.${process.pid}`;
      writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
      renameSync(tmp, cache);
      prune(cache);
    } catch {
      // A cache that cannot be written only costs the next run its compile time.
    }
  };
  return { main: mod.exports, done };
}
