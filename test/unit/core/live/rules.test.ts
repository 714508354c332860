// Only the live layer (and the connection in src/ws/ itself) constructs a WebSocket connection, read
// from each file's syntax tree: every `new` whose callee names WsConnection or WebSocket, however
// written (a namespace, a parenthesised or renamed import, a lazy import's member). And the protocol
// version of the stream address is written once, in the catalogue.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript-5';
import { ROOT } from '../../../helpers/bm.js';

const SRC = join(ROOT, 'src');
const FILES = (readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => f.split('\\').join('/'));
const CONSTRUCTED = new Set(['WsConnection', 'WebSocket']);

/** The names an import binds to WsConnection or WebSocket under another name (`import { WebSocket as W }`). */
function aliases(sf: ts.SourceFile): Set<string> {
  const names = new Set(CONSTRUCTED);
  const visit = (n: ts.Node): void => {
    if (ts.isImportSpecifier(n) && CONSTRUCTED.has((n.propertyName ?? n.name).text)) names.add(n.name.text);
    // `const { WsConnection: C } = await import(...)`
    if (ts.isBindingElement(n) && ts.isIdentifier(n.name) && n.propertyName && ts.isIdentifier(n.propertyName) && CONSTRUCTED.has(n.propertyName.text)) names.add(n.name.text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return names;
}

/** The name a `new` calls: `X`, `m.X`, `(X)`, `(await import('...')).X`. */
function calleeName(e: ts.Expression): string | undefined {
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) return calleeName(e.expression);
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  if (ts.isElementAccessExpression(e) && ts.isStringLiteralLike(e.argumentExpression)) return e.argumentExpression.text;
  return undefined;
}

/**
 * Each `new` of a WebSocket connection in `text`, as `file:line`. A text that names neither class cannot
 * construct one the reader sees (the callee or the import it renames names it), and is not parsed.
 */
export function constructions(file: string, text: string): string[] {
  if (![...CONSTRUCTED].some((name) => text.includes(name))) return [];
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const names = aliases(sf);
  const found: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isNewExpression(n)) {
      const name = calleeName(n.expression);
      if (name !== undefined && names.has(name)) found.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

const allowed = (f: string) => f.startsWith('ws/') || f.startsWith('core/live/');

test('the reader finds every way of writing a construction, and no mention that is none', () => {
  const cases: [string, number][] = [
    ["import { WsConnection } from '../ws/connection.js';\nconst c = new WsConnection({ url });", 1],
    ['import { WsConnection as Conn } from "../ws/connection.js";\nconst c = new Conn(opts);', 1],
    ["const { WsConnection } = await import(`../ws/connection.js`);\nnew WsConnection(o);", 1],
    ["const { WebSocket: Socket } = await import('ws');\nnew Socket(url);", 1],
    ["const m = await import('../ws/connection.js');\nnew m.WsConnection(o); new (m.WsConnection)(o); new m['WsConnection'](o);", 3],
    ["const ws = require('ws');\nnew ws.WebSocket(url);", 1],
    ["// new WsConnection(opts) in a comment\nconst s = 'new WebSocket(url)';\ntype T = WsConnection;", 0],
  ];
  for (const [text, n] of cases) assert.equal(constructions('x.ts', text).length, n, text);
});

test('only src/ws/ and src/core/live/ construct a WebSocket connection', () => {
  const everywhere = FILES.flatMap((f) => constructions(f, readFileSync(join(SRC, f), 'utf8')));
  assert.ok(everywhere.some((at) => at.startsWith('core/live/')), 'the live layer constructs the connections');
  assert.ok(everywhere.some((at) => at.startsWith('ws/socket.ts')), 'the connection\'s socket is constructed in one place');
  assert.deepEqual(everywhere.filter((at) => !allowed(at)), []);
});

test('the stream protocol version is written in src once, in the catalogue (the sandbox apart)', () => {
  const at = FILES.filter((f) => !f.startsWith('sandbox/') && readFileSync(join(SRC, f), 'utf8').includes('protocol=1.1'));
  assert.deepEqual(at, ['api/catalogue/protocol.ts']);
});
