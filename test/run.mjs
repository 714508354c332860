// Runs every test/**/*.test.ts with node's test runner (TypeScript through tsx).
// Arguments narrow the run: `node test/run.mjs sandbox` runs the files whose path contains "sandbox".
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

const filters = process.argv.slice(2);
const files = walk('test').filter((f) => !filters.length || filters.some((x) => f.includes(x))).sort();
if (!files.length) {
  console.error('no test files matched');
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=120000', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
