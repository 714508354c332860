// Runs every test/**/*.test.ts with node's test runner (their JavaScript compiled once, test/loader/mirror.mjs).
// Arguments narrow the run: `node test/run.mjs sandbox` runs the files whose path contains "sandbox".
// `--typecheck` (npm test) type-checks the tree at the same time; the run fails if either fails.
// `--fast` runs only the fast lane of test/lanes.mjs (the edit-test loop); without it every lane runs.
// Test files run twice as many at a time as the machine has cores, plus two (BM_TEST_CONCURRENCY to choose):
// most of them wait on a sandbox, a terminal or a child more than they compute.
// The longest start first (test/longest.mjs), so that none of them is left running alone at the end.
// Beside the usual report (spec on a terminal, TAP otherwise), test/timing-reporter.mjs prints each file's
// wall time as it ends and the ten slowest files at the end.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { lanesOf, testFiles } from './lanes.mjs';
import { buildMirror, mirrorOf } from './loader/mirror.mjs';
import { longestFirst } from './longest.mjs';

const flags = new Set(['--typecheck', '--fast']);
const typecheck = process.argv.includes('--typecheck');
const fast = process.argv.includes('--fast');
const filters = process.argv.slice(2).filter((a) => !flags.has(a));
const files = longestFirst(testFiles('test')
  .filter((f) => !fast || lanesOf(f).includes('fast'))
  .filter((f) => !filters.length || filters.some((x) => f.includes(x))), lanesOf);
if (!files.length) {
  console.error('no test files matched');
  process.exit(1);
}
// tsc's report is held until the tests end, so the two never interleave.
const tsc = typecheck
  ? new Promise((done) => {
      const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      child.stderr.on('data', (c) => (out += c));
      child.on('close', (code) => done({ code: code ?? 1, out }));
    })
  : Promise.resolve({ code: 0, out: '' });
// The TypeScript is compiled here, once, into plain JavaScript the test processes load (test/loader/mirror.mjs).
await buildMirror(['src', 'test', 'bench']);
const concurrency = Number(process.env.BM_TEST_CONCURRENCY) || 2 * availableParallelism() + 2;
const r = await new Promise((done) => {
  const reporters = [
    `--test-reporter=${process.stdout.isTTY ? 'spec' : 'tap'}`, '--test-reporter-destination=stdout',
    '--test-reporter=./test/timing-reporter.mjs', '--test-reporter-destination=stdout',
  ];
  spawn(process.execPath, ['--enable-source-maps', '--test', `--test-concurrency=${concurrency}`, '--test-timeout=120000', ...reporters, ...files.map(mirrorOf)], { stdio: 'inherit' })
    .on('close', (code) => done(code ?? 1));
});
const t = await tsc;
if (t.code !== 0) console.error(`tsc --noEmit failed:\n${t.out}`);
process.exit(r !== 0 ? r : t.code);
