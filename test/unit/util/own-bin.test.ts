// What a child `bm` runs is the package's own bin/bm.js, never the script that started this process
// (here a test file): a detached runner or background sandbox started from a test, or from a bot using
// the library, would otherwise run that script again.
import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ownBin } from '../../../src/util/own-bin.js';
import { ROOT } from '../../helpers/bm.js';

test('the bm a child runs is the package\'s bin/bm.js, not process.argv[1]', () => {
  assert.equal(realpathSync(ownBin()), realpathSync(join(ROOT, 'bin', 'bm.js')));
  assert.notEqual(realpathSync(ownBin()), realpathSync(process.argv[1]!));
});
