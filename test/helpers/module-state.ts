/**
 * Finds state kept at module scope in a TypeScript source: what one caller leaves there, the next one
 * (another session, another test) finds. Read from the syntax tree, not run.
 */
// The syntax tree of TypeScript 5's compiler API (the project type-checks with TypeScript 7, whose
// native compiler has no such API for JavaScript).
import ts from 'typescript-5';

/** A module-scope name that holds state, and why it counts. */
export interface Found {
  readonly name: string;
  readonly why: string;
}

/** Methods that change the collection they are called on. */
const MUTATORS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin', 'set', 'add', 'delete', 'clear']);
/** Factories whose result keeps what it made (see runOf in src/commands/trade/text.ts). */
const MEMO_FACTORIES = new Set(['runOf']);
/** Collections that exist to be filled when made empty. */
const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Array']);

const ASSIGNMENTS = new Set([
  ts.SyntaxKind.EqualsToken, ts.SyntaxKind.PlusEqualsToken, ts.SyntaxKind.MinusEqualsToken, ts.SyntaxKind.AsteriskEqualsToken,
  ts.SyntaxKind.SlashEqualsToken, ts.SyntaxKind.BarEqualsToken, ts.SyntaxKind.AmpersandEqualsToken, ts.SyntaxKind.QuestionQuestionEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken, ts.SyntaxKind.AmpersandAmpersandEqualsToken,
]);

const unwrap = (e: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e) ? unwrap(e.expression) : e;

/** Why an initializer makes state by itself: an instance made at load (not inside a function), or a memo factory's result. */
function madeState(init: ts.Expression): string | undefined {
  let why: string | undefined;
  const visit = (n: ts.Node): void => {
    if (why || ts.isFunctionLike(n)) return;
    if (ts.isNewExpression(n)) {
      const ctor = n.expression.getText();
      const empty = !n.arguments || n.arguments.length === 0;
      // A lookup table filled where it is made (`new Set(['a'])`) is a constant unless changed later.
      if (!COLLECTIONS.has(ctor) || empty) why = `new ${ctor}(${empty ? '' : '…'}) at module scope`;
    }
    if (ts.isCallExpression(n) && MEMO_FACTORIES.has(n.expression.getText())) why = `${n.expression.getText()}(…) keeps what it makes`;
    ts.forEachChild(n, visit);
  };
  visit(unwrap(init));
  return why;
}

/** The name an access chain (`a.b[c].d`) starts from. */
function rootOf(e: ts.Expression): string | undefined {
  const x = unwrap(e);
  if (ts.isIdentifier(x)) return x.text;
  if (ts.isPropertyAccessExpression(x) || ts.isElementAccessExpression(x)) return rootOf(x.expression);
  return undefined;
}

/** Names changed anywhere in the file: assigned through, incremented through, or a mutating method called on. */
function changedNames(file: ts.SourceFile): Map<string, string> {
  const changed = new Map<string, string>();
  const visit = (n: ts.Node): void => {
    if (ts.isBinaryExpression(n) && ASSIGNMENTS.has(n.operatorToken.kind) && !ts.isIdentifier(unwrap(n.left))) {
      const root = rootOf(n.left);
      if (root) changed.set(root, `assigned through: ${n.left.getText()}`);
    }
    if ((ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) && (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken)) {
      const root = rootOf(n.operand);
      if (root && !ts.isIdentifier(unwrap(n.operand))) changed.set(root, `incremented through: ${n.operand.getText()}`);
    }
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && MUTATORS.has(n.expression.name.text)) {
      const root = rootOf(n.expression.expression);
      if (root) changed.set(root, `changed by .${n.expression.name.text}()`);
    }
    ts.forEachChild(n, visit);
  };
  visit(file);
  return changed;
}

/**
 * Module-scope state in `source`: every `let` or `var`, and every `const` that makes an instance at
 * load, holds a memo factory's result, or is changed anywhere in the file (a local of the same name
 * counts too: rename it rather than argue). A collection changed only through a function's parameter
 * (passed, then filled inside) is not seen: review catches that one.
 */
export function moduleState(path: string, source: string): Found[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const changed = changedNames(file);
  const found: Found[] = [];
  for (const st of file.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const isConst = (st.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const d of st.declarationList.declarations) {
      const names = ts.isIdentifier(d.name) ? [d.name.text] : d.name.elements.flatMap((e) => (ts.isBindingElement(e) && ts.isIdentifier(e.name) ? [e.name.text] : []));
      for (const name of names) {
        const why = !isConst ? 'let/var at module scope' : (d.initializer && madeState(d.initializer)) ?? changed.get(name);
        if (why) found.push({ name, why });
      }
    }
  }
  return found;
}
