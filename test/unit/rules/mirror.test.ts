// Unit tests mirror src: the tests of a module live in test/unit/<its folder under src>/. A test folder that
// names no src folder (a typo, a folder moved or removed in src) fails here, so the mirror cannot rot.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../helpers/bm.js';
import { SRC } from '../../helpers/import-graph.js';

const UNIT = join(ROOT, 'test', 'unit');
/** Test folders of the tooling rather than of a src folder: the import rules, and the test run itself. */
export const NOT_MIRRORED = ['rules', 'tooling'];

/** Every folder under `dir`, relative to it with `/` separators. */
function folders(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).map((f) => f.split('\\').join('/')).filter((f) => statSync(join(dir, f)).isDirectory()).sort();
}

test('every folder of test/unit names a folder of src', () => {
  const mirrored = folders(UNIT).filter((f) => !NOT_MIRRORED.includes(f.split('/')[0] ?? f));
  assert.ok(mirrored.includes('core/order') && mirrored.includes('commands/trade'), 'the unit tests are where this test looks');
  assert.deepEqual(mirrored.filter((f) => !existsSync(join(SRC, f)) || !statSync(join(SRC, f)).isDirectory()), [], 'a test folder with no src folder of the same path');
});
