/**
 * Golden files: a test's output compared with `test/golden/<name>`. `BM_UPDATE_GOLDEN=1` writes them
 * instead (then review the diff before committing).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './bm.js';

export function matchGolden(name: string, actual: string): void {
  const file = join(ROOT, 'test', 'golden', name);
  if (process.env.BM_UPDATE_GOLDEN === '1') {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  assert.ok(existsSync(file), `no golden file ${file}: run with BM_UPDATE_GOLDEN=1 and review it`);
  assert.equal(actual, readFileSync(file, 'utf8'), `${name} differs from its golden file (BM_UPDATE_GOLDEN=1 rewrites it)`);
}
