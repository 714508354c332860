// The faces (the command line and the library) reach the core through its use cases alone: a file of
// src/commands, src/lib, context.ts, invocation.ts, program.ts or main.ts imports nothing under src/core/
// but a file of src/core/usecases/. Imports are read from the syntax tree (test/helpers/import-graph.ts: every form).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript-5';
import { graph, SRC } from '../../../helpers/import-graph.js';

const FACES = ['commands/', 'lib/', 'context.ts', 'invocation.ts', 'program.ts', 'main.ts'];
const isFace = (f: string) => FACES.some((p) => (p.endsWith('/') ? f.startsWith(p) : f === p));
const G = graph();

test('the faces import the core only through src/core/usecases/', () => {
  const faces = [...G.keys()].filter(isFace);
  assert.ok(faces.length > 100, 'the faces are under src/commands and src/lib');
  const breaking = faces
    .flatMap((f) => (G.get(f)?.files ?? []).filter((d) => d.startsWith('core/') && !d.startsWith('core/usecases/')).map((d) => `${f} -> ${d}`));
  assert.deepEqual(breaking, [], 'a face reached past the use cases into the core\'s steps');
});

test('the use cases\' index holds types alone: reading it loads no module', () => {
  const sf = ts.createSourceFile('index.ts', readFileSync(join(SRC, 'core/usecases/index.ts'), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const loading = sf.statements.filter((s) => !((ts.isExportDeclaration(s) || ts.isImportDeclaration(s)) && (ts.isExportDeclaration(s) ? s.isTypeOnly : s.importClause?.isTypeOnly)))
    .filter((s) => !ts.isInterfaceDeclaration(s) && !ts.isTypeAliasDeclaration(s)).map((s) => s.getText(sf).slice(0, 80));
  assert.ok(sf.statements.length > 5, 'the index names the use cases\' types');
  assert.deepEqual(loading, []);
});

/** The comparisons of an endpoint id with a catalogue id (`ep.id === 'spot.order.submit'`) in `text`. */
function idRules(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const isId = (n: ts.Node) => ts.isPropertyAccessExpression(n) && n.name.text === 'id';
  const isCatalogueId = (n: ts.Node) => ts.isStringLiteralLike(n) && /^(spot|legacy|system|account)\.[a-z_.]+$/.test(n.text);
  const compares = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);
  const visit = (n: ts.Node): void => {
    if (ts.isBinaryExpression(n) && compares.has(n.operatorToken.kind) && ((isId(n.left) && isCatalogueId(n.right)) || (isId(n.right) && isCatalogueId(n.left)))) out.push(`${file}: ${n.getText(sf)}`);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

test('the faces compare no endpoint id: what is special about an endpoint is a trait the core says', () => {
  assert.deepEqual(idRules('face.ts', "if (ep.id === 'spot.order.submit') x();\nconst y = 'legacy.token' !== e.id;\nconst z = ep.id === other;"), ["face.ts: ep.id === 'spot.order.submit'", "face.ts: 'legacy.token' !== e.id"]);
  const found = [...G.keys()].filter(isFace).flatMap((f) => idRules(f, readFileSync(join(SRC, f), 'utf8')));
  assert.deepEqual(found, []);
});
