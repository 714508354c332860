/**
 * What a src file imports, read from its syntax tree (TypeScript's compiler API): import and export
 * declarations (`import type` and side effects included), `import()` calls (a plain string or a template
 * literal without substitutions), `require()` calls and `import x = require()`. Specifiers as written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript-5';
import { ROOT } from './bm.js';

export const SRC = join(ROOT, 'src');

/** A literal's text, when the argument is a string or a template literal without substitutions. */
function literal(node: ts.Node | undefined): string | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
}

/** Every module specifier `text` imports, in source order. */
export function importsOf(text: string, name = 'file.ts'): string[] {
  const sf = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const s = literal(node.moduleSpecifier);
      if (s !== undefined) out.push(s);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const s = literal(node.moduleReference.expression);
      if (s !== undefined) out.push(s);
    } else if (ts.isCallExpression(node)) {
      const lazy = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const req = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      const s = (lazy || req) ? literal(node.arguments[0]) : undefined;
      if (s !== undefined) out.push(s);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const s = literal(node.argument.literal);
      if (s !== undefined) out.push(s);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Every .ts file under src/ (relative to it, `/`-separated) and the src files it imports, relative to src/. */
export function srcGraph(): Map<string, string[]> {
  const files = (readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => f.split('\\').join('/'));
  const g = new Map<string, string[]>();
  for (const f of files) {
    const local = importsOf(readFileSync(join(SRC, f), 'utf8'), f).filter((s) => s.startsWith('.'))
      .map((s) => relative(SRC, resolve(dirname(join(SRC, f)), s.replace(/\.js$/, '.ts'))).split('\\').join('/'));
    g.set(f, [...new Set(local)]);
  }
  return g;
}

/** The folder of a src file (`core/order` of `core/order/check.ts`, `.` of `main.ts`). */
export const folderOf = (f: string): string => (f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : '.');
