// npm's `prepare` (run by `npm ci` and `npm install` in a clone, and before `npm pack`): builds dist/
// from src/ with build.mjs. The published package carries dist/ built and neither src/ nor build.mjs,
// so there it does nothing and exits 0: the package declares no script whose file it lacks.
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');

const root = join(__dirname, '..');
const build = join(root, 'build.mjs');
if (existsSync(build) && existsSync(join(root, 'src'))) {
  const r = spawnSync(process.execPath, [build], { cwd: root, stdio: 'inherit' });
  process.exitCode = r.status ?? 1;
}
