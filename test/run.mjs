// Runs every test/**/*.test.ts with node's test runner (their JavaScript compiled once, test/loader/mirror.mjs).
// Arguments narrow the run: `node test/run.mjs sandbox` runs the files whose path contains "sandbox".
// `--typecheck` (npm test) type-checks the tree at the same time; the run fails if either fails.
// `--build` (npm test) builds dist/ first, beside the mirror and the type check.
// `--fast` runs only the fast lane of test/lanes.mjs (the edit-test loop); without it every lane runs.
// Most files run in pools, several files to a process (test/loader/pool.mjs): as many pools as the machine
// has cores (BM_TEST_POOLS), each running four of its files at a time (BM_TEST_POOL_CONCURRENCY), since
// most of them wait on a sandbox, a terminal or a child more than they compute; each pool loads and warms
// the project's modules once. The files of each SERIAL group (test/lanes.mjs) run one after another in a pool of their
// own, and the files of ALONE in a process each. Processes run twice as many at a time as the machine has
// cores, plus four (BM_TEST_CONCURRENCY): the pools, and files alone beside them. Each test times out after
// two minutes (test/loader/pool.mjs), a process after fifteen. The longest files start first
// (test/longest.mjs), so that none of them is left running alone at the end; the pools take the files in
// that order from one queue, each the next as one of its own ends.
// Beside the usual report (spec on a terminal, TAP otherwise), test/timing-reporter.mjs prints each file's
// wall time as it ends and the ten slowest files at the end.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ALONE, lanesOf, SERIAL, testFiles } from './lanes.mjs';
import { buildMirror, MIRROR, mirrorOf, POOL_URL } from './loader/mirror.mjs';
import { longestFirst } from './longest.mjs';

/** Where the pools' files and queues are written (test/loader/pool.mjs). */
const POOLS_DIR = join(MIRROR, 'test', '.pool');
/** Where the run's temporary folder goes: memory when the machine offers it, else the system's temporary folder. */
const TMP_ROOT = process.env.BM_TEST_TMP || (roomIn('/dev/shm') ? '/dev/shm' : tmpdir());
const flags = new Set(['--typecheck', '--fast', '--build']);
const typecheck = process.argv.includes('--typecheck');
const building = process.argv.includes('--build');
const fast = process.argv.includes('--fast');
const filters = process.argv.slice(2).filter((a) => !flags.has(a));
// Stack traces name the sources' lines (source maps) in a narrowed run, or when BM_TEST_SOURCE_MAPS=1; the
// whole run goes without (each process decodes the maps of every module it loads: about 5 s of CPU, 2 s of
// the run), and a failure's frames name the mirror's JavaScript: run the file again to see the sources' lines.
const sourceMaps = process.env.BM_TEST_SOURCE_MAPS ? process.env.BM_TEST_SOURCE_MAPS === '1' : filters.length > 0;
const files = longestFirst(testFiles('test')
  .filter((f) => !fast || lanesOf(f).includes('fast'))
  .filter((f) => !filters.length || filters.some((x) => f.includes(x))), lanesOf);
if (!files.length) {
  console.error('no test files matched');
  process.exit(1);
}
/** `node ARGS` in the background: its exit code and all it printed, held (reports never interleave with the tests'). */
const background = (args) => new Promise((done) => {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  child.on('close', (code) => done({ code: code ?? 1, out }));
});
const none = Promise.resolve({ code: 0, out: '' });
// `--build` (npm test): dist/ is built while the mirror is written and the tree type-checked; the tests wait for it.
const built = building ? background(['build.mjs']) : none;
const tsc = typecheck ? background(['node_modules/typescript/bin/tsc', '--noEmit']) : none;
// The TypeScript is compiled here, once, into plain JavaScript the test processes load (test/loader/mirror.mjs).
await buildMirror(['src', 'test', 'bench', 'build']);
const b = await built;
if (b.code !== 0) {
  console.error(`node build.mjs failed:\n${b.out}`);
  process.exit(b.code);
}
const concurrency = Number(process.env.BM_TEST_CONCURRENCY) || 2 * availableParallelism() + 4;
rmSync(POOLS_DIR, { recursive: true, force: true });
const serial = Object.values(SERIAL).flat();
const pooled = files.filter((f) => !ALONE.includes(f) && !serial.includes(f));
// One file to run in the pools runs alone (a pool would only add its own start-up); a SERIAL group of one is a pool all the same.
const shared = pooled.length > 1 ? poolsOf('pool', pooled, Number(process.env.BM_TEST_POOLS) || availableParallelism(), Number(process.env.BM_TEST_POOL_CONCURRENCY) || 5) : [];
const pools = [...shared, ...Object.entries(SERIAL).flatMap(([name, group]) => poolsOf(name, files.filter((f) => group.includes(f)), 1, 1))];
const alone = files.filter((f) => ALONE.includes(f) || (!shared.length && pooled.includes(f))).map(mirrorOf);
// Every temporary file of the run (test homes, state dirs, journals, sockets) goes under one folder, removed
// when the run ends: the system's temporary folder does not fill up run after run, and tools that walk up
// from a checkout kept there (esbuild does) do not slow down with it. The folder is in memory where the
// machine has one (/dev/shm): the suite's journals, locks and rate counters are written, renamed and synced
// thousands of times, and on a disk file system each rename over a file just written waits for its data.
const runTmp = mkdtempSync(join(TMP_ROOT, 'bm-test-run-'));
// Node loads the certificates NODE_EXTRA_CA_CERTS names at every start: about 35 ms of CPU where the host sets it,
// for each of the run's six hundred node processes, which talk to loopback venues. The tests run without it; an
// install that reaches the npm registry puts it back from BM_TEST_EXTRA_CA_CERTS (test/helpers/registry-env.ts).
const { NODE_EXTRA_CA_CERTS: extraCa, ...hostEnv } = process.env;
const testEnv = { ...hostEnv, ...(extraCa ? { BM_TEST_EXTRA_CA_CERTS: extraCa } : {}), TMPDIR: runTmp };
const r = await new Promise((done) => {
  const reporters = [
    `--test-reporter=${process.stdout.isTTY ? 'spec' : 'tap'}`, '--test-reporter-destination=stdout',
    '--test-reporter=./test/timing-reporter.mjs', '--test-reporter-destination=stdout',
  ];
  spawn(process.execPath, [...(sourceMaps ? ['--enable-source-maps'] : []), '--test', `--test-concurrency=${concurrency}`, `--test-timeout=${process.env.BM_TEST_TIMEOUT_MS ?? 900000}`, ...reporters, ...pools, ...alone], { stdio: 'inherit', env: testEnv })
    .on('close', (code) => done(code ?? 1));
});
rmSync(runTmp, { recursive: true, force: true });
const t = await tsc;
if (t.code !== 0) console.error(`tsc --noEmit failed:\n${t.out}`);
process.exit(r !== 0 ? r : t.code);

/**
 * Whether `dir` can hold a run: it exists, takes a new folder, and has 512 MiB free (a run here held about
 * 30 MiB at its peak, the packed library's install among it; a container's /dev/shm is often 64 MiB).
 */
function roomIn(dir) {
  try {
    const { bavail, bsize } = statfsSync(dir);
    if (bavail * bsize < 2 ** 29) return false;
    rmSync(mkdtempSync(join(dir, 'bm-test-probe-')), { recursive: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The pool files (written in the mirror's test/.pool/) that run `files`, `count` processes taking them from
 * one queue in the order given, `each` at a time in each (test/loader/pool.mjs); none for no files.
 */
function poolsOf(name, files, count, each) {
  if (!files.length) return [];
  const n = Math.min(count, Math.ceil(files.length / each));
  const queue = join(POOLS_DIR, `${name}-queue`);
  mkdirSync(queue, { recursive: true });
  files.forEach((f, i) => writeFileSync(join(queue, String(i).padStart(4, '0')), JSON.stringify({ url: pathToFileURL(mirrorOf(f)).href, name: f })));
  return Array.from({ length: n }, (_, i) => {
    const path = join(POOLS_DIR, `${name}-${i + 1}.test.js`);
    const title = `${name} ${i + 1} of ${n}`;
    writeFileSync(path, `import { runPool } from ${JSON.stringify(POOL_URL)};\nrunPool(${JSON.stringify(title)}, ${JSON.stringify(queue)}, ${each});\n`);
    return path;
  });
}
