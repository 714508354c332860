// The import graph of src, read from the syntax tree (TypeScript's compiler API): every form a reader or a
// bundler follows is an edge, whatever its quotes. A specifier no one can read (a template with a
// substitution, a variable) is kept apart, so a test can refuse it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript-5';
import { CACHE } from '../loader/cache.mjs';
import { ROOT } from './bm.js';

export const SRC = join(ROOT, 'src');

/** What one file's imports name. */
export interface Specifiers {
  /** Each specifier as written: `./a.js`, `node:fs`, `commander`. */
  readonly names: string[];
  /** Imports whose specifier is not a literal (`import(name)`, a template with `${...}`), as source text. */
  readonly unread: string[];
}

/** True for `import(...)` and `require(...)`. */
const loads = (n: ts.CallExpression) =>
  n.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(n.expression) && n.expression.text === 'require');

/**
 * The specifiers of every import form in `text`: static, `import type`, `export ... from`, side-effect,
 * `import x = require(...)`, `import()` and `require()` of a string or a template without substitutions.
 * Comments and strings are not code, so a sentence about `import('x')` is no edge.
 */
export function specifiers(text: string, fileName = 'file.ts'): Specifiers {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const names: string[] = [];
  const unread: string[] = [];
  const visit = (n: ts.Node): void => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier) {
      if (ts.isStringLiteral(n.moduleSpecifier)) names.push(n.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(n) && ts.isExternalModuleReference(n.moduleReference)) {
      const e = n.moduleReference.expression;
      if (ts.isStringLiteralLike(e)) names.push(e.text);
      else unread.push(n.getText(sf));
    } else if (ts.isCallExpression(n) && loads(n)) {
      const arg = n.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) names.push(arg.text);
      else unread.push(n.getText(sf));
    } else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal)) {
      names.push(n.argument.literal.text); // `typeof import('./x.js')` in a type
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return { names, unread };
}

export interface Module {
  /** src files it imports, relative to src/ with `/` separators. */
  readonly files: readonly string[];
  /** Packages it imports (`commander`, `@inquirer/prompts`, `node:fs`...). */
  readonly packages: readonly string[];
  /** Relative imports that name no file of src. */
  readonly missing: readonly string[];
  /** Imports whose specifier is not a literal. */
  readonly unread: readonly string[];
}

const posix = (p: string) => p.split('\\').join('/');

/** The graphs read so far in this process: the rule tests of one pool read the tree once. */
const read = new Map<string, Map<string, Module>>();

/**
 * Where the graph of `files` (under `dir`) as they are now is kept: named by their paths, sizes and
 * modification times, so an edit is never read from a stale graph. The pools of a run read the tree once.
 */
function keptAt(dir: string, files: readonly string[]): string {
  const key = createHash('sha256').update(dir);
  for (const f of files) {
    const st = statSync(join(dir, f));
    key.update(`${f} ${st.size} ${st.mtimeMs}\n`);
  }
  return join(CACHE, 'import-graph', `${key.digest('hex').slice(0, 24)}.json`);
}

/** Every .ts file under `dir` (src/ by default) and what it imports, by path relative to `dir` (read once a run). */
export function graph(dir = SRC): Map<string, Module> {
  const known = read.get(dir);
  if (known) return known;
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map(posix).sort();
  const kept = keptAt(dir, files);
  try {
    const g = new Map(JSON.parse(readFileSync(kept, 'utf8')) as Array<[string, Module]>);
    read.set(dir, g);
    return g;
  } catch {
    // not read yet (or cut short): read from the tree below
  }
  const g = new Map<string, Module>();
  for (const f of files) {
    const { names, unread } = specifiers(readFileSync(join(dir, f), 'utf8'), f);
    const local = names.filter((s) => s.startsWith('.')).map((s) => ({ s, to: posix(relative(dir, resolve(dirname(join(dir, f)), s.replace(/\.js$/, '.ts')))) }));
    g.set(f, {
      files: [...new Set(local.filter((l) => existsSync(join(dir, l.to))).map((l) => l.to))],
      packages: [...new Set(names.filter((s) => !s.startsWith('.')))],
      missing: local.filter((l) => !existsSync(join(dir, l.to))).map((l) => l.s),
      unread,
    });
  }
  read.set(dir, g);
  try {
    // Written by rename: a pool reading it meanwhile sees the whole graph or none.
    mkdirSync(dirname(kept), { recursive: true });
    writeFileSync(`${kept}.${process.pid}`, JSON.stringify([...g]));
    renameSync(`${kept}.${process.pid}`, kept);
  } catch {
    // a graph not kept is read again by the next pool
  }
  return g;
}

/** The strongly connected components of more than one node (or a node on a loop of its own): the cycles. */
export function cycles(nodes: Iterable<string>, edges: (v: string) => Iterable<string>): string[][] {
  // Tarjan's algorithm.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || [...edges(v)].includes(v)) found.push(scc.sort());
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return found.sort((a, b) => ((a[0] ?? '') < (b[0] ?? '') ? -1 : 1));
}
