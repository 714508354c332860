// The test run's JavaScript: every .ts file of src/, test/, bench/ and build/ compiled once into a mirror folder
// (node_modules/.cache/bm-test/mirror/, same layout, .ts -> .js), beside copies of the .mjs and .json files
// they import, so the test processes load plain JavaScript with no loader at all. Module hooks (the
// loader, test/loader/register.mjs) answer every import through a worker thread: with hundreds of
// modules a file and a process a test file, that was a fifth of the suite's time. `import.meta.url`,
// `.dirname` and `.filename` are written as the source's own (in the .mjs copies too), so paths computed from them (the project
// root, golden files, fixtures) are the sources'; stack traces map to the sources (inline source maps).
// A file is compiled again when its source's modification time or size changed (manifest.json), and
// every file when this one did.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CACHE, ROOT, stopTransforms, transformTs } from './cache.mjs';

export const MIRROR = join(CACHE, 'mirror');
const MANIFEST = join(MIRROR, 'manifest.json');
const COPIED = /\.(mjs|json)$/;

/** The mirror's path of a project file (`src/x.ts` -> `<mirror>/src/x.js`); `file` relative to the root or absolute. */
export function mirrorOf(file) {
  const rel = relative(ROOT, join(ROOT, relative(ROOT, file)));
  return join(MIRROR, rel.replace(/\.ts$/, '.js'));
}

/** The project file (relative to the root, `/` separators) a mirror path stands for; the path itself when it is none. */
export function sourceOf(path) {
  const rel = relative(MIRROR, path);
  if (rel.startsWith('..')) return relative(ROOT, path).split(sep).join('/');
  const js = rel.split(sep).join('/');
  return existsSync(join(ROOT, js)) ? js : js.replace(/\.js$/, '.ts');
}

/**
 * The source with `import.meta.url`, `.dirname` and `.filename` written as its own; in test/ (but for the
 * loader itself), `node:test` imported from the pool's stand-in (test/loader/pool.mjs), so that a file run
 * in a pool registers its tests on its own test.
 */
export function pinned(source, file) {
  const own = { url: pathToFileURL(file).href, dirname: dirname(file), filename: file };
  const pinnedSource = source.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, k) => JSON.stringify(own[k]));
  const rel = relative(ROOT, file).split(sep).join('/');
  if (!rel.startsWith('test/') || rel.startsWith('test/loader/')) return pinnedSource;
  return pinnedSource.replace(/(\bfrom\s*)(['"])node:test\2/g, (_, from) => `${from}${JSON.stringify(POOL_URL)}`);
}

/** The mirror's copy of the pool's stand-in for node:test. */
export const POOL_URL = pathToFileURL(join(MIRROR, 'test', 'loader', 'pool.mjs')).href;

function stampOf(file) {
  const st = statSync(file);
  return `${st.mtimeMs}:${st.size}`;
}

function filesUnder(dir) {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && ((e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) || COPIED.test(e.name)))
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

/** Brings the mirror up to date with the sources under `dirs`; resolves with how many files it wrote. */
export async function buildMirror(dirs) {
  let manifest = {};
  try {
    manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  } catch {
    // a first run, or a mirror cut short: everything is written
  }
  // The builder's own stamp: a change to how the mirror is written writes it all again.
  const next = { '': stampOf(fileURLToPath(import.meta.url)) };
  if (manifest[''] !== next['']) manifest = {};
  const stale = [];
  for (const file of dirs.flatMap(filesUnder)) {
    const rel = relative(ROOT, file);
    next[rel] = stampOf(file);
    if (manifest[rel] !== next[rel] || !existsSync(mirrorOf(file))) stale.push(file);
  }
  for (const rel of Object.keys(manifest)) if (rel && !(rel in next)) rmSync(mirrorOf(rel), { force: true });
  await Promise.all(stale.filter((f) => f.endsWith('.ts')).map(async (file) => write(mirrorOf(file), await transformTs(pinned(readFileSync(file, 'utf8'), file), file))));
  stopTransforms();
  for (const file of stale.filter((f) => !f.endsWith('.ts'))) write(mirrorOf(file), file.endsWith('.mjs') ? pinned(readFileSync(file, 'utf8'), file) : readFileSync(file));
  write(MANIFEST, JSON.stringify(next));
  return stale.length;
}

function write(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}
