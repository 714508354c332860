// The JavaScript of the project's TypeScript files, kept under node_modules/.cache/bm-test/ by path, each
// with an inline source map naming its .ts file (stack traces point at the source). A miss is compiled with
// esbuild (loaded only then) and written by rename, so processes filling the cache at once never read a
// half-written file.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
// One folder per checkout: worktrees often share one node_modules, and the mirror's files name their sources.
export const CACHE = join(ROOT, 'node_modules', '.cache', 'bm-test', createHash('sha256').update(ROOT).digest('hex').slice(0, 12));

let esbuild;

/**
 * Where the JavaScript of `file` is kept: its path, modification time and size name the cached file, so an
 * edited source is never served stale. Undefined outside the project (compiled, not kept).
 */
function cachePath(file) {
  const rel = relative(ROOT, file);
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
  const st = statSync(file);
  return join(CACHE, `${rel}.${Math.round(st.mtimeMs * 1000)}-${st.size}.js`);
}

/** The JavaScript of `file` (an absolute .ts path). */
export async function compiled(file) {
  const out = cachePath(file);
  try {
    if (out) return readFileSync(out, 'utf8');
  } catch {
    // not cached yet
  }
  return compile(file, out);
}

/** The JavaScript of TypeScript `source` (of the absolute path `file`), with an inline source map naming it. */
export async function transformTs(source, file) {
  esbuild ??= await import('esbuild');
  const { code } = await esbuild.transform(source, {
    loader: 'ts', format: 'esm', target: 'node20', platform: 'node', sourcemap: 'inline', sourcefile: file,
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: true } },
  });
  return code;
}

/** Ends esbuild's service (a process that would keep this one alive). */
export function stopTransforms() {
  esbuild?.stop?.();
}

/** Compiles `file` (and caches it at `out`); resolves with its JavaScript. */
export async function compile(file, out = cachePath(file)) {
  const code = await transformTs(readFileSync(file, 'utf8'), file);
  if (!out) return code;
  mkdirSync(dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, code);
  renameSync(tmp, out);
  return code;
}
