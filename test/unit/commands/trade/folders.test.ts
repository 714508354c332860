// The terminal imports no other command folder: what it shares with one lives in src/commands/shared/.
// Every import form counts: static, type-only, side-effect, re-export, `import()`, `require`, either quote
// or a template without substitutions.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const COMMANDS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../src/commands');
const TRADE = join(COMMANDS, 'trade');

/** Every module specifier of a source text, in order. */
function specifiers(src: string): string[] {
  const found = src.matchAll(/(?:\bfrom|\bimport|\brequire\s*\(|\bimport\s*\()\s*(['"`])([^'"`$]+)\1/g);
  return [...found].map((m) => m[2]!);
}

/** Where each relative import of `file` points, as a path under src/commands. */
function importsOf(file: string): string[] {
  return specifiers(readFileSync(file, 'utf8')).filter((f) => f.startsWith('.')).map((f) => relative(COMMANDS, resolve(dirname(file), f)));
}

test('src/commands/trade imports from no other command folder (root files of src/commands and shared/ are fine)', () => {
  const files = readdirSync(TRADE).filter((f) => f.endsWith('.ts'));
  assert.ok(files.length > 20, 'the terminal\'s files are read');
  const crossing = files.flatMap((f) => importsOf(join(TRADE, f)).filter((to) => {
    const folder = to.split('/');
    // `x.js` (a root file) or `../...` (out of src/commands) has no command folder.
    return folder.length > 1 && folder[0] !== '..' && folder[0] !== 'trade' && folder[0] !== 'shared';
  }).map((to) => `${f} -> ${to}`));
  assert.deepEqual(crossing, []);
});

test('the check sees every import form', () => {
  const src = "import a from '../watch/a.js';\nexport { b } from \"../order/b.js\";\nconst c = await import(`../write/c.js`);\nconst d = require('../algo/d.js');\nimport type { E } from '../shared/e.js';\nimport '../record/f.js';\nconst g = await import( '../profile/g.js' );\n";
  assert.deepEqual(specifiers(src), ['../watch/a.js', '../order/b.js', '../write/c.js', '../algo/d.js', '../shared/e.js', '../record/f.js', '../profile/g.js']);
});
