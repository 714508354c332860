// Runs bm from its sources (not the bundle) in a child process, so a load log shows which src modules
// one command line touches (test/e2e/seam.test.ts).
import { run } from '../../src/main.js';

void run(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
